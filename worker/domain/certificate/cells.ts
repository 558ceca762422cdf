/**
 * @module A certificate page read by its geometry, not its line order: every line is cut into label and
 * text fragments (at labels and at wide gaps), each with its box; labels wrapped over several lines of a
 * narrow cell ("工商注册号/统" / "一社会信用代" / "码") are put back together by column; then each text
 * fragment goes to its label:
 * - beside it: the nearest label to its left whose box overlaps it vertically (a row of two label–value
 *   pairs, a value written before its label in the stream);
 * - through its block: fragments stacked in one column with a line's spacing are one cell (a wrapped value,
 *   a label centred beside a tall value), and a block goes to the label one of its lines is beside;
 * - below it: a block beside no label continues the label above it in its column (a label above its value,
 *   a description under its label, a long value over a page break), when that label's value can take it;
 * - above it: a block beside and below no label, on the line over a label still without a value, when
 *   that label's typed field reads it (a time printed before "登记时间").
 * What is left is stray. Stream order and where the extractor broke lines stop mattering; a label with
 * nothing beside, below or above it has no value, and never takes the next label as one. Pages given
 * without positions are read the same way, set first as typewriter pages (plain-text-pages.ts).
 */
import type { Extent } from "../text/page";
import { overlap, overlapX } from "./boxes";
import { blocksOf } from "./cell-blocks";
import { FIELD_READERS, isLongText } from "./field-kinds";
import { aligned, blockBox, type Fragment, fragment, type LabelPlace, type PendingLabel, pieceOf, textOf, wholeLabel } from "./fragments";
import { isSectionHeading, labelsIn, matchRoleHeading } from "./labels";
import { joinCentredWraps } from "./centred-wraps";
import { labelsByPlace } from "./label-column";
import type { SourceLine } from "./lines";
import type { Piece } from "./piece";
import { valueAgainst } from "./stray-neighbours";
import { FURNITURE_NAMES } from "./vocabulary";
import { isTypesetHeading, labelsOfPage, type PageLabels } from "./typeset-headings";
import { joinWrapped } from "./wrapped-labels";
import {
  BELOW_TOLERANCE_EM,
  CELL_EDGE_EM,
  KNOWN_WRAP_GAP_EM,
  LABEL_OVERHANG_EM,
  LABEL_SIZE_TOLERANCE_PT,
  MID_ROW_GAP_EM,
  NEXT_COLUMN_GAP_EM,
  NEXT_LINE_EM,
  READING_ROW_SHARE,
  SAME_ROW_SHARE,
  WRAPPED_LINE_GAP_EM,
} from "./layout-rules";

export interface LabelCell extends LabelPlace {
  kind: "label";
  /** The value's fragments, top to bottom, left to right. */
  values: Piece[];
  /** The value's text line by line: the lines of a list (attachment names) stay apart. */
  lines: string[];
  /** Stray lines set against the value's cell (stray-neighbours.ts): the value may lack them or hold a neighbour's text. */
  strayAgainst: SourceLine[];
}

export interface LineItem {
  kind: "heading" | "stray";
  page: number;
  column: number;
  box: Extent;
  line: SourceLine;
}

export type CellItem = LabelCell | LineItem;

/** A line's labels and the text between them, cut at wide gaps. */
function cutLine(line: SourceLine, labels: PendingLabel[], texts: Fragment[]): void {
  const g = line.geometry;
  if (!g) return;
  const hits = labelsIn(line.text, g.cellStarts);
  const textRanges: [number, number][] = [];
  let at = 0;
  for (const hit of hits) {
    if (hit.start > at) textRanges.push([at, hit.start]);
    const labelEnd = hit.start + line.text.slice(hit.start, hit.valueStart).trimEnd().length;
    labels.push({
      page: line.page,
      column: line.column ?? 0,
      box: g.extent(hit.start, labelEnd),
      field: hit.field,
      label: hit.label,
      roleHeading: hit.roleHeading,
      colon: hit.colon,
      source: { line, from: hit.start, to: hit.valueStart },
      values: [],
    });
    at = hit.valueStart;
  }
  if (at < line.text.length) textRanges.push([at, line.text.length]);
  for (const [from, to] of textRanges) {
    const cuts = [from, ...g.cellStarts.filter((c) => c > from && c < to), to];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const f = fragment(line, cuts[k] ?? from, cuts[k + 1] ?? to);
      if (f) texts.push(f);
    }
  }
}

