/** @module A check's export as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads Chinese), one row per result. */
import { csvLine } from "../../domain/csv";
import type { Lang } from "../view/i18n";
import type { CheckReport } from "./check-report";
import { EXPORT_COLUMNS, exportCells, exportWords } from "./export-words";

export function checkCsv(lang: Lang, report: CheckReport): string {
  const words = exportWords(lang);
  const head = csvLine(EXPORT_COLUMNS.map((c) => words[c]));
  const rows = report.rows.map((row) => {
    const cells = exportCells(lang, row);
    return csvLine(EXPORT_COLUMNS.map((c) => cells[c]));
  });
  return `\uFEFF${head}${rows.join("")}`;
}
