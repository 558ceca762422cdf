/**
 * @module Whether a line break on a page is a wrap or a new line, told by where the lines stand (pure). A
 * number may be printed across a line break: "1234" at the end of a line that reaches its column's right
 * edge and "5678" at the start of the next, a narrow table cell or a note's right margin. Read as two
 * lines it is two pieces, and an invoice number 12345678 is missed; read as one where the page did not
 * wrap (two table rows, two cells, a short line above a new one) it is a number nobody printed. The page
 * text alone cannot tell these apart (extraction ends every visual line with "\n": worker/pdf/extract.ts);
 * the runs' boxes can.
 *
 * Only a break with a digit on both sides is judged: elsewhere the matcher's own rules decide (keywords
 * ignore white space; a range or a list reads over it), and a break is left as it is.
 */
import type { TextRange } from "./furniture";
import { lineGeometry, type Extent, type PageText } from "./page";

/**
 * How a line follows the one before it in searched text:
 * - `wrap`: the page wrapped the line before onto this one; they are read as one, without a break.
 * - `group_wrap`: a wrap inside a number written in 4-digit groups ("2444 2000 0000" / "0012 3456"): the
 *   break stands for the groups' space, one white space unit.
 * - `line`: not judged (no digit on both sides, or no positions): the break is kept as a line break.
 * - `row`: the positions say it is no wrap (another row, another cell, a line that ends short): digits
 *   on either side are two numbers.
 * - `maybe_wrap`, `maybe_group_wrap`: the positions fit a wrap but cannot confirm it (a column whose right
 *   edge no other line shows, a centred cell): read as `row`, and again as `wrap` or `group_wrap` for
 *   weaker evidence.
 */
export type Joint = "wrap" | "group_wrap" | "line" | "row" | "maybe_wrap" | "maybe_group_wrap";

/** Joints the page cannot decide: searched both ways. */
export const isUndecided = (joint: Joint | undefined) => joint === "maybe_wrap" || joint === "maybe_group_wrap";

/** What stands between two lines in searched text, for each joint (`maybe_wrap` as first read). */
export const JOINT_SEPARATOR: Readonly<Record<Joint, string>> = {
  wrap: "",
  group_wrap: " ",
  line: "\n",
  // Two white space units: never the one space of 4-digit groups, so the matcher keeps the numbers apart.
  row: "\n\n",
  maybe_wrap: "\n\n",
  maybe_group_wrap: "\n\n",
};

/** The same, where a joint the page cannot decide is read as the wrap it may be. */
export const WRAPPED_SEPARATOR: Readonly<Record<Joint, string>> = {
  ...JOINT_SEPARATOR,
  maybe_wrap: JOINT_SEPARATOR.wrap,
  maybe_group_wrap: JOINT_SEPARATOR.group_wrap,
};

/** A wrapped line's end stops short of its column's right edge by less than one more character: an em, and some slack for rounding and a half-width character. */
const WRAP_SLACK_EM = 1.2;
/** The next line of a wrap starts where the wrapped one (or its last cell) starts, to about half an em. */
const SAME_EDGE_EM = 0.5;
/** A paragraph's first line may be indented (two full-width characters by CJK convention) and wrap onto a line starting at the block's left. */
const FIRST_LINE_INDENT_EM = 2.5;
/** Line pitch of running text (baseline to baseline, in font sizes): leading from none to double spacing. */
const PITCH_MIN = 0.9;
const PITCH_MAX = 2.1;
/** Two lines of one paragraph are set in one size, to a tenth. */
const SIZE_TOLERANCE = 0.1;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** A 4-digit group after a space, at the end of a line ("… 2000 0000"), or one before a space at its start ("0012 3456 …"). */
const GROUP_AT_END = /\d \d{4}$/;
const GROUP_AT_START = /^\d{4} \d/;

/**
 * The joint of a wrap from line `a` onto line `b` of `text`: `group_wrap` when a number in 4-digit groups
 * runs over it (the break took the groups' space), else `wrap`.
 */
export function wrapJoint(text: string, a: TextRange, b: TextRange): "wrap" | "group_wrap" {
  const grouped = GROUP_AT_END.test(text.slice(Math.max(a.start, a.end - 6), a.end)) || GROUP_AT_START.test(text.slice(b.start, b.start + 6));
  return grouped ? "group_wrap" : "wrap";
}

/** A line's first and last cells (runs after a gap wider than a character start a new cell). */
interface LineCells {
  first: Extent;
  last: Extent;
  cells: number;
}

