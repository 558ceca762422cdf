/**
 * @module Labels wrapped inside a narrow cell ("关联的初始登" over "记编号", "工商注册号/统" over "一社会信用代"
 * over "码"), put back together by column: the reader's one joiner of wrapped labels, for typeset pages
 * and plain-text pages alike (plain-text-pages.ts).
 */
import type { Extent } from "../text/page";
import { union } from "./boxes";
import { type Fragment, fragment, type PendingLabel, sameColumn, wholeLabel } from "./fragments";
import { isLabelPrefix } from "./labels";
import { KNOWN_WRAP_GAP_EM, WRAPPED_LINES_MAX } from "./layout-rules";

/**
 * A letter-spaced label's first line run on into its value with no wider gap than its own spacing
 * ("主 合 同 HT2018911849" over "号 码"): the longest run of words up to a space that begins a label, and
 * the rest of the line.
 */
function spacedLabelHead(t: Fragment): { text: string; box: Extent; rest: Fragment | null } | null {
  for (let at = t.text.lastIndexOf(" "); at > 0; at = t.text.lastIndexOf(" ", at - 1)) {
    const head = t.text.slice(0, at).replace(/\s/g, "");
    if (!/\s/.test(t.text.slice(0, at)) || !isLabelPrefix(head)) continue;
    const g = t.line.geometry;
    if (!g) return null;
    return { text: head, box: g.extent(t.from, t.from + at), rest: fragment(t.line, t.from + at, t.to) };
  }
  return null;
}

/**
 * Labels wrapped in a narrow cell: a piece that begins a label, then the pieces under it in its column,
 * one line's spacing apart, as long as the joined text still begins a label; the longest whole label wins.
 * Pieces used are taken out of the text fragments (a tail followed by a value keeps the value).
 */
export function joinWrapped(labels: PendingLabel[], texts: Fragment[]): void {
  const used = new Set<Fragment>();
  const consumed = new Set<PendingLabel>();
  const starts: {
    text: string;
    box: Extent;
    page: number;
    column: number;
    replaces: PendingLabel | null;
    piece: Fragment | null;
    /** What follows a letter-spaced label's first line on its line ("主 合 同 HT2018…"): the value, kept. */
    rest: Fragment | null;
  }[] = [
    ...texts.flatMap((t) => {
      if (isLabelPrefix(t.text.replace(/\s/g, "")))
        return [{ text: t.text.replace(/\s/g, ""), box: t.box, page: t.page, column: t.column, replaces: null, piece: t, rest: null }];
      const head = spacedLabelHead(t);
      return head ? [{ ...head, page: t.page, column: t.column, replaces: null, piece: t }] : [];
    }),
    ...labels
      .filter((l) => !l.colon && isLabelPrefix(l.label))
      .map((l) => ({ text: l.label, box: l.box, page: l.page, column: l.column, replaces: l, piece: null, rest: null })),
  ];
  for (const start of starts) {
    if (start.piece && used.has(start.piece)) continue;
    let joined = start.text;
    let box = start.box;
    let best: { label: ReturnType<typeof wholeLabel>; box: Extent; pieces: Fragment[]; tail: { fragment: Fragment; length: number } | null } | null =
      null;
    const pieces: Fragment[] = [];
    /** A piece below that reads as a label of its own ("登记编号" under "关联的初始"): taken when the join is a longer label. */
    let labelPiece: PendingLabel | null = null;
    for (let step = 0; step < WRAPPED_LINES_MAX - 1; step++) {
      const below = texts
        .filter((t) => t.page === start.page && !used.has(t) && t !== start.piece && !pieces.includes(t))
        .filter((t) => t.box.top > box.top && t.box.top - box.bottom < box.size * KNOWN_WRAP_GAP_EM && sameColumn(start.box, t.box))
        .sort((a, b) => a.box.top - b.box.top)[0];
      const belowLabel = labels
        .filter((l) => l !== start.replaces && !l.colon && l.page === start.page && !consumed.has(l))
        .filter((l) => l.box.top > box.top && l.box.top - box.bottom < box.size * KNOWN_WRAP_GAP_EM && sameColumn(start.box, l.box))
        .sort((a, b) => a.box.top - b.box.top)[0];
      if (belowLabel && (!below || belowLabel.box.top < below.box.top)) {
        const hit = wholeLabel(joined + belowLabel.label);
        if (hit && hit.end === joined.length + belowLabel.label.length) {
          labelPiece = belowLabel;
          best = { label: hit, box: union(box, belowLabel.box), pieces: [...pieces], tail: null };
        }
        break;
      }
      if (!below) break;
      const candidate = joined + below.text.replace(/\s/g, "");
      const hit = wholeLabel(candidate);
      // (Unless the run still begins a longer label: "统一社会信用代码/身" of 统一社会信用代码/身份证件号码.)
      if (hit && hit.end > joined.length && hit.end < candidate.length && /\s/.test(below.text) === false && !isLabelPrefix(candidate)) {
        // The tail and the value in one run ("记编号：0438…"): the label ends inside this piece.
        const length = hit.end - joined.length;
        best = { label: hit, box: union(box, below.box), pieces: [...pieces], tail: { fragment: below, length } };
        break;
      }
      pieces.push(below);
      box = union(box, below.box);
      joined = candidate;
      if (hit && hit.end === candidate.length) best = { label: hit, box, pieces: [...pieces], tail: null };
      else if (!isLabelPrefix(joined)) break;
    }
    if (!best?.label) continue;
    if (labelPiece) consumed.add(labelPiece);
    for (const p of best.pieces) used.add(p);
    if (start.piece) used.add(start.piece);
    if (start.rest) texts.push(start.rest);
    if (best.tail) {
      const { fragment: f, length } = best.tail;
      const rest = fragment(f.line, f.from + length, f.to);
      texts.splice(texts.indexOf(f), 1, ...(rest ? [rest] : []));
    }
    const entry = { field: best.label.field, label: best.label.label, roleHeading: best.label.roleHeading };
    if (start.replaces) Object.assign(start.replaces, entry, { box: best.box });
    else labels.push({ ...entry, page: start.page, column: start.column, box: best.box, colon: false, values: [] });
  }
  for (let k = texts.length - 1; k >= 0; k--) if (used.has(texts[k] as Fragment)) texts.splice(k, 1);
  for (let k = labels.length - 1; k >= 0; k--) if (consumed.has(labels[k] as PendingLabel)) labels.splice(k, 1);
}
