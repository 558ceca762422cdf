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

/**
 * Geometry of the line [start, end) of a page, or null when the page has no boxes for it (text given
 * without positions: readers then fall back on text alone).
 */
export function lineGeometry(boxes: readonly TextBox[] | undefined, start: number, end: number): LineGeometry | null {
  if (!boxes || boxes.length === 0) return null;
  const own = boxes.filter((b) => b.end > start && b.start < end).sort((a, b) => a.start - b.start);
  const first = own[0];
  if (!first) return null;
  const sizes = own.map((b) => b.height).sort((a, b) => a - b);
  const size = sizes[Math.floor(sizes.length / 2)] ?? first.height;
  const cellStarts: number[] = [];
  for (let i = 1; i < own.length; i++) {
    const prev = own[i - 1];
    const box = own[i];
    if (prev && box && box.x - (prev.x + prev.width) > size * CELL_GAP_EM) cellStarts.push(box.start - start);
  }
  const xAt = (offset: number): number => {
    const at = start + offset;
    const box = own.find((b) => at >= b.start && at < b.end) ?? own.filter((b) => b.start <= at).pop() ?? first;
    const share = box.end > box.start ? Math.min(1, Math.max(0, (at - box.start) / (box.end - box.start))) : 0;
    return box.x + box.width * share;
  };
  /** x where the character before a line offset ends. */
  const xEnd = (offset: number): number => {
    const at = start + offset - 1;
    const box = own.find((b) => at >= b.start && at < b.end) ?? own.filter((b) => b.start <= at).pop() ?? first;
    const share = box.end > box.start ? Math.min(1, Math.max(0, (at + 1 - box.start) / (box.end - box.start))) : 1;
    return box.x + box.width * share;
  };
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
