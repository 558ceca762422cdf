/**
 * @module What the scanner does at a flagged transition (./automaton.ts): patterns end at a unit,
 * or a range separator follows a digit. Only here are invoice-number tokens read (./tokens.ts): a
 * numeric pattern ending at a unit hits when the token ending there has exactly its digits, and
 * the tokens on either side of a separator may make a range (./numbers.ts). Nothing is allocated
 * here: a confirmed hit is recorded as numbers (./hits.ts). A keyword's original start is found
 * by walking back over its length in non-whitespace units, so the scanner keeps no offset map.
 */
import {
  CLS_DIGIT0,
  CLS_LABEL_FIRST,
  CLS_LABEL_LAST,
  CLS_LIST_FIRST,
  CLS_LIST_LAST,
  CLS_ORDINAL_END,
  CLS_SEP_FIRST,
  CLS_SEP_LAST,
  CLS_SKIP,
  decodeState,
} from "./automaton";
import { compareToken, compareTokens, firstAbove, firstValueAbove } from "./numbers";
import {
  digitRunAt,
  emptySpan,
  endsToken,
  isDigitAt,
  notBelowAhead,
  skipBackward,
  skipForward,
  tokenEndingAt,
  tokenStartingAt,
  type TokenSpan,
} from "./tokens";
import { newHitLog, record, VIA_EXACT, VIA_LIST, VIA_RANGE, VIA_SUBSTRING, type HitLog } from "./hits";
import { foldTable } from "./fold";
import { INVOICE_NUMBER_SHAPES } from "./number-kinds";
import type { CompiledTables } from "./types";

/** One chain of the scan over one text: where its hits go, and scratch for the tokens it reads. */
export interface Look {
  t: CompiledTables;
  text: string;
  /** Confirmed hits, as numbers until the scan ends (./hits.ts). */
  log: HitLog;
  /** Scratch spans for the tokens read around a unit (reused: no allocation per look). */
  left: TokenSpan;
  right: TokenSpan;
  /** Where a "起" or "开" stands, ascending: where a range on labels may be (./labelled-ranges.ts). */
  labels: number[];
}

export function newLook(t: CompiledTables, text: string): Look {
  return { t, text, log: newHitLog(), left: emptySpan(), right: emptySpan(), labels: [] };
}

/** A flagged transition into encoded state `code` on class `cls` at index i. */
export function look(ctx: Look, code: number, cls: number, i: number): void {
  const a = ctx.t.automaton;
  const state = decodeState(a, code);
  if (a.reports[state] === 1) report(ctx, state, i);
  if (cls === CLS_SEP_FIRST) readHyphenGroups(ctx, i);
  if (cls >= CLS_SEP_FIRST && cls <= CLS_SEP_LAST) readRange(ctx, i);
  else if (cls >= CLS_LIST_FIRST && cls <= CLS_LIST_LAST) readAbbreviated(ctx, i, cls);
  else if (cls >= CLS_LABEL_FIRST && cls <= CLS_LABEL_LAST) ctx.labels.push(i);
}

/** An abbreviated list's short numbers have 1 to this many digits … */
const SHORT_MAX = 4;
/** … after a first number of at least this many (a date's "2019/03/21" starts with 4 digits: never a list). */
const HEAD_MIN = 6;

/** The digits of the token [start, last] as a string. */
function digitsOf(classOf: Int32Array, text: string, start: number, last: number): string {
  let out = "";
  for (let k = start; k <= last; k++) {
    const d = (classOf[text.charCodeAt(k)] as number) - CLS_DIGIT0;
    if (d >= 0 && d < 10) out += String.fromCharCode(48 + d);
  }
  return out;
}

