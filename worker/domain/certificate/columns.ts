/**
 * @module Pages set in newspaper columns (CSS columns, a writer's two frames): the text runs down the left
 * column, then down the right one. The extractor builds lines across the whole page, so a left line and the
 * right line at its height come out as one line; read that way, the right column's text glues onto left
 * values and its labels and headings are lost. A page is split into columns where
 * - a vertical gutter runs through it: an x band no text crosses, with text on both sides, and
 * - the text flows: a value wrapped over several lines on one side stands beside two or more rows of the
 *   other side (two labels, a label and a heading…). In a table a cell and the cells beside it make one
 *   row, so a table's columns, however clean their gutter, never show this and are left alone.
 * Each line of such a page is cut at the gutter; the pieces carry their column, and readers read a
 * column to its end before the next (worker/domain/certificate/cells.ts).
 */
import type { Extent, LineGeometry } from "../text/page";
import { overlap } from "./boxes";
import { type Fragment, fragment } from "./fragments";
import { isLabelPrefix, isSectionHeading, matchLabel, matchRoleHeading } from "./labels";
import {
  EDGE_ROUNDING_PT,
  NEWSPAPER_BESIDE_SHARE,
  NEWSPAPER_GUTTER_EM,
  NEWSPAPER_SIDE_MIN,
  ROW_TOP_EM,
  WRAP_BELOW_EM,
  WRAP_EDGE_EM,
  WRAP_FILL_EM,
  WRAP_LINE_GAP_EM,
} from "./layout-rules";
import type { SourceLine } from "./lines";

/** A cell's text on a line (the reader's one fragment of a line, ./fragments.ts), and what it says of the row. */
interface Piece extends Fragment {
  /** True when the piece opens a row: a label, a role or section heading. */
  opens: boolean;
  /** True when the piece is the beginning of a label wrapped in a narrow cell ("统一社" over "会信用代码"): no value wraps there. */
  labelPiece: boolean;
}

function piecesOf(line: SourceLine): Piece[] {
  const g = line.geometry;
  if (!g) return [];
  const cuts = [0, ...g.cellStarts, line.text.length];
  const out: Piece[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const f = fragment(line, cuts[k] ?? 0, cuts[k + 1] ?? line.text.length);
    if (!f) continue;
    // A label alone (nothing after it) or the beginning of one: what follows it in its column is no wrapped value.
    const label = matchLabel(f.text);
    const labelPiece = isLabelPrefix(f.text.replace(/\s/g, "")) || (label !== null && f.text.slice(label.valueStart).trim() === "");
    const opens = label !== null || matchRoleHeading(f.text) !== null || isSectionHeading(f.text);
    out.push({ ...f, opens, labelPiece });
  }
  return out;
}

const overlapsVertically = (a: Extent, b: Extent) => overlap(a, b) > NEWSPAPER_BESIDE_SHARE;

/** Figures alone (a code, a number, an amount): a column of them is a table's column, not text wrapped down a page. */
const FIGURE = /^[\d\s,.，．\-:/]+$/;

function isFigure(p: Piece): boolean {
  return FIGURE.test(p.text);
}

/**
 * One side's wrapped values, each as the pieces that continue it: a piece continues the one above it when
 * that one fills its line to the side's right edge (text wraps there; a short value above is a row of its
 * own), in its column, a line's spacing apart, and it opens no row.
 */
function wrappedValues(side: readonly Piece[]): Piece[][] {
  const sorted = [...side].sort((a, b) => a.box.top - b.box.top);
  const right = Math.max(...side.map((p) => p.box.x1));
  const head = new Map<Piece, Piece>();
  const values = new Map<Piece, Piece[]>();
  sorted.forEach((p, i) => {
    if (p.opens || p.labelPiece || isFigure(p)) return;
    const above = sorted
      .slice(0, i)
      .find(
        (q) =>
          !q.labelPiece &&
          !isFigure(q) &&
          Math.abs(q.box.x0 - p.box.x0) < p.box.size * WRAP_EDGE_EM &&
          q.box.x1 >= right - q.box.size * WRAP_FILL_EM &&
          p.box.top - q.box.bottom < p.box.size * WRAP_LINE_GAP_EM &&
          p.box.top > q.box.top + q.box.size * WRAP_BELOW_EM,
      );
    if (!above) return;
    const first = head.get(above) ?? above;
    head.set(p, first);
    values.set(first, [...(values.get(first) ?? []), p]);
  });
  return [...values.values()];
}

/**
 * Whether a wrapped value of one side stands beside two or more rows (at different heights) of the other:
 * pieces there that open a row or start a value of their own.
 */
