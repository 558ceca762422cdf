/**
 * @module Lines given without positions (a text layer pasted, an OCR service that returns lines only) set as
 * a plain typewriter page, so that the one reader (cells.ts) reads them by the same rules as a typeset page:
 * a line is a row, a character an em wide, a run of two spaces or more a gap between cells. A label at a
 * line's start then has its value beside it, and a line under it in its column continues it, as on a form.
 * Furniture was already told apart by the lines' text and order (lines.ts), before any place is made up.
 */
import type { Extent, LineGeometry } from "../text/page";
import type { SourceLine } from "./lines";

/** The em of the plain page (points): any size does, the reader's rules are in ems. */
const EM = 10;
/** Lines a line and a half apart: the leading of running text, tighter than a table's row break. */
const LINE_PITCH_EM = 1.5;
/** Two spaces or more, or a tab, end a cell; one space is a space inside it. */
const CELL_GAP = / {2,}|\t+/g;

function typewriter(text: string, row: number): LineGeometry {
  const top = row * EM * LINE_PITCH_EM;
  const cellStarts = [...text.matchAll(CELL_GAP)].map((m) => (m.index ?? 0) + m[0].length).filter((at) => at < text.length);
  const extent = (from: number, to: number): Extent => ({ x0: from * EM, x1: to * EM, top, bottom: top + EM, size: EM });
  return { top, bottom: top + EM, size: EM, x: 0, cellStarts, xAt: (offset) => offset * EM, extent };
}

/** Every line placed: a page of which some line came without its place is set whole as a typewriter page. */
export function placedLines(lines: readonly SourceLine[]): SourceLine[] {
  const unplaced = new Set(lines.filter((l) => l.geometry === null).map((l) => l.page));
  const rows = new Map<number, number>();
  return lines.map((line) => {
    if (!unplaced.has(line.page)) return line;
    const row = rows.get(line.page) ?? 0;
    rows.set(line.page, row + 1);
    return { ...line, geometry: typewriter(line.text, row) };
  });
}