/**
 * The label a fragment sits beside: to its left, overlapping it vertically, the nearest; and nothing on
 * its line between them but the value's own text. Text after a wide gap beyond the label's value is
 * another column's (a page set in two columns, "登记时间：… | …the description's lines"). Nor is a label
 * of its row's first pair beside text past the row's second label: a label wrapped onto a second line
 * ("交易业务类" / "型") reaches down beside the wrapped tail of the second pair's value ("…有限公" / "司"),
 * which stands in that second label's column, not in the first's.
 */
function besideLabel(f: Fragment, labels: readonly PendingLabel[], texts: readonly Fragment[]): PendingLabel | null {
  let best: PendingLabel | null = null;
  for (const l of labels) {
    if (l.page !== f.page || l.column !== f.column || l.box.x1 > f.box.x0 + f.box.size * LABEL_OVERHANG_EM || overlap(l.box, f.box) < SAME_ROW_SHARE)
      continue;
    if (!best || l.box.x1 > best.box.x1) best = l;
  }
  if (!best) return null;
  const label = best;
  const pastLabelOfRow = labels.some(
    (m) =>
      m !== label &&
      m.page === f.page &&
      m.column === f.column &&
      m.box.x0 >= label.box.x1 &&
      m.box.x1 <= f.box.x0 &&
      overlap(m.box, label.box) > SAME_ROW_SHARE,
  );
  if (pastLabelOfRow) return null;
  // Between them on the label's row: on the fragment's line, or on another line of a label wrapped over two
  // (a first pair's value on the label's first line, and beside the label's second line the next pair's
  // wrapped label "债权本金" / "余额": past that value's gap, it is another column's).
  const between = texts.filter(
    (t) =>
      t !== f &&
      (t.line === f.line || (t.page === f.page && t.column === f.column && overlap(t.box, label.box) >= SAME_ROW_SHARE)) &&
      t.box.x0 >= label.box.x1 - t.box.size * LABEL_OVERHANG_EM &&
      t.box.x1 <= f.box.x0,
  );
  const nearest = between.reduce<number>((x, t) => Math.max(x, t.box.x1), -Infinity);
  return between.length > 0 && f.box.x0 - nearest > f.box.size * NEXT_COLUMN_GAP_EM ? null : label;
}

/**
 * The label a cell of two or more lines is centred beside when none of its lines is: in a table of four
 * label/value columns a value wrapped over two lines straddles its label's line ("生产设备、原材料…产品"
 * above "交易业务类型", "抵押" below), each line too far up or down to overlap the label. The label is
 * the nearest to the block's left whose middle lies inside the block's height, in its column, with no
 * value of its own beside it and no other text between them on its line.
 */
function centredBeside(
  block: readonly Fragment[],
  labels: readonly PendingLabel[],
  texts: readonly Fragment[],
  anchored: ReadonlyMap<Fragment, PendingLabel>,
): PendingLabel | null {
  if (block.length < 2) return null;
  const box = blockBox(block);
  const page = block[0]?.page;
  const column = block[0]?.column;
  const taken = new Set(anchored.values());
  let best: PendingLabel | null = null;
  for (const l of labels) {
    const middle = (l.box.top + l.box.bottom) / 2;
    if (l.page !== page || l.column !== column || l.box.x1 > box.x0 + box.size * LABEL_OVERHANG_EM || middle <= box.top || middle >= box.bottom)
      continue;
    if (!best || l.box.x1 > best.box.x1) best = l;
  }
  if (!best || taken.has(best)) return null;
  const label = best;
  const between = texts.some(
    (t) =>
      t.page === label.page &&
      !block.includes(t) &&
      overlap(t.box, label.box) > SAME_ROW_SHARE &&
      t.box.x0 >= label.box.x1 - t.box.size * LABEL_OVERHANG_EM &&
      t.box.x1 <= box.x0,
  );
  return between ? null : label;
}

