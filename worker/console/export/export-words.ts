/** @module The export's headings and values in the reader's language: the status words are the pages' own. */
import { defineMessages, formatTime, type Lang } from "../view/i18n";
import { vocabulary } from "../view/vocabulary";
import type { ReportRow } from "./check-report";

export const EXPORT_COLUMNS = [
  "certificateNumber",
  "registerTime",
  "securedParties",
  "matchStatus",
  "matchedCriteria",
  "strength",
  "systemDecision",
  "manualDecision",
  "reviewer",
  "reviewedAt",
  "note",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const exportWords = defineMessages(
  {
    certificateNumber: "登记证明编号",
    registerTime: "登记时间",
    securedParties: "担保权人",
    matchStatus: "命中状态",
    matchedCriteria: "命中条件",
    strength: "命中强度",
    systemDecision: "系统判定",
    manualDecision: "人工结论",
    reviewer: "复核人",
    reviewedAt: "复核时间",
    note: "备注",
    invoice_exact_match: "发票号完全一致",
    title: "重复融资核查报告",
    applicant: "申请人",
    criteria: "核查条件",
    status: "状态",
    createdAt: "创建时间",
    exportedAt: "导出时间",
    exportedBy: "导出人",
    hits: "命中证据",
    page: "第 {n} 页",
    noHits: "无命中证据",
  },
  {
    certificateNumber: "Certificate number",
    registerTime: "Registered",
    securedParties: "Secured parties",
    matchStatus: "Match",
    matchedCriteria: "Matched criteria",
    strength: "Strength",
    systemDecision: "System decision",
    manualDecision: "Manual conclusion",
    reviewer: "Reviewer",
    reviewedAt: "Reviewed at",
    note: "Note",
    invoice_exact_match: "Invoice number matches exactly",
    title: "Duplicate-financing check report",
    applicant: "Applicant",
    criteria: "Criteria",
    status: "Status",
    createdAt: "Created",
    exportedAt: "Exported",
    exportedBy: "Exported by",
    hits: "Evidence",
    page: "page {n}",
    noHits: "No evidence",
  },
);

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A row's cells as the reader reads them: words for codes, local times, criteria joined. */
export function exportCells(lang: Lang, row: ReportRow): Record<ExportColumn, string> {
  const words = exportWords(lang);
  const terms = vocabulary(lang);
  const decision = row.manualDecision === "confirmed" || row.manualDecision === "false_positive" ? terms.decision[row.manualDecision] : "";
  return {
    certificateNumber: row.certificateNumber,
    registerTime: row.registerTime ?? "",
    securedParties: row.securedParties ?? "",
    matchStatus: terms.match[row.matchStatus],
    matchedCriteria: row.matchedCriteria.join("; "),
    strength: row.strength === "invoice_match" || row.strength === "keyword_only" ? terms.strength[row.strength] : "",
    systemDecision: row.systemDecision === "invoice_exact_match" ? words.invoice_exact_match : (row.systemDecision ?? ""),
    manualDecision: decision,
    reviewer: row.manualDecision ? (row.reviewer ?? "") : "",
    reviewedAt: row.manualDecision ? formatTime(lang, isoOf(row.reviewedAt)) : "",
    note: row.note ?? "",
  };
}
