/**
 * @module Whole-token invoice numbers without the automaton: the scanner folds a token's digits into
 * its value modulo 2^32 as it reads them (`hash = hash * 10 + digit`, no allocation), and a finished
 * token of a length some criterion has is looked up in an open-addressing table; the one candidate
 * is then compared digit by digit, so a collision never reports. Ranges take the numeric patterns
 * of one length sorted by value: a binary search finds the first above the range's start, over
 * doubles up to 15 digits (exact), digit by digit in the text beyond.
 */
import { CLS_DIGIT0 } from "./automaton";

export interface NumberTable {
  /** lengths[n] === 1 when some numeric pattern has n digits. */
  lengths: Uint8Array;
  /** Open addressing, size a power of two: pattern index + 1 per slot, 0 when empty. */
  slotPattern: Int32Array;
  /** The value modulo 2^32 (as int32) of the pattern in the same slot. */
  slotHash: Int32Array;
  shift: number;
  /** Pattern index → normalised value ("" for patterns that are not numeric). */
  values: readonly string[];
  /** Numeric pattern indices of each length, ascending by value. */
  byLength: ReadonlyMap<number, Uint16Array>;
  /** The same patterns' values as numbers, for lengths up to EXACT_DIGITS (exact in a double). */
  valuesByLength: ReadonlyMap<number, Float64Array>;
}

/** Digit strings up to this length are exact as doubles (10^15 < 2^53). */
export const EXACT_DIGITS = 15;

/** 10^n modulo 2^32 for the 1–4 digit chunks that join a grouped token. */
export const POW10 = new Int32Array([1, 10, 100, 1000, 10000]);

/** Value of a digit string modulo 2^32 as an int32, the same arithmetic as the scanner's. */
function digitHash(value: string): number {
  let h = 0;
  for (let i = 0; i < value.length; i++) h = (Math.imul(h, 10) + value.charCodeAt(i) - 48) | 0;
  return h;
}

function slotOf(hash: number, len: number, shift: number): number {
  return Math.imul(hash ^ Math.imul(len, 0x27d4eb2d), 0x9e3779b1) >>> shift;
}

/** `numeric[i]` says whether pattern i is a digit invoice number; `values[i]` is its value. */
export function buildNumberTable(values: readonly string[], numeric: readonly boolean[]): NumberTable {
  const indices = values.flatMap((_, i) => (numeric[i] ? [i] : []));
  const maxLen = indices.reduce((m, i) => Math.max(m, (values[i] as string).length), 0);
  const lengths = new Uint8Array(maxLen + 1);
  let bits = 4;
  while (1 << bits < indices.length * 2) bits++;
  const shift = 32 - bits;
  const slotPattern = new Int32Array(1 << bits);
  const slotHash = new Int32Array(1 << bits);
  const groups = new Map<number, number[]>();
  for (const i of indices) {
    const value = values[i] as string;
    lengths[value.length] = 1;
    groups.set(value.length, [...(groups.get(value.length) ?? []), i]);
    const hash = digitHash(value);
    let slot = slotOf(hash, value.length, shift);
    while (slotPattern[slot] !== 0) slot = (slot + 1) & ((1 << bits) - 1);
    slotPattern[slot] = i + 1;
    slotHash[slot] = hash;
  }
  const byLength = new Map<number, Uint16Array>();
  for (const [len, group] of groups) {
    group.sort((x, y) => ((values[x] as string) < (values[y] as string) ? -1 : 1));
    byLength.set(len, Uint16Array.from(group));
  }
  const valuesByLength = new Map<number, Float64Array>();
  for (const [len, sorted] of byLength) if (len <= EXACT_DIGITS) valuesByLength.set(len, Float64Array.from(sorted, (i) => Number(values[i])));
  return { lengths, slotPattern, slotHash, shift, values: values.map((v, i) => (numeric[i] ? v : "")), byLength, valuesByLength };
}

/**
 * Sign of (token − value) for a token [start, last] of value.length digits (whitespace between
 * its groups is skipped): digit strings of one length compare as numbers.
 */
export function compareToken(classOf: Uint16Array, text: string, start: number, last: number, value: string): number {
  let k = 0;
  for (let i = start; i <= last; i++) {
    const d = (classOf[text.charCodeAt(i)] as number) - CLS_DIGIT0;
    if (d < 0 || d >= 10) continue;
    const diff = d - (value.charCodeAt(k++) - 48);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Sign of (token A − token B), two tokens of the same number of digits. */
export function compareTokens(classOf: Uint16Array, text: string, a: number, aLast: number, b: number, bLast: number): number {
  for (;;) {
    let da = -1;
    let db = -1;
    while (a <= aLast && (da < 0 || da >= 10)) da = (classOf[text.charCodeAt(a++)] as number) - CLS_DIGIT0;
    while (b <= bLast && (db < 0 || db >= 10)) db = (classOf[text.charCodeAt(b++)] as number) - CLS_DIGIT0;
    if (da < 0 || da >= 10 || db < 0 || db >= 10) return 0;
    if (da !== db) return da - db;
  }
}

/** The numeric pattern equal to the token, or -1; `hash` is the token's value modulo 2^32. */
export function exactPattern(t: NumberTable, classOf: Uint16Array, text: string, start: number, last: number, len: number, hash: number): number {
  const mask = t.slotPattern.length - 1;
  for (let slot = slotOf(hash, len, t.shift); t.slotPattern[slot] !== 0; slot = (slot + 1) & mask) {
    if (t.slotHash[slot] !== hash) continue;
    const index = (t.slotPattern[slot] as number) - 1;
    const value = t.values[index] as string;
    if (value.length === len && compareToken(classOf, text, start, last, value) === 0) return index;
  }
  return -1;
}

/** The value of a token [start, last] of at most EXACT_DIGITS digits (whitespace skipped). */
export function tokenValue(classOf: Uint16Array, text: string, start: number, last: number): number {
  let value = 0;
  for (let i = start; i <= last; i++) {
    const d = (classOf[text.charCodeAt(i)] as number) - CLS_DIGIT0;
    if (d >= 0 && d < 10) value = value * 10 + d;
  }
  return value;
}

/** Position of the first value above `value` in an ascending array. */
export function firstValueAbove(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Position in `sorted` of the first pattern whose value is above the token [start, last]. */
export function firstAbove(t: NumberTable, sorted: Uint16Array, classOf: Uint16Array, text: string, start: number, last: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareToken(classOf, text, start, last, t.values[sorted[mid] as number] as string) < 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
