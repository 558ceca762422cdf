/**
 * @module A page of text and, when the extractor knows it, where its runs sit: the geometry readers use
 * to tell table cells apart (a wide gap on a line) and rows apart (a wide gap between lines).
 */

/**
 * One text run's place on the page: [start, end) in the page's (normalised) text, and its box in points
 * from the page's top-left corner (y grows downward). Characters inside a run are not placed one by one:
 * readers interpolate across the run.
 */
export interface TextBox {
  start: number;
  end: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /**
   * Offsets in the page text of characters the page prints full-width (an em wide) but the text serves
   * half-width ("１" served as "1": worker/domain/text/normalize.ts), where the run has any.
   */
  wide?: readonly number[];
}

export interface PageText {
  text: string;
  boxes?: readonly TextBox[];
}

/** Where a line of a page sits: its vertical extent, font size, and the offsets where a new cell starts. */
export interface LineGeometry {
  top: number;
  bottom: number;
  size: number;
  /** x of the line's first character. */
  x: number;
  /** Offsets in the line (not the page) where a run starts after a gap wider than a character: a new cell. */
  cellStarts: number[];
  /** x of a line offset, interpolated inside its run. */
  xAt(offset: number): number;
  /**
   * The box of the line's offsets [from, to): a line groups runs by baseline, and the runs of one line
   * need not share their height (a value set smaller than its label, a piece of a wrapped label beside it).
   */
  extent(from: number, to: number): Extent;
}

/** A box in page points, y downward. */
export interface Extent {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** The font size of its runs (the median). */
  size: number;
}

/** A gap wider than this share of the font size between two runs on a line may separate two table cells (a space in running text is about as wide; labels are only taken at such a start, never values). */
const CELL_GAP_EM = 0.25;

/** Half-width characters (Latin, digits, half-width forms) next to full-width ones (CJK, full-width forms). */
function isHalfWidth(code: number): boolean {
  return code < 0x1100 || (code >= 0xff61 && code <= 0xffdc);
}

/** A low surrogate: its pair is counted once, at the high one. */
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** When the page cannot tell: between the half em of CJK fonts' own Latin (STSong, SimSun) and the 0.6 em of Latin fonts. */
const DEFAULT_HALF_WIDTH = 0.55;

/**
 * How far the character at i of a box's run advances, in ems of the run's full-width characters: a
 * full-width form served as ASCII ("１" as "1", listed in `wide`) prints an em wide, other half-width
 * characters `half` of one.
 */
export function advanceOf(box: TextBox, text: string, i: number, half: number): number {
  const code = text.charCodeAt(i);
  if (isLowSurrogate(code)) return 0;
  return isHalfWidth(code) && !box.wide?.includes(i) ? half : 1;
}

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
      const a = advanceOf(box, text, i, 0);
      if (a === 1) full++;
      else if (!isLowSurrogate(text.charCodeAt(i))) half++;
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

/** The share of a box's width before page offset `at`, the run's width shared out by advance. */
function shareBefore(box: TextBox, text: string, half: number, at: number): number {
  let before = 0;
  let total = 0;
  for (let i = box.start; i < box.end; i++) {
    const a = advanceOf(box, text, i, half);
    if (i < at) before += a;
    total += a;
  }
  return total > 0 ? before / total : 0;
}

/** A page's half-width share, worked out once per page (lines of a page ask for it one by one). */
const shares = new WeakMap<readonly TextBox[], number>();
function pageHalfWidth(page: PageText, boxes: readonly TextBox[]): number {
  let share = shares.get(boxes);
  if (share === undefined) {
    share = page.text.length > 0 ? halfWidthShare(page.text, boxes) : DEFAULT_HALF_WIDTH;
    shares.set(boxes, share);
  }
  return share;
}

/**
 * Geometry of the line [start, end) of a page, or null when the page has no boxes for it (text given
 * without positions: readers then fall back on text alone). Inside a run, characters are placed by their
 * advance (full-width, half-width, full-width forms served half-width), not evenly.
 */
export function lineGeometry(page: PageText, start: number, end: number): LineGeometry | null {
  const boxes = page.boxes;
  if (!boxes || boxes.length === 0) return null;
  const own = boxes.filter((b) => b.end > start && b.start < end).sort((a, b) => a.start - b.start);
  const first = own[0];
  if (!first) return null;
  const half = pageHalfWidth(page, boxes);
  const sizes = own.map((b) => b.height).sort((a, b) => a - b);
  const size = sizes[Math.floor(sizes.length / 2)] ?? first.height;
  const cellStarts: number[] = [];
  for (let i = 1; i < own.length; i++) {
    const prev = own[i - 1];
    const box = own[i];
    if (prev && box && box.x - (prev.x + prev.width) > size * CELL_GAP_EM) cellStarts.push(box.start - start);
  }
  /** x where the character at a page offset starts (`at`) or, with `after`, where the one before it ends. */
  const xOf = (at: number, after: boolean): number => {
    const probe = after ? at - 1 : at;
    const box = own.find((b) => probe >= b.start && probe < b.end) ?? own.filter((b) => b.start <= probe).pop() ?? first;
    const clamped = Math.min(box.end, Math.max(box.start, at));
    return box.x + box.width * shareBefore(box, page.text, half, clamped);
  };
  const xAt = (offset: number): number => xOf(start + offset, false);
  /** x where the character before a line offset ends. */
  const xEnd = (offset: number): number => xOf(start + offset, true);
  const extent = (from: number, to: number): Extent => {
    const inside = own.filter((b) => b.end > start + from && b.start < start + to);
    const runs = inside.length ? inside : [first];
    const heights = runs.map((b) => b.height).sort((a, b) => a - b);
    return {
      x0: xAt(from),
      x1: to > from ? xEnd(to) : xAt(from),
      top: Math.min(...runs.map((b) => b.y)),
      bottom: Math.max(...runs.map((b) => b.y + b.height)),
      size: heights[Math.floor(heights.length / 2)] ?? size,
    };
  };
  return {
    extent,
    top: Math.min(...own.map((b) => b.y)),
    bottom: Math.max(...own.map((b) => b.y + b.height)),
    size,
    x: first.x,
    cellStarts,
    xAt,
  };
}
