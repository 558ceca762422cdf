/**
 * @module Where a range of page text lies on the page (pure): the text boxes it covers, cut to its
 * characters by interpolating across each run (a run's characters are not placed one by one: a run's
 * width is shared between its full-width and half-width characters in the ratio the page's own runs
 * show), merged
 * into one quad per printed line, in the spec's normalized_top_left coordinates (0..1 of the page's
 * width and height, origin at its top-left corner).
 */
import { advanceOf, halfWidthShare, type TextBox } from "./text/page";

/** [x1, y1, x2, y2, x3, y3, x4, y4]: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [number, number, number, number, number, number, number, number];

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The part of a box that holds [start, end) of its run, the run's width shared out by advance. */
function cut(box: TextBox, text: string, half: number, start: number, end: number): Rect | null {
  const from = Math.max(start, box.start);
  const to = Math.min(end, box.end);
  if (to <= from) return null;
  let before = 0;
  let inside = 0;
  let total = 0;
  for (let i = box.start; i < box.end; i++) {
    const a = advanceOf(box, text, i, half);
    if (i < from) before += a;
    else if (i < to) inside += a;
    total += a;
  }
  const scale = total > 0 ? box.width / total : 0;
  const x0 = box.x + before * scale;
  return { x0, x1: x0 + inside * scale, y0: box.y, y1: box.y + box.height };
}

/** Two pieces on one printed line: their vertical extents overlap by more than half the smaller one. */
function sameLine(a: Rect, b: Rect): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap > Math.min(a.y1 - a.y0, b.y1 - b.y0) / 2;
}

const unit = (v: number) => Math.min(1, Math.max(0, v));

/** Quads of the range [start, end) of a page's text; empty when no box covers it. */
export function rangeQuads(text: string, boxes: readonly TextBox[], start: number, end: number, page: { width: number; height: number }): Quad[] {
  if (!(page.width > 0 && page.height > 0)) return [];
  const half = halfWidthShare(text, boxes);
  const pieces = boxes
    .filter((b) => b.end > start && b.start < end)
    .sort((a, b) => a.start - b.start)
    .map((b) => cut(b, text, half, start, end))
    .filter((r): r is Rect => r !== null);
  const lines: Rect[] = [];
  for (const piece of pieces) {
    const line = lines.find((l) => sameLine(l, piece));
    if (line)
      Object.assign(line, {
        x0: Math.min(line.x0, piece.x0),
        x1: Math.max(line.x1, piece.x1),
        y0: Math.min(line.y0, piece.y0),
        y1: Math.max(line.y1, piece.y1),
      });
    else lines.push({ ...piece });
  }
  return lines.map((r) => {
    const [x0, x1, y0, y1] = [unit(r.x0 / page.width), unit(r.x1 / page.width), unit(r.y0 / page.height), unit(r.y1 / page.height)];
    return [x0, y0, x1, y0, x1, y1, x0, y1];
  });
}
