/**
 * @module The single pass over a text: keyword automaton steps, invoice-number tokens and ranges.
 *
 * The main loop is the automaton alone: per code unit a class read, a transition read and a sign
 * test (./automaton.ts); whitespace stays in place through its own row. A negative entry means
 * look: a keyword ends here (report it), or a digit begins, and then readNumbers takes over
 * until the numbers and any range around them are over. It reads digits a chunk at a time,
 * folding them into the token's value modulo 2^32 (./numbers.ts), steps the automaton only when
 * it is away from the root or a keyword starts with a digit, runs the tokeniser (rules in
 * ./index.ts) once per chunk, and probes a hash table once per finished token of a length some
 * criterion has. Nothing is allocated until a hit is confirmed. The original offset of a
 * keyword's start is found by walking back over the pattern's length in non-whitespace units,
 * only when it hits, so the loop keeps no offset map at all.
 */
import { CLS_DIGIT0, CLS_OTHER, CLS_SKIP, decodeState, sparseStep, type Automaton } from "./automaton";
import { compareToken, compareTokens, exactPattern, firstAbove, firstValueAbove, POW10, tokenValue } from "./numbers";
import type { CompiledTables, Hit } from "./types";

interface Ctx {
  t: CompiledTables;
  text: string;
  hits: Hit[];
  /** The automaton's encoded state, handed between the main loop and readNumbers. */
  state: number;
  /** Some substring pattern starts with a digit: step the automaton over digits at the root too. */
  digitsStep: boolean;
}

const CLS_DIGIT_LAST = CLS_DIGIT0 + 9;

/** Whether the root has a transition on some digit class (a substring pattern starting with one). */
function rootTakesDigits(a: Automaton): boolean {
  for (let cls = CLS_DIGIT0; cls <= CLS_DIGIT_LAST; cls++) {
    const entry = a.delta[cls] as number;
    if ((entry < 0 ? ~entry : entry) !== 0) return true;
  }
  return false;
}

export function scanText(t: CompiledTables, text: string): Hit[] {
  const hits: Hit[] = [];
  if (t.patterns.length === 0) return hits;
  const a = t.automaton;
  const { classOf, delta, denseLimit } = a;
  const ctx: Ctx = { t, text, hits, state: 0, digitsStep: rootTakesDigits(a) };
  const len = text.length;
  let r = 0; // automaton state, encoded (./automaton.ts), never negated
  for (let i = 0; i < len; i++) {
    const cls = classOf[text.charCodeAt(i)] as number;
    const entry = r < denseLimit ? (delta[r + cls] as number) : sparseStep(a, r, cls);
    if (entry >= 0) {
      r = entry;
      continue;
    }
    if (a.flagDigits && cls >= CLS_DIGIT0 && cls <= CLS_DIGIT_LAST) {
      ctx.state = r;
      i = readNumbers(ctx, i);
      r = ctx.state;
      continue;
    }
    r = ~entry;
    emitEager(ctx, r, i);
  }
  return finalize(t, hits);
}

/** One automaton step from encoded state r on `cls` at index i, reporting what ends there. */
function step(ctx: Ctx, r: number, cls: number, i: number): number {
  const a = ctx.t.automaton;
  const entry = r < a.denseLimit ? (a.delta[r + cls] as number) : sparseStep(a, r, cls);
  if (entry >= 0) return entry;
  if (a.eager[decodeState(a, ~entry)] === 1) emitEager(ctx, ~entry, i);
  return ~entry;
}

/**
 * From the digit at `first` on, tokens and ranges (rules in ./index.ts), stepping the automaton
 * over every unit as the main loop would; ends on the first character that is neither a digit,
 * whitespace nor a separator (after stepping it), or at the end of the text. Returns that index
 * and leaves the automaton state in ctx.state.
 */
