/**
 * @module Where a range of page text lies on the page (pure): the text boxes it covers, cut to its
 * characters by interpolating across each run (a run's characters are not placed one by one: a run's
 * width is shared between its full-width and half-width characters in the ratio the page's own runs
 * show), merged
 * into one quad per printed line, in the spec's normalized_top_left coordinates (0..1 of the page's
 * width and height, origin at its top-left corner).
 */
import type { TextBox } from "./text/page";

/** [x1, y1, x2, y2, x3, y3, x4, y4]: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [number, number, number, number, number, number, number, number];

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Half-width characters (Latin, digits, half-width forms) next to full-width ones (CJK, full-width forms). */
function isHalfWidth(code: number): boolean {
  return code < 0x1100 || (code >= 0xff61 && code <= 0xffdc);
}

/** Whether the character at i of a box's run prints half-width: a full-width form served as ASCII ("１" as "1") does not. */
function printedHalfWidth(box: TextBox, i: number, code: number): boolean {
  return isHalfWidth(code) && !box.wide?.includes(i);
}

/** A low surrogate: its pair is counted once, at the high one. */
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** When the page cannot tell: between the half em of CJK fonts' own Latin (STSong, SimSun) and the 0.6 em of Latin fonts. */
const DEFAULT_HALF_WIDTH = 0.55;

/**
 * How wide a half-width character prints next to a full-width one on this page: least squares over the
 * page's runs (width / font size = half × a + full × b, for the counts of each kind in the run). Fonts
 * differ (STSong-Light prints digits at 0.5 em, the sandbox font at 0.6 em); a page whose runs are all of
 * one kind cannot tell, and gets the default.
 */
export function halfWidthShare(text: string, boxes: readonly TextBox[]): number {
  let hh = 0,
    hf = 0,
    ff = 0,
    hr = 0,
    fr = 0;
  for (const box of boxes) {
    if (!(box.height > 0)) continue;
    let half = 0,
      full = 0;
    for (let i = box.start; i < box.end; i++) {
      const code = text.charCodeAt(i);
      if (isLowSurrogate(code)) continue;
      if (printedHalfWidth(box, i, code)) half++;
      else full++;
    }
    const r = box.width / box.height;
    hh += half * half;
    hf += half * full;
    ff += full * full;
    hr += half * r;
    fr += full * r;
  }
  const det = hh * ff - hf * hf;
  if (Math.abs(det) < 1e-9 * Math.max(1, hh * ff)) return DEFAULT_HALF_WIDTH;
  const a = (hr * ff - fr * hf) / det;
  const b = (fr * hh - hr * hf) / det;
  const share = a / b;
  return Number.isFinite(share) && share >= 0.3 && share <= 1 ? share : DEFAULT_HALF_WIDTH;
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
    const code = text.charCodeAt(i);
    const a = isLowSurrogate(code) ? 0 : printedHalfWidth(box, i, code) ? half : 1;
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
