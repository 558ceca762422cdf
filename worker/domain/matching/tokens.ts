/**
 * @module Invoice-number tokens read around one position, only when the automaton asks (a numeric
 * pattern ends there, or a range separator follows a digit): the scanner's loop never tracks them.
 *
 * The tokeniser of ./index.ts (rule 2) works left to right, but its join rule is local: a chunk C
 * after a chunk P, with only whitespace between, joins P's token exactly when P has 4 digits and C
 * at most 4. (A 4-digit chunk always ends a token whose chunks are all 4 digits so far: it either
 * starts one or joined one that was.) So a token can be found from either end by looking only at
 * neighbouring chunks. Every walk stops after `cap` digits, the longest numeric pattern: a longer
 * token can hit nothing.
 */
import { CLS_DIGIT0, CLS_SKIP } from "./automaton";

/** A token's first and last unit (both digits) in the original text, its digit count and value. */
export interface TokenSpan {
  start: number;
  last: number;
  digits: number;
  /** Digits in its last chunk: the next chunk may join only when this is 4. */
  lastChunk: number;
  /** Its digits read as a number: exact up to 15 digits (./numbers.ts compares longer ones digit by digit). */
  value: number;
}

export const emptySpan = (): TokenSpan => ({ start: 0, last: 0, digits: 0, lastChunk: 0, value: 0 });

/** The digit 0–9 at unit i, or -1 (also outside the text). */
function digitAt(classOf: Int32Array, text: string, i: number): number {
  if (i < 0 || i >= text.length) return -1;
  const d = (classOf[text.charCodeAt(i)] as number) - CLS_DIGIT0;
  return d >= 0 && d < 10 ? d : -1;
}

/** Whether unit i exists and is a digit. */
export function isDigitAt(classOf: Int32Array, text: string, i: number): boolean {
  return digitAt(classOf, text, i) >= 0;
}

/** First unit at or after i that is not whitespace (text.length when none). */
export function skipForward(classOf: Int32Array, text: string, i: number): number {
  while (i < text.length && classOf[text.charCodeAt(i)] === CLS_SKIP) i++;
  return i;
}

/** A tab: the gap between two table columns, never the space inside a number written in groups. */
const TAB = 0x09;

/**
 * Whether the whitespace [from, to) between two digit chunks may be the space of a number written in
 * 4-digit groups: one unit, and no tab. A wider gap (a tab, several spaces) separates a table's columns:
 * "0440 3190 0111\t1234 5678" is a code and a number, not one 20-digit number.
 */
function isGroupSpace(text: string, from: number, to: number): boolean {
  return to - from === 1 && text.charCodeAt(from) !== TAB;
}

/** Digits in a row from unit i, counted up to `cap`. */
export function digitRunAt(classOf: Int32Array, text: string, i: number, cap: number): number {
  let n = 0;
  while (n < cap && digitAt(classOf, text, i + n) >= 0) n++;
  return n;
}

/** Last unit at or before i that is not whitespace (-1 when none). */
export function skipBackward(classOf: Int32Array, text: string, i: number): number {
  while (i >= 0 && classOf[text.charCodeAt(i)] === CLS_SKIP) i--;
  return i;
}

/**
 * The token whose last digit is `last`, where `last` ends a chunk (the next unit is no digit);
 * false when it has more than `cap` digits or `last` is no digit. Walks back over the chunks it
 * joins.
 */
export function tokenEndingAt(classOf: Int32Array, text: string, last: number, cap: number, out: TokenSpan): boolean {
  let value = 0;
  let place = 1;
  let i = last;
  for (let d = digitAt(classOf, text, i); d >= 0; d = digitAt(classOf, text, --i)) {
    if (last - i >= cap) return false;
    value += d * place;
    place *= 10;
  }
  if (i === last) return false;
  let start = i + 1;
  const lastChunk = last - i;
  let digits = lastChunk;
  for (let chunk = lastChunk; chunk <= 4; chunk = 4) {
    // The chunk before, if only whitespace separates it: it joins when it has exactly 4 digits.
    const p = skipBackward(classOf, text, start - 1);
    // No whitespace (the unit before is no digit), or a column gap.
    if (!isGroupSpace(text, p + 1, start)) break;
    let chunkValue = 0;
    let chunkPlace = 1;
    let k = p;
    for (let d = digitAt(classOf, text, k); d >= 0 && p - k < 5; d = digitAt(classOf, text, --k)) {
      chunkValue += d * chunkPlace;
      chunkPlace *= 10;
    }
    if (p - k !== 4) break;
    digits += 4;
    if (digits > cap) return false;
    value += chunkValue * place;
    place *= chunkPlace;
    start = k + 1;
  }
  out.start = start;
  out.last = last;
  out.digits = digits;
  out.lastChunk = lastChunk;
  out.value = value;
  return true;
}

/**
 * The token whose first digit is `first`, where `first` starts a token (no digit chunk it could
 * join precedes it); false when it has more than `cap` digits or `first` is no digit. Walks on
 * over the chunks joining it.
 */
export function tokenStartingAt(classOf: Int32Array, text: string, first: number, cap: number, out: TokenSpan): boolean {
  let value = 0;
  let i = first;
  for (let d = digitAt(classOf, text, i); d >= 0; d = digitAt(classOf, text, ++i)) {
    if (i - first >= cap) return false;
    value = value * 10 + d;
  }
  if (i === first) return false;
  let digits = i - first;
  let chunk = digits;
  while (chunk === 4) {
    // The chunk after, if only whitespace separates it: it joins when it has at most 4 digits.
    const q = skipForward(classOf, text, i);
    if (!isGroupSpace(text, i, q)) break;
    let n = 0;
    let chunkValue = 0;
    for (let d = digitAt(classOf, text, q); d >= 0 && n < 5; d = digitAt(classOf, text, q + n)) {
      chunkValue = chunkValue * 10 + d;
      n++;
    }
    if (n === 0 || n > 4) break;
    digits += n;
    if (digits > cap) return false;
    value = value * 10 ** n + chunkValue;
    i = q + n;
    chunk = n;
  }
  out.start = first;
  out.last = i - 1;
  out.digits = digits;
  out.lastChunk = chunk;
  out.value = value;
  return true;
}

/** Whether a token found by tokenEndingAt is whole: no later chunk joins it. */
export function endsToken(classOf: Int32Array, text: string, span: TokenSpan): boolean {
  if (span.lastChunk !== 4) return true;
  const q = skipForward(classOf, text, span.last + 1);
  if (!isGroupSpace(text, span.last + 1, q)) return true;
  let n = 0;
  while (n < 5 && isDigitAt(classOf, text, q + n)) n++;
  return n === 0 || n > 4;
}

/**
 * Whether `value` (digits) is not below the token starting at `first`, judged from that token's
 * first chunk alone: true when a digit of `value` is above the one in the same place (or all
 * compared equal), false when one is below or the chunk ends first (then it cannot tell). Equal
 * lengths are the caller's to check: this only rules a range out early.
 */
export function notBelowAhead(classOf: Int32Array, text: string, first: number, value: string): boolean {
  for (let k = 0; k < value.length; k++) {
    const d = digitAt(classOf, text, first + k);
    if (d < 0) return false;
    const diff = value.charCodeAt(k) - 48 - d;
    if (diff !== 0) return diff > 0;
  }
  return true;
}
