/**
 * @module The check's summary as the XLSX's first sheet and the PDF's first page state it
 * (console-api.md: id, applicant, criteria, source query, creator, created and finished times, status,
 * and coverage: complete, or not with each coverage issue in words and the registrations it concerns).
 * A status is never shown without its coverage: "Completed" of a check that did not search everything
 * says so beside it.
 */
import { fill, type Lang } from "../view/i18n";
import { vocabulary } from "../view/vocabulary";
import type { CheckReport } from "./check-report";
import type { HumanValue } from "./export-columns";
import { coverageIssueWords } from "./coverage-issue-words";
import { exportWords } from "./export-words";
import { offsetOf } from "./zoned-time";

export interface ExportContext {
  lang: Lang;
  /** The IANA zone the reader reads times in. */
  zone: string;
  exportedBy: string;
  exportedAt: number;
}

export interface SummaryFact {
  label: string;
  value: HumanValue;
}

/** The status in words, with "coverage incomplete" beside it whenever it is. */
export function statusWords(report: CheckReport, lang: Lang): string {
  const status = (vocabulary(lang).check as Readonly<Record<string, string>>)[report.check.status] ?? report.check.status;
  return report.check.coverageComplete ? status : fill(exportWords(lang).incompleteStatus, { status });
}

/** What the coverage means for a reader: complete, or incomplete and a miss is no evidence of no risk. */
export function coverageSentences(report: CheckReport, lang: Lang): string[] {
  const words = exportWords(lang);
  return report.check.coverageComplete ? [words.coverageCompleteNote] : [words.coverageIncomplete, words.notEvidence];
}

/** Each coverage issue in words, with the certificates and criteria it concerns. */
export function issueLines(report: CheckReport, lang: Lang): string[] {
  const words = exportWords(lang);
  const issueWords = coverageIssueWords(lang);
  return report.coverageIssues.map((issue) => {
    const concerned = [...issue.certificateNumbers, ...issue.criteria];
    const list = concerned.join(lang === "en" ? ", " : "、");
    return concerned.length === 0 ? issueWords[issue.code] : fill(words.issueConcerns, { issue: issueWords[issue.code], list });
  });
}

const finishedAt = (report: CheckReport) => report.check.completedAt ?? report.check.processingCompletedAt;

export function summaryFacts(report: CheckReport, context: ExportContext): SummaryFact[] {
  const { lang } = context;
  const words = exportWords(lang);
  const terms = vocabulary(lang);
  const { check } = report;
  const finished = finishedAt(report);
  const issues = issueLines(report, lang);
  const facts: SummaryFact[] = [
    { label: words.checkId, value: { text: check.id } },
    { label: words.applicant, value: { text: check.applicant } },
    { label: words.criteria, value: { text: report.criteria.map((c) => `${terms.criterion[c.kind]}: ${c.value}`).join("; ") } },
    { label: words.sourceQuery, value: { text: check.sourceQueryId } },
    { label: words.createdBy, value: report.createdBy ? { text: report.createdBy } : null },
    { label: words.createdAt, value: { instant: check.createdAt } },
    { label: words.finishedAt, value: finished === null ? { text: words.notFinished } : { instant: finished } },
    { label: words.status, value: { text: statusWords(report, lang) } },
    { label: words.coverage, value: { text: coverageSentences(report, lang).join(" ") } },
  ];
  if (issues.length > 0) facts.push({ label: words.coverageIssues, value: { text: issues.join("\n") } });
  facts.push(
    { label: words.exportedAt, value: { instant: context.exportedAt } },
    { label: words.exportedBy, value: { text: context.exportedBy } },
    { label: words.timeZone, value: { text: `${context.zone} (UTC${offsetOf(context.exportedAt, context.zone)})` } },
  );
  return facts;
}
