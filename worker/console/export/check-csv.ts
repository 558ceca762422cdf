/**
 * @module A check's export as CSV for machines (console-api.md): UTF-8 with a byte-order mark, one header
 * row of stable keys, then one row per result that carries the check's id, status and coverage itself,
 * so a row read alone still says what was searched. Values are the API's codes, `true`/`false`, and
 * instants in ISO 8601 with the reader's offset; a field a spreadsheet would run as a formula is
 * neutralised (domain/csv.ts). A check without results has one row with its own fields only. People
 * read the XLSX or the PDF.
 */
import { csvLine } from "../../domain/csv";
import type { CheckReport } from "./check-report";
import { RESULT_COLUMNS } from "./export-columns";
import { isoInZone } from "./zoned-time";

const CHECK_COLUMNS = ["check_id", "check_status", "coverage_complete"] as const;

export function checkCsv(report: CheckReport, zone: string): string {
  const { check } = report;
  const head = csvLine([...CHECK_COLUMNS, ...RESULT_COLUMNS.map((c) => c.csv)]);
  const checkCells = [check.id, check.status, String(check.coverageComplete)];
  const rows = report.rows.map((row) =>
    csvLine([
      ...checkCells,
      ...RESULT_COLUMNS.map((column) => {
        const value = column.machine(row);
        return value !== null && typeof value === "object" ? isoInZone(value.instant, zone) : value;
      }),
    ]),
  );
  // A check without results still says what it is: one row of its own, the result's fields empty.
  if (rows.length === 0) rows.push(csvLine(checkCells));
  return `\uFEFF${head}${rows.join("")}`;
}
