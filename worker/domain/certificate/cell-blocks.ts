/**
 * @module A page's text fragments grouped into cells: fragments stacked in one column a line's spacing
 * apart, edges aligned, are the lines of one cell (a wrapped value, a description's paragraph).
 */
import { overlap, overlapX } from "./boxes";
import { aligned, type Fragment, type PendingLabel } from "./fragments";
import {
  CELL_EDGE_EM,
  CELL_LINE_REACH_EM,
  CELL_OVERLAP_X_SHARE,
  NEXT_LINE_EM,
  SAME_ROW_SHARE,
  SPACING_QUANTILE,
  SPACING_SLACK_EM,
  SPACING_SLACK_SHARE,
  STACKED_OVERLAP_EM,
} from "./layout-rules";

/**
 * The spacing of wrapped lines on each page: the lower quartile of the gaps between left-aligned lines
 * less than a line apart (tall cells are rarer than single-line rows, but their spacing is the tight one).
 */
export function lineGaps(sorted: readonly Fragment[]): Map<number, number> {
  const gaps = new Map<number, number[]>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Fragment;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Fragment;
      const gap = b.box.top - a.box.bottom;
      if (b.page !== a.page || gap > a.box.size * NEXT_LINE_EM) break;
      if (gap >= 0 && Math.abs(a.box.x0 - b.box.x0) < a.box.size * CELL_EDGE_EM && overlapX(a.box, b.box) > CELL_OVERLAP_X_SHARE)
        gaps.set(a.page, [...(gaps.get(a.page) ?? []), gap]);
    }
  }
  const out = new Map<number, number>();
  for (const [page, list] of gaps) out.set(page, list.sort((x, y) => x - y)[Math.floor(list.length * SPACING_QUANTILE)] ?? 0);
  return out;
}

/**
 * Whether a label stands on b's row under a's text: a and b are then two cells (a value, and the value beside
 * the label under it), however their edges line up. On a page of one em per character (plain-text-pages.ts)
 * a short value's right edge often meets the line above's by chance.
 */
export function labelBetween(a: Fragment, b: Fragment, labels: readonly PendingLabel[]): boolean {
  return labels.some(
    (l) => l.page === b.page && l.column === b.column && overlap(l.box, b.box) > SAME_ROW_SHARE && l.box.x1 <= b.box.x0 && overlapX(l.box, a.box) > 0,
  );
}

/** Fragments stacked in one column a line's spacing apart: the lines of one cell. */
export function blocksOf(texts: readonly Fragment[], labels: readonly PendingLabel[]): Fragment[][] {
  const sorted = [...texts].sort((a, b) => a.page - b.page || a.box.top - b.box.top || a.box.x0 - b.box.x0);
  const spacing = lineGaps(sorted);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] ?? i)));
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Fragment;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Fragment;
      if (b.page !== a.page || b.box.top - a.box.bottom > a.box.size * CELL_LINE_REACH_EM) break;
      const gap = b.box.top - a.box.bottom;
      // Wider apart than the page's wrapped lines: another cell (a description's last line over a list beside its label).
      const typical = spacing.get(a.page);
      if (typical !== undefined && gap > typical + Math.max(typical * SPACING_SLACK_SHARE, a.box.size * SPACING_SLACK_EM)) continue;
      if (gap < -Math.min(a.box.size, b.box.size) * STACKED_OVERLAP_EM || overlapX(a.box, b.box) < CELL_OVERLAP_X_SHARE || !aligned(a.box, b.box))
        continue;
      if (labelBetween(a, b, labels)) continue;
      parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Fragment[]>();
  sorted.forEach((f, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), f]));
  return [...groups.values()];
}
