/**
 * @module The single pass over a text: one automaton for keywords and invoice numbers alike.
 *
 * The loop is the automaton alone: per code unit a class read, a transition read and a sign test
 * (./automaton.ts); whitespace stays in place through its own row. A negative entry means look:
 * patterns end here, or a range separator was read. Only then are invoice-number tokens read
 * (./tokens.ts): a numeric pattern ending at a unit hits when the token ending there has exactly
 * its digits, and a separator after a digit may make a range of the tokens on either side
 * (./numbers.ts). Nothing is allocated until a hit is confirmed. The original offset of a hit's
 * start is found by walking back over the pattern's length in non-whitespace units, only when it
 * hits, so the loop keeps no offset map at all.
 */
import { CLS_SEP_FIRST, CLS_SEP_LAST, CLS_SKIP, decodeState, sparseStep } from "./automaton";
import { compareToken, compareTokens, firstAbove, firstValueAbove, tokenValue } from "./numbers";
import { digitAt, emptySpan, endsToken, skipBackward, skipForward, tokenEndingAt, tokenStartingAt, type TokenSpan } from "./tokens";
import type { CompiledTables, Hit } from "./types";

interface Ctx {
  t: CompiledTables;
  text: string;
  hits: Hit[];
  /** Scratch spans for the tokens read around a unit (reused: no allocation per look). */
  left: TokenSpan;
  right: TokenSpan;
}

export function scanText(t: CompiledTables, text: string): Hit[] {
  const hits: Hit[] = [];
  if (t.patterns.length === 0) return hits;
  const a = t.automaton;
  const { classOf, delta, denseLimit } = a;
  const ctx: Ctx = { t, text, hits, left: emptySpan(), right: emptySpan() };
  const len = text.length;
  let r = 0; // automaton state, encoded (./automaton.ts), never negated
  let i = 0;
  for (;;) {
    // The inner loop calls nothing, so the compiler keeps the tables' and the string's internals
    // in registers across it; with a call inside (however rare) it reloads them every unit.
    let entry = 0;
    if (a.denseCount === a.stateCount) {
      for (; i < len; i++) {
        entry = delta[r + (classOf[text.charCodeAt(i)] as number)] as number;
        if (entry < 0) break;
        r = entry;
      }
    } else {
      for (; i < len; i++) {
        entry = r < denseLimit ? (delta[r + (classOf[text.charCodeAt(i)] as number)] as number) : sparseStep(a, r, classOf[text.charCodeAt(i)] as number);
        if (entry < 0) break;
        r = entry;
      }
    }
    if (i >= len) break;
    r = ~entry;
    look(ctx, r, classOf[text.charCodeAt(i)] as number, i);
    i++;
  }
  return finalize(t, hits);
}

/** A flagged transition into encoded state `code` on class `cls` at index i. */
function look(ctx: Ctx, code: number, cls: number, i: number): void {
  const a = ctx.t.automaton;
  const state = decodeState(a, code);
  if (a.reports[state] === 1) report(ctx, state, i);
  if (cls >= CLS_SEP_FIRST && cls <= CLS_SEP_LAST) readRange(ctx, i);
}

function push(ctx: Ctx, patternIndex: number, via: Hit["via"], start: number, end: number): void {
  const p = ctx.t.patterns[patternIndex];
  if (!p) return;
  const matched = ctx.text.slice(start, end);
  for (const c of p.criteria) ctx.hits.push({ criterionId: c.id, termKind: c.kind, via, start, end, matched });
}

/**
 * Every pattern ending at index i (`state` is the state reached there): substring patterns hit as
 * they are; a numeric one only when the token ending at i has exactly its digits (then the two are
 * equal: the automaton matched its last digits), which is read once for all of them.
 */
function report(ctx: Ctx, state: number, i: number): void {
  const { automaton: a, patterns, numbers } = ctx.t;
  const { classOf } = a;
  let token = 0; // 0: not read yet, 1: ctx.left is the whole token ending at i, -1: there is none
  for (let x = state; x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const index = a.own[k] as number;
      const p = patterns[index];
      if (!p) continue;
      if (!p.numeric) {
        push(ctx, index, "substring", startOf(ctx, i, p.value.length), i + 1);
        continue;
      }
      if (token === 0) {
        const whole = !digitAt(classOf, ctx.text, i + 1) && tokenEndingAt(classOf, ctx.text, i, numbers.lengths.length - 1, ctx.left) && endsToken(classOf, ctx.text, ctx.left);
        token = whole ? 1 : -1;
      }
      if (token === 1 && ctx.left.digits === p.value.length) push(ctx, index, "exact", ctx.left.start, i + 1);
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

/**
 * A separator at index i: when a digit precedes it (only whitespace between, so this is the first
 * separator after a token) and, past further separators and whitespace, a digit follows, the tokens
 * on either side are a range; patterns of their length strictly between them hit.
 */
function readRange(ctx: Ctx, i: number): void {
  const { numbers, automaton } = ctx.t;
  const { classOf } = automaton;
  const text = ctx.text;
  const before = skipBackward(classOf, text, i - 1);
  if (!digitAt(classOf, text, before)) return;
  let after = i + 1;
  for (;;) {
    after = skipForward(classOf, text, after);
    const cls = after < text.length ? (classOf[text.charCodeAt(after)] as number) : -1;
    if (cls < CLS_SEP_FIRST || cls > CLS_SEP_LAST) break;
    after++;
  }
  if (!digitAt(classOf, text, after)) return;
  const cap = numbers.lengths.length - 1;
  const from = ctx.left;
  const to = ctx.right;
  if (!tokenEndingAt(classOf, text, before, cap, from) || !tokenStartingAt(classOf, text, after, cap, to)) return;
  if (from.digits !== to.digits || numbers.lengths[from.digits] !== 1) return;
  const sorted = numbers.byLength.get(from.digits);
  if (!sorted) return;
  const sortedValues = numbers.valuesByLength.get(from.digits);
  if (sortedValues) {
    const lo = tokenValue(classOf, text, from.start, from.last);
    const hi = tokenValue(classOf, text, to.start, to.last);
    for (let k = firstValueAbove(sortedValues, lo); k < sortedValues.length && (sortedValues[k] as number) < hi; k++) {
      push(ctx, sorted[k] as number, "range", from.start, to.last + 1);
    }
    return;
  }
  if (compareTokens(classOf, text, from.start, from.last, to.start, to.last) >= 0) return;
  for (let k = firstAbove(numbers, sorted, classOf, text, from.start, from.last); k < sorted.length; k++) {
    const index = sorted[k] as number;
    if (compareToken(classOf, text, to.start, to.last, numbers.values[index] as string) <= 0) break;
    push(ctx, index, "range", from.start, to.last + 1);
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