/** Whether a label's value takes a block found below it (not beside it). */
function takesBelow(label: PendingLabel, block: readonly Fragment[], box: Extent): boolean {
  if (label.values.length === 0) return true;
  if (isLongText(label.field)) return true;
  const current = textOf(label.values);
  const reader = FIELD_READERS[label.field];
  if (reader) return reader(current) === null && reader(current + textOf(block)) !== null;
  // Free text (a name, an address) wraps onto the next line only: below its last line, never above it.
  const last = label.values[label.values.length - 1];
  return last !== undefined && last.page === block[0]?.page && box.top >= last.box.top && box.top - last.box.bottom < box.size * NEXT_LINE_EM;
}

/**
 * Whether a block stands under a long value's own lines (a description set full width under its
 * right-aligned label, an invoice table under the description): its left edge is that of a value line
 * above it on its page, and no label stands between them.
 */
function underLongValue(label: PendingLabel, box: Extent, labels: readonly PendingLabel[]): boolean {
  const lines = label.values.filter(
    (v) => v.page === label.page && v.column === label.column && v.box.bottom <= box.top && Math.abs(v.box.x0 - box.x0) < box.size,
  );
  const last = lines.reduce<number>((bottom, v) => Math.max(bottom, v.box.bottom), -Infinity);
  if (lines.length === 0) return false;
  return !labels.some((l) => l !== label && l.page === label.page && l.column === label.column && l.box.top >= last && l.box.top < box.top);
}

/**
 * The label a block beside and below no label stands right above, when that label's field reads the block
 * (a time printed on the line before its label "登记时间", a text layer whose stream put the value first).
 * Typed fields only: their reader vouches for the text, where free text could be anyone's stray line.
 */
function labelUnder(block: readonly Fragment[], box: Extent, labels: readonly PendingLabel[]): PendingLabel | null {
  const under = labels
    .filter((l) => l.page === block[0]?.page && l.column === block[0]?.column && overlapX(l.box, box) > 0)
    .filter((l) => l.box.top >= box.bottom - box.size * BELOW_TOLERANCE_EM && l.box.top - box.bottom < box.size * NEXT_LINE_EM)
    .sort((a, b) => a.box.top - b.box.top)[0];
  const reader = under && FIELD_READERS[under.field];
  return under && reader && reader(textOf(block)) !== null ? under : null;
}

/** Rows: items whose boxes overlap vertically, top to bottom; left to right inside a row; a column to its end before the next. */
function readingOrder<T extends { page: number; column: number; box: Extent }>(items: T[]): T[] {
  const sorted = [...items].sort((a, b) => a.page - b.page || a.column - b.column || a.box.top - b.box.top);
  const rows: T[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && first.page === item.page && first.column === item.column && row.some((r) => overlap(r.box, item.box) > READING_ROW_SHARE))
      row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
}

/** Each page's labels: their usual size and the label column's left edge, for headings known by their setting. */
function labelsOfPages(lines: readonly SourceLine[]): Map<number, PageLabels> {
  const found = new Map<number, Extent[]>();
  for (const line of lines) {
    const g = line.geometry;
    if (!g) continue;
    for (const hit of labelsIn(line.text, g.cellStarts)) found.set(line.page, [...(found.get(line.page) ?? []), g.extent(hit.start, hit.valueStart)]);
  }
  const out = new Map<number, PageLabels>();
  for (const [page, boxes] of found) {
    const sizes = boxes.map((b) => b.size).sort((a, b) => a - b);
    out.set(page, { size: sizes[Math.floor(sizes.length / 2)] ?? 0, x0: Math.min(...boxes.map((b) => b.x0)) });
  }
  return out;
}

