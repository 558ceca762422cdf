/**
 * @module The few measures of boxes on a page the reader's rules are written in (shares of overlap, the
 * box around several), once for every module of the reader.
 */
import type { Extent } from "../text/page";

/** Vertical overlap of two boxes, as a share of the shorter one's height (negative when apart). */
export function overlap(a: Extent, b: Extent): number {
  const shared = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return shared / Math.max(1e-6, Math.min(a.bottom - a.top, b.bottom - b.top));
}

/** Horizontal overlap of two boxes, as a share of the narrower one's width (negative when apart). */
export function overlapX(a: Extent, b: Extent): number {
  const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return shared / Math.max(1e-6, Math.min(a.x1 - a.x0, b.x1 - b.x0));
}

/** The box around two boxes, in the larger one's size. */
export function union(a: Extent, b: Extent): Extent {
  return {
    x0: Math.min(a.x0, b.x0),
    x1: Math.max(a.x1, b.x1),
    top: Math.min(a.top, b.top),
    bottom: Math.max(a.bottom, b.bottom),
    size: Math.max(a.size, b.size),
  };
}