function flowsBeside(side: readonly Piece[], other: readonly Piece[]): boolean {
  const continuing = new Set(wrappedValues(other).flat());
  const starts = other.filter((p) => !continuing.has(p));
  return wrappedValues(side).some((wrapped) => {
    const rows: number[] = [];
    for (const p of starts) {
      if (!wrapped.some((w) => overlapsVertically(w.box, p.box))) continue;
      if (!rows.some((top) => Math.abs(top - p.box.top) < p.box.size * ROW_TOP_EM)) rows.push(p.box.top);
    }
    return rows.length >= 2;
  });
}

/** The x of a page's newspaper gutter (the right column's left edge), or null. */
function gutterOf(pieces: readonly Piece[]): number | null {
  const candidates = [...new Set(pieces.map((p) => Math.round(p.box.x0)))].sort((a, b) => a - b);
  for (const x of candidates) {
    const left = pieces.filter((p) => p.box.x1 <= x - p.box.size * NEWSPAPER_GUTTER_EM);
    const right = pieces.filter((p) => p.box.x0 >= x - EDGE_ROUNDING_PT);
    if (left.length < NEWSPAPER_SIDE_MIN || right.length < NEWSPAPER_SIDE_MIN) continue;
    // A certificate's newspaper column opens rows of its own (a label, a heading); a table's column of figures
    // (an invoice table under a description: codes | numbers | amounts) opens none.
    if (!right.some((p) => p.opens)) continue;
    // Text crossing the gutter may stand above or below the columns (a title, a footer), never beside them.
    const top = Math.max(Math.min(...left.map((p) => p.box.top)), Math.min(...right.map((p) => p.box.top)));
    const bottom = Math.min(Math.max(...left.map((p) => p.box.bottom)), Math.max(...right.map((p) => p.box.bottom)));
    const crossing = pieces.filter((p) => !left.includes(p) && !right.includes(p));
    if (crossing.some((p) => p.box.bottom > top && p.box.top < bottom)) continue;
    if (flowsBeside(left, right) || flowsBeside(right, left)) return x;
  }
  return null;
}

/** The geometry of [from, to) of a line, as a line of its own. */
function subGeometry(g: LineGeometry, from: number, to: number): LineGeometry {
  const box = g.extent(from, to);
  return {
    top: box.top,
    bottom: box.bottom,
    size: box.size,
    x: g.xAt(from),
    cellStarts: g.cellStarts.filter((c) => c > from && c < to).map((c) => c - from),
    xAt: (offset) => g.xAt(offset + from),
    extent: (a, b) => g.extent(a + from, b + from),
  };
}

function subLine(line: SourceLine, from: number, to: number, column: number): SourceLine | null {
  const g = line.geometry;
  const raw = line.text.slice(from, to);
  const text = raw.trim();
  if (!g || !text) return null;
  const start = from + raw.length - raw.trimStart().length;
  return { ...line, start: line.start + start, text, geometry: subGeometry(g, start, start + text.length), column };
}

/**
 * The lines of every page, those of a page set in newspaper columns cut at its gutter and tagged with their
 * column (0 left, 1 right; a line crossing the gutter above the columns is 0, below them 2).
 */
export function splitColumns(lines: readonly SourceLine[]): SourceLine[] {
  const pages = new Map<number, SourceLine[]>();
  for (const line of lines) pages.set(line.page, [...(pages.get(line.page) ?? []), line]);
  const out: SourceLine[] = [];
  for (const pageLines of pages.values()) {
    const pieces = pageLines.flatMap(piecesOf);
    const gutter = gutterOf(pieces);
    if (gutter === null) {
      out.push(...pageLines);
      continue;
    }
    const rightTops = pieces.filter((p) => p.box.x0 >= gutter - EDGE_ROUNDING_PT).map((p) => p.box.top);
    const columnsTop = Math.min(...rightTops);
    for (const line of pageLines) {
      const own = pieces.filter((p) => p.line === line);
      const cut = own.find((p) => p.box.x0 >= gutter - EDGE_ROUNDING_PT);
      const crossing = own.some((p) => p.box.x0 < gutter - EDGE_ROUNDING_PT && p.box.x1 > gutter - p.box.size * NEWSPAPER_GUTTER_EM);
      if (crossing) {
        // Above the columns (a title) it is read first, below them (a closing line) last.
        out.push({ ...line, column: (line.geometry?.top ?? 0) > columnsTop ? 2 : 0 });
        continue;
      }
      if (!cut) {
        out.push({ ...line, column: 0 });
        continue;
      }
      const left = subLine(line, 0, cut.from, 0);
      const right = subLine(line, cut.from, line.text.length, 1);
      if (left) out.push(left);
      if (right) out.push(right);
    }
  }
  return out;
}
