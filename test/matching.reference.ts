/**
 * @module A deliberately naive second implementation of the matching rules (worker/domain/matching
 * index.ts doc comment), written from the rules rather than from the scanner: whole-text folding
 * into arrays, indexOf-style comparisons at every position, tokens built from a chunk list.
 * Only for tests on small texts.
 */
import { normalizeValue, type Criterion, type Hit } from "../worker/domain/matching";

const SEPARATORS = new Set(["-", "~", "至", "到", "一", "ー"]);
/** Marks of an abbreviated list ("07573825/26/27", "07573825、26、27"). */
const LIST_MARKS = new Set(["/", "、"]);
const SHORT_MAX = 4;
const HEAD_MIN = 6;

interface Token {
  start: number;
  end: number;
  digits: string;
  chunks: number[];
}

export function referenceScan(criteria: readonly Criterion[], text: string): Hit[] {
  const folded: string[] = [];
  const origin: number[] = [];
  const perUnit: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = normalizeValue(text.charAt(i));
    perUnit.push(f);
    if (f !== "") {
      folded.push(f);
      origin.push(i);
    }
  }
  const norm = folded.join("");
  const hits: Hit[] = [];
  const add = (c: Criterion, via: Hit["via"], start: number, end: number) => {
    if (!hits.some((h) => h.criterionId === c.id && h.start === start && h.end === end)) {
      hits.push({ criterionId: c.id, termKind: c.kind, via, start, end, matched: text.slice(start, end) });
    }
  };
  const tokens = tokenize(perUnit, text);
  for (const c of criteria) {
    const v = normalizeValue(c.value);
    if (v === "") continue;
    if (c.kind === "invoice_no" && /^[0-9]+$/.test(v)) {
      for (const t of tokens) if (t.digits === v) add(c, "exact", t.start, t.end);
      for (let k = 1; k < tokens.length; k++) {
        const a = tokens[k - 1] as Token;
        const b = tokens[k] as Token;
        const between = perUnit.slice(a.end, b.start).join("");
        // An ordinal's "号" after the first number; separators; a number sign or an ordinal's "第" before the second.
        const sign = /(?:no[.:#]?|№|第)$/.exec(between);
        const signless = sign ? between.slice(0, sign.index) : between;
        const separators = signless.startsWith("号") ? signless.slice(1) : signless;
        if (separators === "" || ![...separators].every((ch) => SEPARATORS.has(ch))) continue;
        if (a.digits.length === v.length && b.digits.length === v.length && a.digits < v && v < b.digits) add(c, "range", a.start, b.end);
        // The second number gives only the digits that change ("12345601-09"): up to it, included.
        if (a.digits.length === v.length && a.digits.length >= HEAD_MIN && b.digits.length < a.digits.length) {
          const high = a.digits.slice(0, a.digits.length - b.digits.length) + b.digits;
          if (a.digits < v && v <= high) add(c, "range", a.start, b.end);
        }
      }
      for (const list of abbreviatedLists(tokens, perUnit)) if (list.value === v) add(c, "list", list.start, list.end);
      for (const grouped of hyphenGroups(perUnit)) if (grouped.digits === v) add(c, "exact", grouped.start, grouped.end);
    } else {
      for (let p = 0; p + v.length <= norm.length; p++) {
        if (norm.slice(p, p + v.length) === v) add(c, "substring", origin[p] as number, (origin[p + v.length - 1] as number) + 1);
      }
    }
  }
  return hits.sort((x, y) => x.start - y.start || x.end - y.end);
}

/** Chunks are runs of folded digits; chunks one whitespace unit apart (not a tab) join only as 4,4,…,(1–4). */
function tokenize(perUnit: readonly string[], text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < perUnit.length) {
    if (!/^[0-9]$/.test(perUnit[i] as string)) {
      i++;
      continue;
    }
    let j = i;
    while (j < perUnit.length && /^[0-9]$/.test(perUnit[j] as string)) j++;
    const chunk = perUnit.slice(i, j).join("");
    const last = tokens[tokens.length - 1];
    const gapIsWhitespace = last !== undefined && i - last.end === 1 && perUnit[last.end] === "" && text.charAt(last.end) !== "\t";
    if (last && gapIsWhitespace && !last.chunks.some((n) => n !== 4) && chunk.length <= 4) {
      last.end = j;
      last.digits += chunk;
      last.chunks.push(chunk.length);
    } else {
      tokens.push({ start: i, end: j, digits: chunk, chunks: [chunk.length] });
    }
    i = j;
  }
  return tokens;
}

