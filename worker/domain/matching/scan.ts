/**
 * @module The single pass over a text: automaton steps, invoice-number tokens and ranges.
 *
 * Per code unit the loop reads its class: a character in no pattern resets the automaton (the
 * common case in CJK text), whitespace is skipped, anything else steps the automaton and reports
 * keyword patterns at once. Digits are consumed a chunk at a time by an inner loop, and the
 * tokeniser (rules in ./index.ts) runs once per chunk, not per digit. Numeric patterns are never reported where they end: the state at the
 * last digit of a token is remembered, and when the token is complete its dictionary suffixes
 * are checked for a numeric pattern of exactly the token's length. The original offset of a
 * keyword's start is found by walking back over the pattern's length in non-whitespace units,
 * only when it hits, so the loop keeps no offset map at all.
 */
import { CLS_DIGIT0, CLS_OTHER, CLS_SEP_FIRST, CLS_SEP_LAST, sparseStep } from "./automaton";
import type { CompiledTables, Hit } from "./compile";
import { SKIP } from "./fold";

interface Ctx {
  t: CompiledTables;
  text: string;
  hits: Hit[];
}

export function scanText(t: CompiledTables, text: string): Hit[] {
  const hits: Hit[] = [];
  if (t.patterns.length === 0) return hits;
  const a = t.automaton;
  const { classOf, delta, alphabet, denseCount, eager } = a;
  const ctx: Ctx = { t, text, hits };
  const numeric = t.numericByLength.size > 0;

  let s = 0; // automaton state
  // Current digit token: [tokStart, endIdx], tokLen digits; its last chunk has chunkLen digits.
  let inToken = false;
  let tokStart = 0;
  let tokLen = 0;
  let chunkLen = 0;
  let endIdx = 0;
  let endState = 0;
  // Range: stage 2 = a token then separator(s) just ended; `from*` is the token before them.
  let stage = 0;
  let lastStart = 0;
  let lastEnd = 0;
  let lastLen = 0;
  let fromStart = -1;
  let fromEnd = 0;
  let fromLen = 0;

  const len = text.length;
  for (let i = 0; i < len; i++) {
    let cls = classOf[text.charCodeAt(i)] as number;
    if (cls === CLS_OTHER) {
      // In no pattern: back to the root, and the end of any token or range.
      if (inToken) {
        finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
        inToken = false;
      }
      s = 0;
      stage = 0;
      continue;
    }
    if (cls === SKIP) continue;
    if (numeric && cls - CLS_DIGIT0 < 10 && cls >= CLS_DIGIT0) {
      // A whole chunk (digits without whitespace) at once. A token in progress here means only
      // whitespace separates this chunk from the previous one (anything else ends the token).
      const chunkStart = i;
      for (;;) {
        s = s < denseCount ? (delta[s * alphabet + cls] as number) : sparseStep(a, s, cls);
        if (eager[s] === 1) emitEager(ctx, s, i);
        if (i + 1 === len) break;
        cls = classOf[text.charCodeAt(i + 1)] as number;
        if (cls - CLS_DIGIT0 >= 10 || cls < CLS_DIGIT0) break;
        i++;
      }
      const units = i - chunkStart + 1;
      if (inToken && chunkLen === 4 && units <= 4) {
        tokLen += units;
      } else {
        if (inToken) {
          finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
          fromStart = -1;
        } else if (stage === 2) {
          fromStart = lastStart;
          fromEnd = lastEnd;
          fromLen = lastLen;
        } else {
          fromStart = -1;
        }
        stage = 0;
        inToken = true;
        tokStart = chunkStart;
        tokLen = units;
      }
      chunkLen = units;
      endIdx = i;
      endState = s;
      continue;
    }
    s = s < denseCount ? (delta[s * alphabet + cls] as number) : sparseStep(a, s, cls);
    if (eager[s] === 1) emitEager(ctx, s, i);
    const separator = cls >= CLS_SEP_FIRST && cls <= CLS_SEP_LAST;
    if (inToken) {
      finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
      inToken = false;
      lastStart = tokStart;
      lastEnd = endIdx;
      lastLen = tokLen;
      stage = separator ? 2 : 0;
    } else if (stage === 2 && !separator) {
      stage = 0;
    }
  }
  if (inToken) finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
  return finalize(t, hits);
}

function push(ctx: Ctx, patternIndex: number, via: Hit["via"], start: number, end: number): void {
  const p = ctx.t.patterns[patternIndex];
  if (!p) return;
  const matched = ctx.text.slice(start, end);
  for (const c of p.criteria) ctx.hits.push({ criterionId: c.id, termKind: c.kind, via, start, end, matched });
}

/** Reports every non-numeric pattern ending at index i. */
function emitEager(ctx: Ctx, state: number, i: number): void {
  const a = ctx.t.automaton;
  for (let x = state; x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const p = ctx.t.patterns[a.own[k] as number];
      if (!p || p.numeric) continue;
      push(ctx, a.own[k] as number, "substring", startOf(ctx, i, p.value.length), i + 1);
    }
  }
}

/** Original index of the first of `units` non-whitespace units ending at index `last`. */
function startOf(ctx: Ctx, last: number, units: number): number {
  const classOf = ctx.t.automaton.classOf;
  let i = last;
  for (let left = units - 1; left > 0; ) if (classOf[ctx.text.charCodeAt(--i)] !== SKIP) left--;
  return i;
}

/** A complete digit token [start, last]: exact hits, then a range with the token before it. */
function finishToken(ctx: Ctx, start: number, last: number, len: number, state: number, fromStart: number, fromEnd: number, fromLen: number): void {
  const { automaton: a, numericLengths, numericByLength, patterns } = ctx.t;
  if (len >= numericLengths.length || numericLengths[len] !== 1) return;
  for (let x = state; x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const p = patterns[a.own[k] as number];
      if (p?.numeric && p.value.length === len) push(ctx, a.own[k] as number, "exact", start, last + 1);
    }
  }
  if (fromStart < 0 || fromLen !== len) return;
  const lo = tokenDigits(ctx, fromStart, fromEnd);
  const hi = tokenDigits(ctx, start, last);
  if (lo >= hi) return;
  for (const index of numericByLength.get(len) ?? []) {
    const v = (patterns[index] as { value: string }).value;
    if (lo < v && v < hi) push(ctx, index, "range", fromStart, last + 1);
  }
}

/** The digits of a token as a string (only for range candidates, which are rare). */
function tokenDigits(ctx: Ctx, start: number, last: number): string {
  const classOf = ctx.t.automaton.classOf;
  let out = "";
  for (let i = start; i <= last; i++) {
    const d = (classOf[ctx.text.charCodeAt(i)] as number) - CLS_DIGIT0;
    if (d >= 0 && d < 10) out += String.fromCharCode(48 + d);
  }
  return out;
}

function finalize(t: CompiledTables, hits: Hit[]): Hit[] {
  hits.sort((x, y) => x.start - y.start || x.end - y.end);
  if (!t.needsDedupe) return hits;
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.start}:${h.end}:${h.criterionId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
