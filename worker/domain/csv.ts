/** @module CSV fields (RFC 4180) safe to open in a spreadsheet. */

/** A field quoted when it must be; a leading =, +, - or @ is prefixed with ' so that a spreadsheet never runs it as a formula. */
export function csvField(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(values: ReadonlyArray<string | null | undefined>): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