/**
 * Lines in the label column that no dictionary knows (label-column.ts) become labels: they end the value
 * above them, and their own value is read and kept apart (field "ignored" unless the joined words are a
 * known label).
 */
function promoteByPlace(labels: PendingLabel[], texts: Fragment[]): void {
  const beside = new Map<PendingLabel, Extent>();
  /** Text right after a label on its line ("姓名：周凯") is that label's value wherever it ends. */
  const valueOfItsLine = new Set<Fragment>();
  for (const t of texts) {
    const label = besideLabel(t, labels, texts);
    if (!label) continue;
    if (!beside.has(label)) beside.set(label, t.box);
    if (!texts.some((o) => o !== t && o.line === t.line && o.box.x0 >= label.box.x1 && o.box.x1 <= t.box.x0)) valueOfItsLine.add(t);
  }
  const blocks = blocksOf(texts, labels).filter((b) => !b.some((f) => valueOfItsLine.has(f)));
  const promoted = new Set<Fragment>();
  for (const group of joinStacked(labelsByPlace(labels, beside, blocks))) {
    const first = group[0];
    if (!first) continue;
    const text = group.map((f) => f.text.replace(/\s/g, "")).join("");
    const known = wholeLabel(text);
    const entry = known && known.end === text.length ? known : null;
    labels.push({
      page: first.page,
      column: first.column,
      box: blockBox(group),
      field: entry?.field ?? "ignored",
      label: entry?.label ?? text,
      roleHeading: entry?.roleHeading ?? null,
      colon: false,
      values: [],
    });
    for (const f of group) promoted.add(f);
  }
  for (let k = texts.length - 1; k >= 0; k--) if (promoted.has(texts[k] as Fragment)) texts.splice(k, 1);
}

/**
 * Label words set in a value's place and size ("统一社会信用代码" as the value of 证件类型, right beside that
 * label with nothing between, in another size than the page's labels) are that value: typesetting says
 * what is a label, the words only which one.
 */
function demoteBySize(labels: PendingLabel[], texts: Fragment[], pages: ReadonlyMap<number, PageLabels>): void {
  for (let k = labels.length - 1; k >= 0; k--) {
    const l = labels[k] as PendingLabel;
    const size = pages.get(l.page)?.size;
    if (!l.source || size === undefined || Math.abs(l.box.size - size) <= LABEL_SIZE_TOLERANCE_PT) continue;
    // Where the value of the label to its left stands: nothing between them on the row.
    const valueOf = labels.find(
      (m) =>
        m !== l &&
        m.page === l.page &&
        m.column === l.column &&
        m.box.x1 <= l.box.x0 &&
        overlap(m.box, l.box) > SAME_ROW_SHARE &&
        !texts.some((t) => t.page === l.page && overlap(t.box, l.box) > SAME_ROW_SHARE && t.box.x0 >= m.box.x1 && t.box.x1 <= l.box.x0),
    );
    if (!valueOf) continue;
    const f = fragment(l.source.line, l.source.from, l.source.to);
    labels.splice(k, 1);
    if (f) texts.push(f);
  }
}

/** A label's lines a wide leading apart stay one label (joinStacked). */

function joinStacked(groups: Fragment[][]): Fragment[][] {
  const out: Fragment[][] = [];
  const sorted = [...groups].sort((a, b) => (a[0]?.page ?? 0) - (b[0]?.page ?? 0) || (a[0]?.box.top ?? 0) - (b[0]?.box.top ?? 0));
  for (const group of sorted) {
    const first = group[0];
    const above = out.find((previous) => {
      const last = previous[previous.length - 1];
      if (!last || !first || last.page !== first.page || last.column !== first.column || !aligned(last.box, first.box)) return false;
      const gap = first.box.top - last.box.bottom;
      const words = textOf([...previous, ...group]).replace(/\s/g, "");
      const known = wholeLabel(words);
      return gap >= 0 && gap < (known && known.end === words.length ? KNOWN_WRAP_GAP_EM : WRAPPED_LINE_GAP_EM) * first.box.size;
    });
    if (above) above.push(...group);
    else out.push([...group]);
  }
  return out;
}