/**
 * A list mark ("/" or "、") after a digit, then a short number: an abbreviated list, "07573825/26/27" or
 * "07573825、26、27" for 07573825, 07573826, 07573827. Going back over the same mark to the list's first
 * number (HEAD_MIN digits or more; the short ones 1 to SHORT_MAX), each short number stands for the number
 * before it with its last digits replaced; each must be above the one before (a list counts up: "12345678/2"
 * is no list). A criterion equal to the short number's expansion hits, the span from the list's first digit
 * to the short number's last. Only this rare case (a short number after a mark) allocates.
 */
function readAbbreviated(ctx: Look, i: number, mark: number): void {
  const { numbers, automaton } = ctx.t;
  const { classOf } = automaton;
  const text = ctx.text;
  const short = ctx.right;
  if (!tokenStartingAt(classOf, text, skipForward(classOf, text, i + 1), SHORT_MAX, short)) return;
  const shorts: [number, number][] = [[short.start, short.last]];
  const head = ctx.left;
  let markAt = i;
  for (let n = 0; ; n++) {
    if (n > 64 || !tokenEndingAt(classOf, text, skipBackward(classOf, text, markAt - 1), numbers.lengths.length - 1, head)) return;
    if (head.digits >= HEAD_MIN) break;
    if (head.digits > SHORT_MAX) return;
    shorts.unshift([head.start, head.last]);
    markAt = skipBackward(classOf, text, head.start - 1);
    if (markAt < 0 || classOf[text.charCodeAt(markAt)] !== mark) return;
  }
  const sorted = numbers.byLength[head.digits];
  if (!sorted) return;
  let value = digitsOf(classOf, text, head.start, head.last);
  for (const [start, last] of shorts) {
    const digits = digitsOf(classOf, text, start, last);
    const next = value.slice(0, value.length - digits.length) + digits;
    if (next <= value) return;
    value = next;
  }
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((numbers.values[sorted[mid] as number] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < sorted.length && numbers.values[sorted[k] as number] === value; k++)
    record(ctx.log, head.start, short.last + 1, sorted[k] as number, VIA_LIST);
}

/**
 * An invoice number printed in groups joined by hyphens (issue 39): "0149-2921" for 01492921,
 * "2444-2000-0000-0149-2921" for a 20-digit number, "254420000000-01492921" in two groups. Read at its first
 * hyphen (the group before it follows no digit and hyphen, and is no 4-digit group spaced after another):
 * two groups of any size, or groups of 4 digits and a last one of 1 to 4, as spaces group a number
 * (./tokens.ts), of an invoice number's 8 or 20 digits in all (a date "2019-05", a code "0755-8888" are
 * none); a criterion equal to all their digits hits exactly, the span from the first digit to the last. Two
 * numbers of one length joined by a hyphen are a range too (readRange): no criterion equals their 16 digits.
 */
function readHyphenGroups(ctx: Look, i: number): void {
  const { numbers, automaton } = ctx.t;
  const { classOf } = automaton;
  const text = ctx.text;
  // No digit after the hyphen: no second group.
  if (!isDigitAt(classOf, text, i + 1)) return;
  let start = i;
  while (start > 0 && isDigitAt(classOf, text, start - 1)) start--;
  if (start === i || start < i - numbers.lengths.length) return;
  // The first hyphen only, and no 4-digit group spaced before it ("0012 3456-0012 3499" is a range of grouped numbers).
  const before = start - 1;
  const sign = before >= 0 ? classOf[text.charCodeAt(before)] : -1;
  if (sign === CLS_SEP_FIRST && isDigitAt(classOf, text, before - 1)) return;
  if (sign === CLS_SKIP && i - start === 4 && digitRunAt(classOf, text, before - 4, 4) === 4 && !isDigitAt(classOf, text, before - 5)) return;
  // The groups as counts (no array: most hyphens after a digit are a range's, "00823456-00823499").
  let groups = 1;
  let last = i - start;
  let foursBefore = true;
  let total = last;
  let at = i;
  while (classOf[text.charCodeAt(at)] === CLS_SEP_FIRST) {
    const run = digitRunAt(classOf, text, at + 1, numbers.lengths.length);
    if (run === 0) break;
    total += run;
    // Longer than every criterion: nothing can hit.
    if (total >= numbers.lengths.length) return;
    foursBefore &&= last === 4;
    last = run;
    groups++;
    at += 1 + run;
  }
  if (groups < 2 || isDigitAt(classOf, text, at)) return;
  if (groups > 2 && !(foursBefore && last <= 4)) return;
  const sorted = INVOICE_NUMBER_SHAPES.has(total) ? numbers.byLength[total] : undefined;
  if (!sorted) return;
  const digits = digitsOf(classOf, text, start, at - 1);
  for (const index of sorted) if (numbers.values[index] === digits) record(ctx.log, start, at, index, VIA_EXACT);
}

/**
 * Every pattern ending at index i (`state` is the state reached there): substring patterns hit as
 * they are; a numeric one only when the token ending at i has exactly its digits (then the two are
 * equal: the automaton matched its last digits), which is read once for all of them.
 */
function report(ctx: Look, state: number, i: number): void {
  const { automaton: a, patterns, numbers } = ctx.t;
  const { classOf } = a;
  let token = 0; // 0: not read yet, 1: ctx.left is the whole token ending at i, -1: there is none
  for (let x = state; x !== -1; x = a.dictLink[x] as number) {
    for (let k = a.ownStart[x] as number; k < (a.ownStart[x + 1] as number); k++) {
      const index = a.own[k] as number;
      const p = patterns[index];
      if (!p) continue;
      if (!p.numeric) {
        record(ctx.log, startOf(ctx, i, p.value.length), i + 1, index, VIA_SUBSTRING);
        continue;
      }
      if (token === 0) {
        const whole =
          !isDigitAt(classOf, ctx.text, i + 1) &&
          tokenEndingAt(classOf, ctx.text, i, numbers.lengths.length - 1, ctx.left) &&
          endsToken(classOf, ctx.text, ctx.left);
        token = whole ? 1 : -1;
      }
      if (token === 1 && ctx.left.digits === p.value.length) record(ctx.log, ctx.left.start, i + 1, index, VIA_EXACT);
    }
  }
}

/** Original index of the first of `units` non-whitespace units ending at index `last`. */
function startOf(ctx: Look, last: number, units: number): number {
  const classOf = ctx.t.automaton.classOf;
  let i = last;
  for (let left = units - 1; left > 0;) if (classOf[ctx.text.charCodeAt(--i)] !== CLS_SKIP) left--;
  return i;
}

/**
 * A separator at index i: when a digit precedes it (only whitespace between, so this is the first
 * separator after a token; or the "号" of an ordinal, "第12345601号至第12345609号") and, past further
 * separators, whitespace and a number sign, a digit follows, the tokens on either side are a range;
 * patterns of their length strictly between them hit. The token before is read first: most ranges end
 * before the first pattern above it, which the leading digits of the token after tell without reading
 * all of it. A token after that is shorter than the one before gives only its last digits
 * ("12345601-09": ./look.ts readShortened).
 */
function readRange(ctx: Look, i: number): void {
  const { numbers, automaton } = ctx.t;
  const { classOf } = automaton;
  const text = ctx.text;
  const cap = numbers.lengths.length - 1;
  const from = ctx.left;
  const to = ctx.right;
  let after = i + 1;
  for (;;) {
    after = skipForward(classOf, text, after);
    const cls = after < text.length ? (classOf[text.charCodeAt(after)] as number) : -1;
    if (cls < CLS_SEP_FIRST || cls > CLS_SEP_LAST) break;
    after++;
  }
  if (!isDigitAt(classOf, text, after)) after = pastNumberSign(classOf, text, after);
  // No number after the separators ("12345678至今"): no range, whatever the number before; read it no further.
  if (!isDigitAt(classOf, text, after)) return;
  let last = skipBackward(classOf, text, i - 1);
  if (last >= 0 && classOf[text.charCodeAt(last)] === CLS_ORDINAL_END) last = skipBackward(classOf, text, last - 1);
  if (!tokenEndingAt(classOf, text, last, cap, from) || numbers.lengths[from.digits] !== 1) return;
  const sorted = numbers.byLength[from.digits];
  if (!sorted) return;
  const run = digitRunAt(classOf, text, after, from.digits);
  if (run > 0 && run < from.digits && from.digits >= HEAD_MIN && tokenStartingAt(classOf, text, after, cap, to) && to.digits < from.digits) {
    readShortened(ctx, sorted);
    return;
  }
  const sortedValues = numbers.valuesByLength[from.digits];
  if (sortedValues) {
    let k = firstValueAbove(numbers, from.digits, from.value);
    if (k === sortedValues.length || notBelowAhead(classOf, text, after, numbers.values[sorted[k] as number] as string)) return;
    if (!tokenStartingAt(classOf, text, after, cap, to) || to.digits !== from.digits) return;
    for (; k < sortedValues.length && (sortedValues[k] as number) < to.value; k++)
      record(ctx.log, from.start, to.last + 1, sorted[k] as number, VIA_RANGE);
    return;
  }
  if (!tokenStartingAt(classOf, text, after, cap, to) || to.digits !== from.digits) return;
  if (compareTokens(classOf, text, from.start, from.last, to.start, to.last) >= 0) return;
  for (let k = firstAbove(numbers, sorted, classOf, text, from.start, from.last); k < sorted.length; k++) {
    const index = sorted[k] as number;
    if (compareToken(classOf, text, to.start, to.last, numbers.values[index] as string) <= 0) break;
    record(ctx.log, from.start, to.last + 1, index, VIA_RANGE);
  }
}

/**
 * A range whose second number gives only the digits that change ("12345601-09", "12345601至609"): it
 * stands for the first number with as many last digits replaced, and must be above it. Patterns of the
 * first number's length above it and up to that end, the end included (it is printed only in part, so
 * it never hits as a token of its own), hit; the span runs from the first number to the short one.
 * Tokens ctx.left (the first number) and ctx.right (the short one) are read.
 */
function readShortened(ctx: Look, sorted: Uint16Array): void {
  const { numbers, automaton } = ctx.t;
  const { classOf } = automaton;
  const { left: from, right: to, text } = ctx;
  const low = digitsOf(classOf, text, from.start, from.last);
  const high = low.slice(0, low.length - to.digits) + digitsOf(classOf, text, to.start, to.last);
  if (high <= low) return;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((numbers.values[sorted[mid] as number] as string) <= low) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < sorted.length && (numbers.values[sorted[k] as number] as string) <= high; k++)
    record(ctx.log, from.start, to.last + 1, sorted[k] as number, VIA_RANGE);
}

const N = 0x6e;
const O = 0x6f;
/** Folded units that may follow "No" before the digits: ".", ":", "#". */
const NUMBER_SIGN_ENDS = new Set([0x2e, 0x3a, 0x23]);
const NUMERO = 0x2116;

/** "第", which opens a number written as an ordinal ("第12345609号"). */
const ORDINAL_START = 0x7b2c;

/**
 * Past a number sign before a range's second number ("No.00823456-No.00823499", "NO．…", "No: …",
 * "№…", the "第" of an ordinal): the first digit after it, or `at` itself when no digit follows the sign.
 */
function pastNumberSign(classOf: Int32Array, text: string, at: number): number {
  const fold = foldTable();
  const first = at < text.length ? (fold[text.charCodeAt(at)] as number) : -1;
  let k = at + 1;
  if (first === N && k < text.length && fold[text.charCodeAt(k)] === O) {
    k++;
    if (k < text.length && NUMBER_SIGN_ENDS.has(fold[text.charCodeAt(k)] as number)) k++;
  } else if (first !== NUMERO && first !== ORDINAL_START) return at;
  k = skipForward(classOf, text, k);
  return isDigitAt(classOf, text, k) ? k : at;
}
