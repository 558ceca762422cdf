/**
 * @module A line the reader could not place that stands right against a value's cell (the next line of
 * that cell, or on its row just past or before it) may be a piece of that value: a wrapped tail no rule
 * joined, or a neighbour's text a rule joined wrongly. The value is then neither known right nor known
 * wrong, so it is reported (an UNRECOGNIZED_LINE issue on that field, stray-issues.ts) instead of being
 * silently right-or-wrong. A line farther away (a note under the table, a title) says nothing about any
 * one value and stays a plain stray.
 */
import type { Extent } from "../text/page";
import { overlap } from "./boxes";
import { AGAINST_ON_ROW_EM, NEXT_LINE_EM, SAME_ROW_SHARE } from "./layout-rules";

interface Placed {
  page: number;
  column: number;
  box: Extent;
}

/** How far a stray line stands from a value line when it is against it; null when it is not. */
function distance(stray: Extent, value: Extent): number | null {
  const em = Math.max(stray.size, value.size);
  const overlapsX = stray.x0 < value.x1 && value.x0 < stray.x1;
  if (overlapsX) {
    const below = stray.top - value.bottom;
    const above = value.top - stray.bottom;
    const gap = below >= 0 ? below : above;
    if (gap >= 0 && gap <= em * NEXT_LINE_EM) return gap;
  }
  if (overlap(stray, value) >= SAME_ROW_SHARE) {
    const after = stray.x0 - value.x1;
    const before = value.x0 - stray.x1;
    const gap = after >= 0 ? after : before;
    if (gap >= 0 && gap <= em * AGAINST_ON_ROW_EM) return gap;
  }
  return null;
}

/**
 * The value a stray line stands against: of the owners whose value lines are on its page and in its
 * newspaper column, the one with a line nearest to it; null when none is against it.
 */
export function valueAgainst<S extends Placed, V extends Placed, O>(stray: S, owners: ReadonlyMap<O, readonly V[]>): O | null {
  let best: { owner: O; gap: number } | null = null;
  for (const [owner, lines] of owners)
    for (const line of lines) {
      if (line.page !== stray.page || line.column !== stray.column) continue;
      const gap = distance(stray.box, line.box);
      if (gap !== null && (!best || gap < best.gap)) best = { owner, gap };
    }
  return best?.owner ?? null;
}
