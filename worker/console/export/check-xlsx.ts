/**
 * @module A check's export as a workbook for people (console-api.md, ?format=xlsx): a summary sheet
 * (the check, its status with its coverage, and the sentence that a criterion not found is no evidence
 * of no risk when coverage is incomplete), then the results with typed cells: numbers as text, times as
 * dates in the reader's zone (said on the summary sheet).
 */
import type { CheckReport } from "./check-report";
import { RESULT_COLUMNS, type HumanValue } from "./export-columns";
import { summaryFacts, type ExportContext } from "./check-summary";
import { exportWords } from "./export-words";
import { writeXlsx, type XlsxCell } from "./xlsx-writer";
import { serialInZone } from "./zoned-time";

const SUMMARY_WIDTHS = [18, 100];
/** Width of each results column, in characters; a column without one gets the default. */
const RESULT_WIDTHS: Readonly<Record<string, number>> = {
  certificateNumber: 24,
  registeredAt: 20,
  securedParties: 36,
  standing: 28,
  matchedCriteria: 28,
  systemDecision: 36,
  reviewedAt: 20,
  note: 40,
};
const DEFAULT_WIDTH = 16;

function cellOf(value: HumanValue, zone: string): XlsxCell {
  if (value === null) return null;
  return "instant" in value ? { date: serialInZone(value.instant, zone) } : { text: value.text };
}

export function checkXlsx(report: CheckReport, context: ExportContext): Uint8Array {
  const { lang, zone } = context;
  const words = exportWords(lang);
  const summary = summaryFacts(report, context).map((fact): XlsxCell[] => [{ text: fact.label }, cellOf(fact.value, zone)]);
  const header = RESULT_COLUMNS.map((c): XlsxCell => ({ text: words[c.key] }));
  const rows = report.rows.map((row) => RESULT_COLUMNS.map((c) => cellOf(c.human(row, lang), zone)));
  return writeXlsx([
    { name: words.summarySheet, widths: SUMMARY_WIDTHS, rows: summary, header: false },
    { name: words.resultsSheet, widths: RESULT_COLUMNS.map((c) => RESULT_WIDTHS[c.key] ?? DEFAULT_WIDTH), rows: [header, ...rows], header: true },
  ]);
}