function cellsOf(page: PageText, line: TextRange): LineCells | null {
  const g = lineGeometry(page, line.start, line.end);
  if (!g) return null;
  const length = line.end - line.start;
  const firstEnd = g.cellStarts[0] ?? length;
  const lastStart = g.cellStarts[g.cellStarts.length - 1] ?? 0;
  return { first: g.extent(0, firstEnd), last: g.extent(lastStart, length), cells: g.cellStarts.length + 1 };
}

/** The visual lines of a page (extraction ends each with "\n"), without the white space around them. */
function visualLines(text: string): TextRange[] {
  const lines: TextRange[] = [];
  let start = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim().length;
    if (trimmed) lines.push({ start: start + lead, end: start + lead + trimmed });
    start += raw.length + 1;
  }
  return lines;
}

/** Joints between lines of one page; the page's cells are measured once, when a first break is judged. */
export class PageJoints {
  private cells: Extent[] | null = null;

  constructor(private readonly page: PageText) {}

  /** How line `b` follows line `a` (both ranges of this page, `a` before `b`). */
  between(a: TextRange, b: TextRange): Joint {
    const { text } = this.page;
    if (!isDigit(text.charCodeAt(a.end - 1)) || !isDigit(text.charCodeAt(b.start))) return "line";
    // Only the next visual line can continue a wrapped one.
    if (text.slice(a.end, b.start).split("\n").length !== 2) return "line";
    const ca = cellsOf(this.page, a);
    const cb = cellsOf(this.page, b);
    if (!ca || !cb) return "line";
    const fit = this.fit(ca, cb);
    if (fit === "row") return "row";
    const wrap = wrapJoint(text, a, b);
    if (fit === "wrap") return wrap;
    return wrap === "wrap" ? "maybe_wrap" : "maybe_group_wrap";
  }

  /** Whether the geometry fits a wrap of a's last cell onto b, and whether the column's edge confirms it. */
  private fit(a: LineCells, b: LineCells): "wrap" | "maybe" | "row" {
    const from = a.last;
    const to = b.first;
    const size = from.size;
    if (Math.abs(to.size - size) > size * SIZE_TOLERANCE) return "row";
    const pitch = to.top - from.top;
    if (pitch < size * PITCH_MIN || pitch > size * PITCH_MAX) return "row";
    const sameEdge = Math.abs(to.x0 - from.x0) <= size * SAME_EDGE_EM;
    // A paragraph's indented first line (a line of one cell) wraps onto the block's left edge.
    const indented = a.cells === 1 && to.x0 < from.x0 && from.x0 - to.x0 <= size * FIRST_LINE_INDENT_EM;
    if (!sameEdge && !indented) {
      // A centred cell wraps onto a shorter line centred under it: nothing on the page says where the cell ends.
      const centred = Math.abs((to.x0 + to.x1) / 2 - (from.x0 + from.x1) / 2) <= size * SAME_EDGE_EM && to.x1 - to.x0 < from.x1 - from.x0;
      return centred ? "maybe" : "row";
    }
    // The column: cells of the page starting where either line starts; its right edge is the farthest end.
    const column = this.pageCells().filter((c) => Math.abs(c.x0 - from.x0) <= size * SAME_EDGE_EM || Math.abs(c.x0 - to.x0) <= size * SAME_EDGE_EM);
    const right = Math.max(from.x1, ...column.map((c) => c.x1));
    const reaches = (c: Extent) => c.x1 >= right - size * WRAP_SLACK_EM;
    if (!reaches(from)) return "row";
    // Another line of the column reaching the same edge shows where it is; else it is only this line's end
    // (the line it would wrap onto shows nothing: a longer one would contradict the wrap, not confirm it).
    const isOne = (c: Extent, of: Extent) => c.top === of.top && c.x0 === of.x0;
    const others = column.filter((c) => reaches(c) && !isOne(c, from) && !isOne(c, to));
    return others.length > 0 ? "wrap" : "maybe";
  }

  /** Every cell of every line of the page (a line of one cell is one). */
  private pageCells(): Extent[] {
    this.cells ??= visualLines(this.page.text).flatMap((line) => {
      const g = lineGeometry(this.page, line.start, line.end);
      if (!g) return [];
      const bounds = [0, ...g.cellStarts, line.end - line.start];
      return bounds.slice(1).map((end, k) => g.extent(bounds[k] as number, end));
    });
    return this.cells;
  }
}
