/**
 * @module Labels known by how they are set, not by their words (STYLE 14): in a form whose labels stand in
 * a column with their values beside them, a line in that column, in the labels' size, that ends before the
 * values' column is a label, even when no dictionary has it ("联系人及电话", "国家或地区", wrapped over two
 * lines). It ends the value above it; the vocabulary then only says which field it is (none, for most).
 * The column is learnt from the labels the vocabulary does know on the same page.
 */
import type { Extent } from "../text/page";
import { BESIDE_SHARE, COLUMN_EDGE_EM, LABEL_SIZE_TOLERANCE_PT, MIN_COLUMN_LABELS, UNDER_LABEL_GAP_EM } from "./layout-rules";

export interface Placed {
  page: number;
  column: number;
  box: Extent;
}

export interface PlacedText extends Placed {
  text: string;
}

/** A label is words (a wrapped label's last line may be one character): digits, Latin runs or a long sentence are a value that starts in the column. */
const LABEL_WORDS = /^[\u4e00-\u9fff（）()/、·\s]{1,24}$/;

interface Edge {
  side: "left" | "right";
  at: number;
  size: number;
  /** Where the values beside this column's labels start: a label ends before it. */
  valuesFrom: number;
  /** The column's left boundary: a right-aligned label does not start left of the labels that share its end. */
  from: number;
}

/** The label columns of one page and newspaper column: known labels sharing a left or a right edge, with values beside them. */
function columnsOf<L extends Placed>(labels: readonly L[], besideValues: ReadonlyMap<L, Extent>): Edge[] {
  const edges: Edge[] = [];
  for (const side of ["left", "right"] as const) {
    const edge = (b: Extent) => (side === "left" ? b.x0 : b.x1);
    for (const label of labels) {
      const tolerance = label.box.size * COLUMN_EDGE_EM;
      const members = labels.filter(
        (l) => Math.abs(edge(l.box) - edge(label.box)) < tolerance && Math.abs(l.box.size - label.box.size) <= LABEL_SIZE_TOLERANCE_PT,
      );
      if (members.length < MIN_COLUMN_LABELS || edges.some((e) => e.side === side && Math.abs(e.at - edge(label.box)) < tolerance)) continue;
      const values = members.map((m) => besideValues.get(m)).filter((v): v is Extent => v !== undefined);
      // A column of labels set over their values (a label line, the value in the paragraph under it) is no label column.
      if (values.length < members.length * BESIDE_SHARE) continue;
      edges.push({
        side,
        at: edge(label.box),
        size: label.box.size,
        valuesFrom: Math.min(...values.map((v) => v.x0)),
        from: Math.min(...members.map((m) => m.box.x0)),
      });
    }
  }
  return edges;
}

function inColumn(t: PlacedText, edges: readonly Edge[]): boolean {
  if (!LABEL_WORDS.test(t.text)) return false;
  const tolerance = t.box.size * COLUMN_EDGE_EM;
  return edges.some(
    (e) =>
      Math.abs(t.box.size - e.size) <= LABEL_SIZE_TOLERANCE_PT &&
      t.box.x1 <= e.valuesFrom &&
      (e.side === "left" ? Math.abs(t.box.x0 - e.at) < tolerance : Math.abs(t.box.x1 - e.at) < tolerance && t.box.x0 >= e.from - tolerance),
  );
}

/**
 * The text fragments that are labels by their place, grouped into labels (a label wrapped over lines of its
 * cell is one group), top to bottom. `besideValues` holds, for each known label, the box of a value beside
 * it; `blocks` are the page's cells (fragments stacked a line apart): a cell whose lines are not all in the
 * label column is a value that starts there (a description's last short line), never a label.
 */
export function labelsByPlace<L extends Placed, T extends PlacedText>(
  labels: readonly L[],
  besideValues: ReadonlyMap<L, Extent>,
  blocks: readonly (readonly T[])[],
): T[][] {
  const edgesOf = new Map<string, Edge[]>();
  const key = (p: Placed) => `${p.page}\u0001${p.column}`;
  for (const k of new Set(labels.map(key)))
    edgesOf.set(
      k,
      columnsOf(
        labels.filter((l) => key(l) === k),
        besideValues,
      ),
    );
  const out: T[][] = [];
  for (const block of blocks) {
    const first = block[0];
    if (!first) continue;
    const edges = edgesOf.get(key(first)) ?? [];
    if (edges.length > 0 && block.every((t) => inColumn(t, edges)) && !underBareLabel(first, labels, besideValues)) out.push([...block]);
  }
  return out;
}

/** A line right under a label with nothing beside it is that label's value (a label set above its value), not a label. */

function underBareLabel<L extends Placed>(t: Placed, labels: readonly L[], besideValues: ReadonlyMap<L, Extent>): boolean {
  return labels.some(
    (l) =>
      l.page === t.page &&
      l.column === t.column &&
      !besideValues.has(l) &&
      t.box.top >= l.box.top &&
      t.box.top - l.box.bottom < l.box.size * UNDER_LABEL_GAP_EM &&
      l.box.x0 <= t.box.x1 &&
      t.box.x0 <= l.box.x1,
  );
}
