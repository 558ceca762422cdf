/**
 * @module A value wrapped over lines of a centred table cell ("深圳市前海一方商业" over "保理有限公司"): each
 * line is centred on the cell's middle, so their left and right edges differ and the cell reader's block
 * joiner (which wants a shared edge, since a shared centre alone is what a short line under a long one of
 * the next row also has) leaves them apart. The line beside the label is anchored to it; the other would be
 * stray, and the name would keep only half. Geometry says they are one cell when all of this holds: the
 * line stands right above or below the label's value, with nothing between; both are centred on the same
 * middle; and the label is centred on the lines together (the cell's vertical middle).
 */
import type { Extent } from "../text/page";
import { union } from "./boxes";
import { CENTRED_EDGE_EM, LABEL_AT_MIDDLE_EM, NEXT_LINE_EM } from "./layout-rules";

interface Placed {
  page: number;
  column: number;
  box: Extent;
}

const middleX = (b: Extent) => (b.x0 + b.x1) / 2;
const sameColumn = (a: Extent, b: Extent, tolerance: number) =>
  Math.abs(a.x0 - b.x0) <= tolerance || Math.abs(a.x1 - b.x1) <= tolerance || Math.abs(middleX(a) - middleX(b)) <= tolerance;
const middleY = (b: Extent) => (b.top + b.bottom) / 2;

function unionOf(boxes: readonly Extent[]): Extent {
  return boxes.reduce(union);
}

/** Whether some other text stands between two lines, over either of them. */
function somethingBetween<F extends Placed>(upper: Extent, lower: Extent, page: number, skip: ReadonlySet<F>, texts: readonly F[]): boolean {
  const x0 = Math.min(upper.x0, lower.x0);
  const x1 = Math.max(upper.x1, lower.x1);
  return texts.some(
    (t) => !skip.has(t) && t.page === page && t.box.x1 > x0 && t.box.x0 < x1 && t.box.top >= upper.bottom - 1e-6 && t.box.bottom <= lower.top + 1e-6,
  );
}

/**
 * The one line a block continues: among `candidates` (same page and column), above or below it, in its
 * column, a cell's line apart, with nothing between.
 */
function adjacentLine<F extends Placed>(block: readonly F[], candidates: Iterable<F>, texts: readonly F[]): F | null {
  const box = unionOf(block.map((f) => f.box));
  const first = block[0];
  if (!first) return null;
  const inBlock = new Set(block);
  const found: F[] = [];
  for (const f of candidates) {
    if (inBlock.has(f) || f.page !== first.page || f.column !== first.column) continue;
    const size = Math.max(f.box.size, box.size);
    if (!sameColumn(f.box, box, size * CENTRED_EDGE_EM)) continue;
    const [upper, lower] = f.box.top < box.top ? [f.box, box] : [box, f.box];
    const gap = lower.top - upper.bottom;
    if (gap < 0 || gap > size * NEXT_LINE_EM) continue;
    if (somethingBetween(upper, lower, f.page, new Set([...inBlock, f]), texts)) continue;
    found.push(f);
  }
  return found.length === 1 ? (found[0] ?? null) : null;
}

const atMiddle = (label: Extent, cell: Extent) => Math.abs(middleY(cell) - middleY(label)) <= cell.size * LABEL_AT_MIDDLE_EM;

/**
 * The label a cell of lines none of which is beside it is centred beside: to its left, nearest, its middle
 * at the cell's, with no value of its own and no text between them on its row.
 */
function labelAtMiddle<F extends Placed, L extends Placed>(
  cell: Extent,
  page: number,
  column: number,
  labels: readonly L[],
  taken: ReadonlySet<L>,
  texts: readonly F[],
): L | null {
  let best: L | null = null;
  for (const l of labels)
    if (
      l.page === page &&
      l.column === column &&
      l.box.x1 <= cell.x0 + cell.size * CENTRED_EDGE_EM &&
      atMiddle(l.box, cell) &&
      (!best || l.box.x1 > best.box.x1)
    )
      best = l;
  if (!best || taken.has(best)) return null;
  const label = best;
  const between = texts.some(
    (t) => t.page === page && t.box.bottom > label.box.top && t.box.top < label.box.bottom && t.box.x0 >= label.box.x1 && t.box.x1 <= cell.x0,
  );
  return between ? null : label;
}

/**
 * Blocks beside no label (`below`) that are the other lines of a centred value cell: anchored to that
 * value's label in `anchored`. Two such blocks, one over the other, with a label centred beside them and
 * no value of its own, are that label's. Returns the blocks left.
 */
export function joinCentredWraps<F extends Placed, L extends Placed>(
  below: readonly F[][],
  anchored: Map<F, L>,
  texts: readonly F[],
  labels: readonly L[],
): F[][] {
  const joins = new Map<L, F[][]>();
  const left: F[][] = [];
  for (const block of below) {
    const value = adjacentLine(block, anchored.keys(), texts);
    const label = value ? anchored.get(value) : undefined;
    if (!label) left.push(block);
    else joins.set(label, [...(joins.get(label) ?? []), block]);
  }
  const rest: F[][] = [];
  for (const [label, blocks] of joins) {
    const own = [...anchored].filter(([f, l]) => l === label && f.page === label.page).map(([f]) => f.box);
    if (atMiddle(label.box, unionOf([...own, ...blocks.flat().map((f) => f.box)]))) for (const f of blocks.flat()) anchored.set(f, label);
    else rest.push(...blocks);
  }
  // Two lines of a cell neither of which is beside its label (a small value font at a loose leading).
  const taken = new Set(anchored.values());
  const paired = new Set<F[]>();
  for (const block of left) {
    if (paired.has(block)) continue;
    const others = left.filter((b) => b !== block && !paired.has(b));
    const next = adjacentLine(block, others.flat(), texts);
    const partner = next ? others.find((b) => b.includes(next)) : undefined;
    const first = block[0];
    if (!partner || !first) continue;
    const label = labelAtMiddle(unionOf([...block, ...partner].map((f) => f.box)), first.page, first.column, labels, taken, texts);
    if (!label) continue;
    for (const f of [...block, ...partner]) anchored.set(f, label);
    taken.add(label);
    paired.add(block).add(partner);
  }
  return [...left.filter((b) => !paired.has(b)), ...rest];
}