/**
 * A label seen is a field read or flagged (issue 39): a label left without a value, with a line no rule
 * placed on its row past it (before any other label), may have had that line for its value. The nearest such
 * label to the line's left.
 */
function emptyLabelBeside(item: LineItem, labels: readonly PendingLabel[]): PendingLabel | null {
  const onRow = labels.filter(
    (l) =>
      l.page === item.page &&
      l.column === item.column &&
      overlap(l.box, item.box) >= SAME_ROW_SHARE &&
      l.box.x1 <= item.box.x0 + item.box.size * LABEL_OVERHANG_EM,
  );
  const nearest = onRow.sort((a, b) => b.box.x1 - a.box.x1)[0];
  return nearest && nearest.values.length === 0 ? nearest : null;
}

/**
 * Text a page prints mid-row between a typed label and its value (a running row number, the issuer's name
 * laid over the row, a page number: "主 合 同 币 种  34  人民币"): the text beside the label fails the field's
 * reader, the text past it on the label's row, before any other label, reads. The value is that text; what
 * stood between is taken out of the fragments and returned, each with its label, to be reported against it.
 */
function skipMidRowText(labels: readonly PendingLabel[], texts: Fragment[], anchored: Map<Fragment, PendingLabel>): Map<Fragment, PendingLabel> {
  const skipped = new Map<Fragment, PendingLabel>();
  for (const label of labels) {
    const reader = FIELD_READERS[label.field];
    const mine = texts.filter((t) => anchored.get(t) === label);
    if (!reader || mine.length === 0 || reader(textOf(mine)) !== null) continue;
    // Text between and the value both beside the label, a gap apart ("33" "人民币"): the fragments that read.
    const ordered = [...mine].sort((a, b) => a.box.x0 - b.box.x0);
    const from = ordered.findIndex((_, k) => k > 0 && ordered.slice(0, k).every(isMidRowText) && reader(textOf(ordered.slice(k))) !== null);
    if (from > 0) {
      for (const m of ordered.slice(0, from)) {
        anchored.delete(m);
        texts.splice(texts.indexOf(m), 1);
        skipped.set(m, label);
      }
      continue;
    }
    const right = Math.max(...mine.map((m) => m.box.x1));
    const onRow = (t: Fragment) => t.page === label.page && t.column === label.column && overlap(t.box, label.box) >= SAME_ROW_SHARE;
    const labelBetween = (t: Fragment) =>
      labels.some(
        (l) =>
          l !== label && l.page === label.page && l.box.x0 >= label.box.x1 && l.box.x1 <= t.box.x0 && overlap(l.box, label.box) >= SAME_ROW_SHARE,
      );
    const past = texts
      .filter((t) => !anchored.has(t) && onRow(t) && t.box.x0 >= right && !labelBetween(t))
      .sort((a, b) => a.box.x0 - b.box.x0)
      .find((t) => reader(t.text) !== null);
    // Or the text between and the value in one run, a space apart ("33 人民币").
    const split = past ? null : mine.length === 1 ? readTail(mine[0] as Fragment, reader) : null;
    if (!mine.every(isMidRowText) && !(split && isMidRowText(split.head))) continue;
    const value = past ?? split?.tail;
    if (!value) continue;
    for (const m of mine) {
      anchored.delete(m);
      texts.splice(texts.indexOf(m), 1);
      if (!split) skipped.set(m, label);
    }
    if (split) {
      skipped.set(split.head, label);
      texts.push(value);
    }
    anchored.set(value, label);
  }
  return skipped;
}

/** Text a page prints over a row: a running number (1 to 3 digits), a page number, the issuer's or the system's name. */
function isMidRowText(f: Fragment): boolean {
  const text = f.text.replace(/\s/g, "");
  return /^\d{1,3}$/.test(text) || /^第\d{1,4}页$/.test(text) || (FURNITURE_NAMES as readonly string[]).includes(text);
}

