/**
 * @module Terminal text: tables aligned by display width (a CJK character takes two columns, as
 * in every terminal; Unicode UAX #11 East Asian Wide and Fullwidth), and progress bars.
 */

const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;

/** Columns a string takes in a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

/** Cuts to at most `max` columns, marking the cut with "…". */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = "";
  let width = 0;
  for (const ch of text) {
    const w = WIDE.test(ch) ? 2 : 1;
    if (width + w > max - 1) break;
    out += ch;
    width += w;
  }
  return `${out}…`;
}

function pad(text: string, width: number, align: "left" | "right"): string {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return align === "right" ? fill + text : text + fill;
}

export interface Column {
  header: string;
  align?: "left" | "right";
  /** Widest the column may be; longer cells are truncated. Default 40. */
  max?: number;
}

/** A plain-text table: a header row, a rule, one row per item. */
export function table(columns: Column[], rows: string[][]): string {
  const cells = rows.map((row) => row.map((cell, i) => truncate(cell.replace(/\s+/g, " "), columns[i]?.max ?? 40)));
  const widths = columns.map((column, i) => Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[i] ?? ""))));
  const line = (row: string[]) =>
    columns
      .map((column, i) => pad(row[i] ?? "", widths[i]!, column.align ?? "left"))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.header)), widths.map((w) => "─".repeat(w)).join("  "), ...cells.map(line)].join("\n") + "\n";
}

/** `[██████░░░░░░]  12/37` with `unit` after it. */
export function progressBar(done: number, total: number, width = 24, unit = ""): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total}${unit ? ` ${unit}` : ""}`;
}

/** 1234567 → "1.2 MiB". */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** An ISO time as `2026-11-22 10:15` (its own offset kept), or "" when absent. */
export function shortTime(iso: string | undefined | null): string {
  return iso ? iso.replace("T", " ").slice(0, 16) : "";
}
