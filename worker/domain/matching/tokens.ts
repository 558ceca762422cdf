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

/** A token's first and last unit (both digits) in the original text, and its digit count. */
export interface TokenSpan {
  start: number;
  last: number;
  digits: number;
  /** Digits in its last chunk: the next chunk may join only when this is 4. */
  lastChunk: number;
}

export const emptySpan = (): TokenSpan => ({ start: 0, last: 0, digits: 0, lastChunk: 0 });

function isDigitAt(classOf: Uint16Array, text: string, i: number): boolean {
  const d = (classOf[text.charCodeAt(i)] as number) - CLS_DIGIT0;
  return d >= 0 && d < 10;
}

/** Digits in the chunk starting at `first` (a digit), counting at most `cap + 1`. */
function chunkForward(classOf: Uint16Array, text: string, first: number, cap: number): number {
  let n = 1;
  while (n <= cap && first + n < text.length && isDigitAt(classOf, text, first + n)) n++;
  return n;
}

/** Digits in the chunk ending at `last` (a digit), counting at most `cap + 1`. */
function chunkBackward(classOf: Uint16Array, text: string, last: number, cap: number): number {
  let n = 1;
  while (n <= cap && last - n >= 0 && isDigitAt(classOf, text, last - n)) n++;
  return n;
}

/** First unit at or after i that is not whitespace (text.length when none). */
export function skipForward(classOf: Uint16Array, text: string, i: number): number {
  while (i < text.length && classOf[text.charCodeAt(i)] === CLS_SKIP) i++;
  return i;
}

/** Last unit at or before i that is not whitespace (-1 when none). */
export function skipBackward(classOf: Uint16Array, text: string, i: number): number {
  while (i >= 0 && classOf[text.charCodeAt(i)] === CLS_SKIP) i--;
  return i;
}

/** Whether unit i exists and is a digit. */
export function digitAt(classOf: Uint16Array, text: string, i: number): boolean {
  return i >= 0 && i < text.length && isDigitAt(classOf, text, i);
}

/**
 * The token whose last digit is `last`, where `last` ends a chunk (the next unit is no digit);
 * false when it has more than `cap` digits. Walks back over the chunks it joins.
 */
export function tokenEndingAt(classOf: Uint16Array, text: string, last: number, cap: number, out: TokenSpan): boolean {
  let chunk = chunkBackward(classOf, text, last, cap);
  if (chunk > cap) return false;
  out.last = last;
  out.lastChunk = chunk;
  let start = last - chunk + 1;
  let digits = chunk;
  while (chunk <= 4) {
    const p = skipBackward(classOf, text, start - 1);
    if (!digitAt(classOf, text, p) || chunkBackward(classOf, text, p, 4) !== 4) break;
    digits += 4;
    if (digits > cap) return false;
    start = p - 3;
    chunk = 4;
  }
  out.start = start;
  out.digits = digits;
  return true;
}

/**
 * The token whose first digit is `first`, where `first` starts a token (no digit chunk it could
 * join precedes it); false when it has more than `cap` digits. Walks on over the chunks joining it.
 */
export function tokenStartingAt(classOf: Uint16Array, text: string, first: number, cap: number, out: TokenSpan): boolean {
  let chunk = chunkForward(classOf, text, first, cap);
  if (chunk > cap) return false;
  let last = first + chunk - 1;
  let digits = chunk;
  while (chunk === 4) {
    const q = skipForward(classOf, text, last + 1);
    if (!digitAt(classOf, text, q)) break;
    const next = chunkForward(classOf, text, q, 4);
    if (next > 4) break;
    digits += next;
    if (digits > cap) return false;
    last = q + next - 1;
    chunk = next;
  }
  out.start = first;
  out.last = last;
  out.digits = digits;
  out.lastChunk = chunk;
  return true;
}

/** Whether a token found by tokenEndingAt is whole: no later chunk joins it. */
export function endsToken(classOf: Uint16Array, text: string, span: TokenSpan): boolean {
  if (span.lastChunk !== 4) return true;
  const q = skipForward(classOf, text, span.last + 1);
  return !digitAt(classOf, text, q) || chunkForward(classOf, text, q, 4) > 4;
}
