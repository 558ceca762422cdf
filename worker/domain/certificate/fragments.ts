/**
 * @module What the one reader (cells.ts) reads a page as: fragments of a line's text with their boxes,
 * labels waiting for their values, and the few tests of place they share (same column, one cell's edges).
 */
import type { Extent } from "../text/page";
import { union } from "./boxes";
import { type FieldKey, labelAt } from "./labels";
import type { SourceLine } from "./lines";
import type { Piece } from "./piece";
import { CELL_EDGE_EM, COLUMN_EDGE_EM } from "./layout-rules";

export interface Fragment {
  page: number;
  /** The page's newspaper column (0 when it has none). */
  column: number;
  line: SourceLine;
  /** [from, to) in the line's text. */
  from: number;
  to: number;
  text: string;
  box: Extent;
}

export function fragment(line: SourceLine, from: number, to: number): Fragment | null {
  const raw = line.text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (!text || !line.geometry) return null;
  const start = from + lead;
  return {
    page: line.page,
    column: line.column ?? 0,
    line,
    from: start,
    to: start + text.length,
    text,
    box: line.geometry.extent(start, start + text.length),
  };
}

export function pieceOf(f: Fragment): Piece {
  const start = f.line.start + f.from;
  return { page: f.page, start, end: start + f.text.length, text: f.text };
}

/** Where a label stands and what it names: the same for a label still collecting its value and a read cell. */
export interface LabelPlace {
  page: number;
  column: number;
  box: Extent;
  field: FieldKey;
  label: string;
  roleHeading: string | null;
}

export interface PendingLabel extends LabelPlace {
  /** True when a colon follows the label: it does not continue below. */
  colon: boolean;
  values: Fragment[];
  /** Where a label found in a line's text stands in it ([from, to)): a label set as a value goes back to text. */
  source?: { line: SourceLine; from: number; to: number };
}

/** True when b sits in a's column: left edges, right edges or centres aligned. */
export function sameColumn(a: Extent, b: Extent): boolean {
  const tolerance = Math.max(a.size, b.size) * COLUMN_EDGE_EM;
  return Math.abs(a.x0 - b.x0) < tolerance || Math.abs(a.x1 - b.x1) < tolerance || Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) < tolerance;
}

/**
 * Lines of one cell share a left edge or a right edge (left-aligned, justified, right-aligned text). A
 * shared centre is not enough: a short line under a long one always shares it.
 */
export function aligned(a: Extent, b: Extent): boolean {
  const tolerance = Math.max(a.size, b.size) * CELL_EDGE_EM;
  return Math.abs(a.x0 - b.x0) < tolerance || Math.abs(a.x1 - b.x1) < tolerance;
}

/** The whole text as one label, with nothing after it but a colon: its entry. */
export function wholeLabel(text: string): { field: FieldKey; label: string; roleHeading: string | null; end: number } | null {
  const hit = labelAt(text, 0);
  return hit ? { field: hit.field, label: hit.label, roleHeading: hit.roleHeading, end: hit.valueStart } : null;
}

export function blockBox(block: readonly Fragment[]): Extent {
  return block.map((f) => f.box).reduce(union);
}

export function textOf(fragments: readonly Fragment[]): string {
  return fragments.map((f) => f.text).join("");
}
