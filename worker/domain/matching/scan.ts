/**
 * @module The single pass over a text: automaton steps, invoice-number tokens and ranges.
 *
 * Per code unit the loop reads its class (whitespace is skipped before anything else),
 * steps the automaton, reports keyword patterns at once, and runs a small digit tokeniser
 * (rules in ./index.ts). Numeric patterns are never reported where they end: the state at the
 * last digit of a token is remembered, and when the token is complete its dictionary suffixes
 * are checked for a numeric pattern of exactly the token's length. The original offset of a
 * normalised position comes from a ring buffer of the last 2^k non-whitespace indices, which
 * is enough because no pattern is longer than the ring.
 */
import { CLS_DIGIT0, CLS_SEP_FIRST, CLS_SEP_LAST, sparseStep } from "./automaton";
import type { CompiledTables, Hit } from "./compile";
import { SKIP } from "./fold";

interface Ctx {
  t: CompiledTables;
  text: string;
  hits: Hit[];
  ring: Int32Array;
  mask: number;
}

export function scanText(t: CompiledTables, text: string): Hit[] {
  const hits: Hit[] = [];
  if (t.patterns.length === 0) return hits;
  const a = t.automaton;
  const { classOf, delta, alphabet, denseCount, eager } = a;
  let ringSize = 256;
  for (const p of t.patterns) while (ringSize <= p.value.length) ringSize *= 2;
  const ctx: Ctx = { t, text, hits, ring: new Int32Array(ringSize), mask: ringSize - 1 };
  const { ring, mask } = ctx;
  const numeric = t.numericByLength.size > 0;

  let s = 0; // automaton state
  let n = 0; // normalised position (count of non-whitespace units seen)
  let prev = -2; // index of the previous non-whitespace unit
  // Current digit token: [tokStart, endIdx], tokLen digits; its last chunk started at chunkStart.
  let inToken = false;
  let tokStart = 0;
  let tokLen = 0;
  let chunkStart = 0;
  let chunkLen = 0;
  let endIdx = 0;
  let endState = 0;
  // Chain end before a tentative 4-digit-group continuation, restored if the chunk grows past 4.
  let savedEnd = 0;
  let savedState = 0;
  // Range: 1 = a token just ended, 2 = then a separator; `from*` is the token a separator followed.
  let stage = 0;
  let lastStart = 0;
  let lastEnd = 0;
  let lastLen = 0;
  let fromStart = -1;
  let fromEnd = 0;
  let fromLen = 0;

  const len = text.length;
  for (let i = 0; i < len; i++) {
    const cls = classOf[text.charCodeAt(i)] as number;
    if (cls === SKIP) continue;
    const gap = i - prev > 1;
    prev = i;
    ring[n & mask] = i;
    n++;
    s = s < denseCount ? (delta[s * alphabet + cls] as number) : sparseStep(a, s, cls);
    if (eager[s] === 1) emitEager(ctx, s, n, i);
    if (!numeric) continue;
    const digit = cls - CLS_DIGIT0;
    if (digit >= 0 && digit < 10) {
      if (!inToken || (gap && chunkLen !== 4)) {
        if (inToken) finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
        if (stage === 2) { fromStart = lastStart; fromEnd = lastEnd; fromLen = lastLen; } else fromStart = -1;
        stage = 0;
        inToken = true;
        tokStart = chunkStart = i;
        tokLen = chunkLen = 1;
      } else if (gap) {
        savedEnd = endIdx;
        savedState = endState;
        chunkStart = i;
        chunkLen = 1;
        tokLen++;
      } else {
        chunkLen++;
        tokLen++;
        if (chunkLen === 5 && tokLen > 5) {
          finishToken(ctx, tokStart, savedEnd, tokLen - 5, savedState, fromStart, fromEnd, fromLen);
          fromStart = -1;
          tokStart = chunkStart;
          tokLen = 5;
        }
      }
      endIdx = i;
      endState = s;
    } else {
      if (inToken) {
        finishToken(ctx, tokStart, endIdx, tokLen, endState, fromStart, fromEnd, fromLen);
        inToken = false;
        lastStart = tokStart;
        lastEnd = endIdx;
        lastLen = tokLen;
        stage = 1;
      }
      stage = cls >= CLS_SEP_FIRST && cls <= CLS_SEP_LAST && stage !== 0 ? 2 : 0;
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

/** Reports every non-numeric pattern ending at index i (normalised position n). */
function emitEager(ctx: Ctx, state: number, n: number, i: number): void {
  const a = ctx.t.automaton;
  for (let x = state; x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const p = ctx.t.patterns[a.own[k] as number];
      if (!p || p.numeric) continue;
      push(ctx, a.own[k] as number, "substring", ctx.ring[(n - p.value.length) & ctx.mask] as number, i + 1);
    }
  }
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
