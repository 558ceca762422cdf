/** @module CSV fields (RFC 4180) safe to open in a spreadsheet, with hidden characters shown (./text/visible-text.ts). */
import { visibleText } from "./text/visible-text";

/**
 * A field quoted when it must be; a leading =, +, - or @ is prefixed with ' so that a spreadsheet never runs
 * it as a formula; a control, invisible or bidirectional character is printed as its escape (〈U+202E〉), so
 * a cell shows what is stored and never reorders or hides its neighbours.
 */
export function csvField(value: string | null | undefined): string {
  let text = visibleText(value ?? "");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(values: ReadonlyArray<string | null | undefined>): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
