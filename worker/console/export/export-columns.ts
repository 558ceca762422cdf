/**
 * @module The result columns every export shares, once: the CSV's header keys and machine values, the
 * XLSX's typed cells and the PDF's lines all come from this list, so a new column (a registration's
 * standing) is one entry here.
 */
import { standingPhrase } from "../../schemas/standing-words";
import { vocabulary } from "../view/vocabulary";
import type { Lang } from "../view/i18n";
import type { ReportRow } from "./check-report";
import { exportWords, type ExportWords } from "./export-words";

/** A value as a person reads it: text, or an instant the format shows as a date (XLSX) or in words (PDF). */
export type HumanValue = { text: string } | { instant: number } | null;

export interface ResultColumn {
  /** The heading's key in exportWords. */
  key: keyof ExportWords;
  /** The CSV's header: stable, whatever the reader's language. */
  csv: string;
  /** For machines: codes, instants as epoch ms (the CSV writes them as ISO 8601 with the offset). */
  machine(row: ReportRow): string | { instant: number } | null;
  human(row: ReportRow, lang: Lang): HumanValue;
}

const text = (value: string | null | undefined): HumanValue => (value ? { text: value } : null);
const instant = (ms: number | null): { instant: number } | null => (ms === null ? null : { instant: ms });

export const RESULT_COLUMNS: readonly ResultColumn[] = [
  {
    key: "certificateNumber",
    csv: "certificate_number",
    machine: (r) => r.certificateNumber,
    human: (r) => text(r.certificateNumber),
  },
  { key: "registeredAt", csv: "registered_at", machine: (r) => instant(r.registeredAt), human: (r) => instant(r.registeredAt) },
  { key: "securedParties", csv: "secured_parties", machine: (r) => r.securedParties, human: (r) => text(r.securedParties) },
  {
    key: "standing",
    csv: "standing",
    machine: (r) => r.standing?.state ?? null,
    human: (r, lang) => text(r.standing ? standingPhrase(r.standing, vocabulary(lang)) : null),
  },
  { key: "matchStatus", csv: "match_status", machine: (r) => r.matchStatus, human: (r, lang) => text(vocabulary(lang).match[r.matchStatus]) },
  {
    key: "matchedCriteria",
    csv: "matched_criteria",
    machine: (r) => r.matchedCriteria.join("; "),
    human: (r) => text(r.matchedCriteria.join("; ")),
  },
  {
    key: "strength",
    csv: "strength",
    machine: (r) => r.strength,
    human: (r, lang) => text(r.strength === "invoice_match" || r.strength === "keyword_only" ? vocabulary(lang).strength[r.strength] : null),
  },
  {
    key: "systemDecision",
    csv: "system_decision",
    machine: (r) => r.systemDecision,
    human: (r, lang) => text(r.systemDecision ? exportWords(lang)[r.systemDecision] : null),
  },
  {
    key: "manualDecision",
    csv: "manual_decision",
    machine: (r) => r.manualDecision,
    human: (r, lang) =>
      text(r.manualDecision === "confirmed" || r.manualDecision === "false_positive" ? vocabulary(lang).decision[r.manualDecision] : null),
  },
  { key: "reviewer", csv: "reviewer", machine: (r) => r.reviewer, human: (r) => text(r.reviewer) },
  { key: "reviewedAt", csv: "reviewed_at", machine: (r) => instant(r.reviewedAt), human: (r) => instant(r.reviewedAt) },
  { key: "note", csv: "note", machine: (r) => r.note, human: (r) => text(r.note) },
];
