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

/**
 * At most `max` columns of `text` that hold its range `start`–`end` (UTF-16 offsets) whole when it fits:
 * context is cut from both sides, each cut marked "…". A hit wider than `max` keeps its beginning.
 */
export function windowAround(text: string, start: number, end: number, max: number): string {
  if (displayWidth(text) <= max) return text;
  const chars = [...text];
  // Character indexes of the range (offsets count UTF-16 units; a character outside the BMP takes two).
  let unit = 0;
  let first = chars.length;
  let last = chars.length;
  for (const [i, ch] of chars.entries()) {
    if (unit >= start && first === chars.length) first = i;
    if (unit >= end) {
      last = i;
      break;
    }
    unit += ch.length;
  }
  const width = (from: number, to: number) => displayWidth(chars.slice(from, to).join(""));
  const fits = (from: number, to: number) => width(from, to) + (from > 0 ? 1 : 0) + (to < chars.length ? 1 : 0) <= max;
  if (!fits(first, last)) return truncate(chars.slice(first).join(""), max);
  // Grow the window a character a side at a time, while it and its marks fit: context on both sides.
  let from = first;
  let to = last;
  for (let grew = true; grew;) {
    grew = false;
    if (to < chars.length && fits(from, to + 1)) {
      to++;
      grew = true;
    }
    if (from > 0 && fits(from - 1, to)) {
      from--;
      grew = true;
    }
  }
  return `${from > 0 ? "…" : ""}${chars.slice(from, to).join("")}${to < chars.length ? "…" : ""}`;
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