/**
 * The shortest tail of a fragment that the reader reads, after a space or a gap between two glyphs wider
 * than a space (the extractor wrote none), and the text before it.
 */
function readTail(f: Fragment, reader: (text: string) => unknown): { head: Fragment; tail: Fragment } | null {
  const g = f.line.geometry;
  if (!g) return null;
  for (let at = f.to - 1; at > f.from; at--) {
    const spaced = /\s/.test(f.line.text[at - 1] ?? "") || g.extent(at, at + 1).x0 - g.extent(at - 1, at).x1 > f.box.size * MID_ROW_GAP_EM;
    if (!spaced) continue;
    const tail = fragment(f.line, at, f.to);
    const head = fragment(f.line, f.from, at);
    if (tail && head && reader(tail.text) !== null) return { head, tail };
  }
  return null;
}

/** A line that is a block heading or a title, not data: kept whole. */
export type HeadingTest = (text: string) => boolean;

/**
 * The certificate's content lines (every line with its geometry) as labels with their values, headings
 * and stray lines, in reading order.
 */
export function readCells(lines: readonly SourceLine[], isTitle: HeadingTest): CellItem[] {
  const labels: PendingLabel[] = [];
  const texts: Fragment[] = [];
  const headings: LineItem[] = [];
  const pages = labelsOfPages(lines);
  for (const line of lines) {
    const g = line.geometry;
    if (!g) continue;
    const text = line.text.trim();
    const box = g.extent(0, line.text.length);
    // A heading before any label it holds ("填 表 人 信 息" starts with the label 填表人).
    const heading = matchRoleHeading(text) || isSectionHeading(text);
    const unlabelled = !heading && labelsIn(line.text, g.cellStarts).length === 0;
    if (heading || (unlabelled && (isTitle(text) || isTypesetHeading(text, box, labelsOfPage(pages, line.page))))) {
      headings.push({ kind: "heading", page: line.page, column: line.column ?? 0, box, line });
      continue;
    }
    cutLine(line, labels, texts);
  }
  demoteBySize(labels, texts, pages);
  joinWrapped(labels, texts);
  promoteByPlace(labels, texts);

  const strays: Fragment[] = [];
  const anchored = new Map<Fragment, PendingLabel>();
  for (const t of texts) {
    const label = besideLabel(t, labels, texts);
    if (label) anchored.set(t, label);
  }
  const midRow = skipMidRowText(labels, texts, anchored);
  const blocks = blocksOf(texts, labels);
  const below: Fragment[][] = [];
  for (const block of blocks) {
    const anchors = block.filter((f) => anchored.has(f));
    if (anchors.length === 0) {
      const centred = centredBeside(block, labels, texts, anchored);
      if (centred) for (const f of block) anchored.set(f, centred);
      else below.push(block);
      continue;
    }
    const owners = new Set(anchors.map((f) => anchored.get(f)));
    for (const f of block) {
      if (anchored.has(f)) continue;
      // A line of a cell beside no label: the label of its cell. Where the cell holds lines beside two
      // labels (one value running on into the next row's column), a line continues the value above it.
      const above = anchors.filter((a) => a.page === f.page && a.box.top < f.box.top).pop();
      const nearest =
        owners.size > 1 && above ? above : anchors.reduce((a, b) => (Math.abs(b.box.top - f.box.top) < Math.abs(a.box.top - f.box.top) ? b : a));
      const label = anchored.get(nearest);
      if (label) anchored.set(f, label);
    }
  }
  const unplaced = joinCentredWraps(below, anchored, texts, labels);
  for (const [f, label] of anchored) label.values.push(f);

  // Blocks beside no label, top to bottom: each continues the label above it in its column, or is stray.
  const ordered = readingOrder(labels);
  const valuesAbove: { block: Fragment[]; label: PendingLabel }[] = [];
  unplaced.sort((a, b) => (a[0]?.page ?? 0) - (b[0]?.page ?? 0) || blockBox(a).top - blockBox(b).top);
  for (const block of unplaced) {
    const box = blockBox(block);
    const page = block[0]?.page ?? 0;
    const tolerance = box.size * BELOW_TOLERANCE_EM;
    const column = block[0]?.column ?? 0;
    const above = [
      ...ordered.filter(
        (l) =>
          l.page === page &&
          l.column === column &&
          l.box.bottom <= box.top + tolerance &&
          // A description set full width under its right-aligned label starts left of the label.
          (l.box.x0 <= box.x0 + box.size * CELL_EDGE_EM ||
            (isLongText(l.field) && ((l.box.x0 < box.x1 && l.box.x1 > box.x0) || underLongValue(l, box, labels)))),
      ),
      ...headings.filter((h) => h.page === page && h.column === column && h.box.bottom <= box.top + tolerance),
    ];
    above.sort((a, b) => b.box.bottom - a.box.bottom || b.box.x0 - a.box.x0);
    let owner: PendingLabel | LineItem | undefined = above[0];
    // Nothing above it in its column: a column's or a page's first lines continue the last label before them.
    // Text under a label or heading of its own page is not a page's first line, wherever that label stands.
    const pageAbove = [...labels, ...headings].some((l) => l.page === page && l.column === column && l.box.bottom <= box.top + tolerance);
    if (owner === undefined && !pageAbove) owner = ordered.filter((l) => l.page < page || (l.page === page && l.column < column)).pop();
    if (
      owner &&
      !("kind" in owner) &&
      ((owner.page === page && owner.column === column) || isLongText(owner.field) || owner.values.length === 0) &&
      takesBelow(owner, block, box)
    ) {
      owner.values.push(...block);
      continue;
    }
    const under = labelUnder(block, box, labels);
    if (under) valuesAbove.push({ block, label: under });
    else strays.push(...block);
  }
  // Once every label has what stands beside and below it: a label still without a value takes the line above.
  for (const { block, label } of valuesAbove) {
    if (label.values.length === 0) label.values.push(...block);
    else strays.push(...block);
  }

  strays.push(...midRow.keys());
  const strayItems = strays.map((f): LineItem => ({
    kind: "stray",
    page: f.page,
    column: f.column,
    box: f.box,
    line: { ...f.line, start: f.line.start + f.from, text: f.text, geometry: null },
  }));
  // A stray line against a value's cell leaves that value unvouched for (stray-neighbours.ts).
  const against = new Map<PendingLabel, SourceLine[]>();
  const owners = new Map(labels.filter((l) => l.values.length > 0).map((l) => [l, l.values] as const));
  strayItems.forEach((item, k) => {
    // Text printed mid-row between a label and its value is against that value, wherever it stands.
    const owner = midRow.get(strays[k] as Fragment) ?? valueAgainst(item, owners) ?? emptyLabelBeside(item, labels);
    if (owner) against.set(owner, [...(against.get(owner) ?? []), item.line]);
  });
  const items: CellItem[] = [
    ...labels.map((l): LabelCell => {
      // Lines in page order (the extractor's lines run top to bottom; a column to its end before the next),
      // fragments of a line left to right.
      const values = [...l.values].sort((a, b) => a.page - b.page || a.column - b.column || a.line.start - b.line.start || a.from - b.from);
      const lines: string[] = [];
      values.forEach((v, k) => {
        const previous = values[k - 1];
        if (previous && previous.page === v.page && previous.line.start === v.line.start) lines[lines.length - 1] += v.text;
        else lines.push(v.text);
      });
      return {
        kind: "label",
        page: l.page,
        column: l.column,
        box: l.box,
        field: l.field,
        label: l.label,
        roleHeading: l.roleHeading,
        values: values.map(pieceOf),
        lines,
        strayAgainst: against.get(l) ?? [],
      };
    }),
    ...headings,
    ...strayItems,
  ];
  return readingOrder(items);
}