function readNumbers(ctx: Ctx, first: number): number {
  const { text } = ctx;
  const { classOf } = ctx.t.automaton;
  let r = ctx.state;
  // Current digit token: [tokStart, endIdx], tokLen digits, value tokHash (mod 2^32); its last
  // chunk has chunkLen digits.
  let inToken = false;
  let tokStart = 0;
  let tokLen = 0;
  let tokHash = 0;
  let chunkLen = 0;
  let endIdx = 0;
  // Range: afterSeparator = a token then separator(s) just ended; `from*` is the token before them.
  let afterSeparator = false;
  let lastStart = 0;
  let lastEnd = 0;
  let lastLen = 0;
  let fromStart = -1;
  let fromEnd = 0;
  let fromLen = 0;

  const len = text.length;
  for (let i = first; i < len; i++) {
    let cls = classOf[text.charCodeAt(i)] as number;
    if (cls === CLS_SKIP) continue;
    if (cls >= CLS_OTHER) {
      if (inToken) finishToken(ctx, tokStart, endIdx, tokLen, tokHash, fromStart, fromEnd, fromLen);
      ctx.state = step(ctx, r, cls, i);
      return i;
    }
    if (cls <= CLS_DIGIT_LAST) {
      // A whole chunk (digits without whitespace) at once. A token in progress here means only
      // whitespace separates this chunk from the previous one (anything else ends the token).
      const chunkStart = i;
      let chunkHash = 0;
      for (;;) {
        chunkHash = (Math.imul(chunkHash, 10) + cls - CLS_DIGIT0) | 0;
        if (r !== 0 || ctx.digitsStep) r = step(ctx, r, cls, i);
        if (i + 1 === len) break;
        cls = classOf[text.charCodeAt(i + 1)] as number;
        if (cls < CLS_DIGIT0 || cls > CLS_DIGIT_LAST) break;
        i++;
      }
      const units = i - chunkStart + 1;
      if (inToken && chunkLen === 4 && units <= 4) {
        tokLen += units;
        tokHash = (Math.imul(tokHash, POW10[units] as number) + chunkHash) | 0;
      } else {
        if (inToken) {
          finishToken(ctx, tokStart, endIdx, tokLen, tokHash, fromStart, fromEnd, fromLen);
          fromStart = -1;
        } else if (afterSeparator) {
          fromStart = lastStart;
          fromEnd = lastEnd;
          fromLen = lastLen;
        } else {
          fromStart = -1;
        }
        afterSeparator = false;
        inToken = true;
        tokStart = chunkStart;
        tokLen = units;
        tokHash = chunkHash;
      }
      chunkLen = units;
      endIdx = i;
      continue;
    }
    // A range separator.
    r = step(ctx, r, cls, i);
    if (inToken) {
      finishToken(ctx, tokStart, endIdx, tokLen, tokHash, fromStart, fromEnd, fromLen);
      inToken = false;
      lastStart = tokStart;
      lastEnd = endIdx;
      lastLen = tokLen;
      afterSeparator = true;
    }
  }
  if (inToken) finishToken(ctx, tokStart, endIdx, tokLen, tokHash, fromStart, fromEnd, fromLen);
  ctx.state = r;
  return len;
}

function push(ctx: Ctx, patternIndex: number, via: Hit["via"], start: number, end: number): void {
  const p = ctx.t.patterns[patternIndex];
  if (!p) return;
  const matched = ctx.text.slice(start, end);
  for (const c of p.criteria) ctx.hits.push({ criterionId: c.id, termKind: c.kind, via, start, end, matched });
}

/** Reports every substring pattern ending at index i; `code` is the encoded state reached there. */
function emitEager(ctx: Ctx, code: number, i: number): void {
  const a = ctx.t.automaton;
  for (let x = decodeState(a, code); x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const index = ctx.t.substringPattern[a.own[k] as number] as number;
      const p = ctx.t.patterns[index];
      if (p) push(ctx, index, "substring", startOf(ctx, i, p.value.length), i + 1);
    }
  }
}

/** Original index of the first of `units` non-whitespace units ending at index `last`. */
function startOf(ctx: Ctx, last: number, units: number): number {
  const classOf = ctx.t.automaton.classOf;
  let i = last;
  for (let left = units - 1; left > 0; ) if (classOf[ctx.text.charCodeAt(--i)] !== CLS_SKIP) left--;
  return i;
}

/** A complete digit token [start, last]: an exact hit, then a range with the token before it. */
function finishToken(ctx: Ctx, start: number, last: number, len: number, hash: number, fromStart: number, fromEnd: number, fromLen: number): void {
  const { numbers } = ctx.t;
  if (len >= numbers.lengths.length || numbers.lengths[len] !== 1) return;
  const { classOf } = ctx.t.automaton;
  const text = ctx.text;
  const exact = exactPattern(numbers, classOf, text, start, last, len, hash);
  if (exact >= 0) push(ctx, exact, "exact", start, last + 1);
  if (fromStart < 0 || fromLen !== len) return;
  const sorted = numbers.byLength.get(len);
  if (!sorted) return;
  const sortedValues = numbers.valuesByLength.get(len);
  if (sortedValues) {
    const lo = tokenValue(classOf, text, fromStart, fromEnd);
    const hi = tokenValue(classOf, text, start, last);
    for (let k = firstValueAbove(sortedValues, lo); k < sortedValues.length && (sortedValues[k] as number) < hi; k++) {
      push(ctx, sorted[k] as number, "range", fromStart, last + 1);
    }
    return;
  }
  if (compareTokens(classOf, text, fromStart, fromEnd, start, last) >= 0) return;
  for (let k = firstAbove(numbers, sorted, classOf, text, fromStart, fromEnd); k < sorted.length; k++) {
    const index = sorted[k] as number;
    if (compareToken(classOf, text, start, last, numbers.values[index] as string) <= 0) break;
    push(ctx, index, "range", fromStart, last + 1);
  }
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