/**
 * Abbreviated lists, from the rule: a token of HEAD_MIN digits or more, then tokens of 1–SHORT_MAX digits,
 * each after the same one list mark (whitespace aside); each short one is the one before with its last
 * digits replaced, and must be above it, else the list ends.
 */
function abbreviatedLists(tokens: readonly Token[], perUnit: readonly string[]): { value: string; start: number; end: number }[] {
  const out: { value: string; start: number; end: number }[] = [];
  tokens.forEach((head, h) => {
    if (head.digits.length < HEAD_MIN) return;
    let value = head.digits;
    let mark: string | null = null;
    for (let k = h + 1; k < tokens.length; k++) {
      const t = tokens[k] as Token;
      const between = perUnit.slice((tokens[k - 1] as Token).end, t.start).join("");
      if (!LIST_MARKS.has(between) || (mark !== null && between !== mark) || t.digits.length > SHORT_MAX) break;
      mark = between;
      const next = value.slice(0, value.length - t.digits.length) + t.digits;
      if (next <= value) break;
      value = next;
      out.push({ value, start: head.start, end: t.end });
    }
  });
  return out;
}

/**
 * Numbers in groups joined by hyphens, from the rule (issue 39): digit runs each one "-" apart, two of any
 * size or 4-digit ones and a last of 1–4, 8 or 20 digits in all (an invoice number's); not after a digit and a "-" (a later piece of
 * the same writing), nor a 4-digit first group one whitespace unit after a 4-digit run (a grouped range end).
 */
function hyphenGroups(perUnit: readonly string[]): { digits: string; start: number; end: number }[] {
  const isDigit = (i: number) => /^[0-9]$/.test(perUnit[i] ?? "");
  const runEnd = (i: number) => {
    let j = i;
    while (isDigit(j)) j++;
    return j;
  };
  const out: { digits: string; start: number; end: number }[] = [];
  for (let start = 0; start < perUnit.length; start++) {
    if (!isDigit(start) || isDigit(start - 1)) continue;
    const groups: [number, number][] = [[start, runEnd(start)]];
    for (let at = (groups[0] as [number, number])[1]; perUnit[at] === "-" && isDigit(at + 1);) {
      const end = runEnd(at + 1);
      groups.push([at + 1, end]);
      at = end;
    }
    if (groups.length < 2) continue;
    if (perUnit[start - 1] === "-" && isDigit(start - 2)) continue;
    const sizes = groups.map(([a, b]) => b - a);
    const spacedBefore = perUnit[start - 1] === "" && start >= 1 && runEnd(start - 5) === start - 1 && !isDigit(start - 6) && isDigit(start - 5);
    if (sizes[0] === 4 && spacedBefore) continue;
    if (groups.length > 2 && !(sizes.slice(0, -1).every((n) => n === 4) && (sizes[sizes.length - 1] as number) <= 4)) continue;
    const digits = groups.map(([a, b]) => perUnit.slice(a, b).join("")).join("");
    if (digits.length === 8 || digits.length === 20) out.push({ digits, start, end: (groups[groups.length - 1] as [number, number])[1] });
  }
  return out;
}

/** A hit as a plain record, every field read (the matcher's hits slice `matched` when it is read, so it is no own property). */
export const asRecord = (h: Hit): Hit => ({
  criterionId: h.criterionId,
  termKind: h.termKind,
  via: h.via,
  start: h.start,
  end: h.end,
  matched: h.matched,
});
