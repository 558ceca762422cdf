/**
 * @module Ranges of invoice numbers: the numeric patterns of each length sorted by value, so that a
 * written range "A-B" finds the patterns strictly between its ends with a binary search, over doubles
 * up to 15 digits (exact), digit by digit in the text beyond. (An invoice number written as such is
 * an automaton pattern like a keyword, ./automaton.ts; ./tokens.ts checks its token boundaries.)
 */
import { CLS_DIGIT0 } from "./automaton";

export interface NumberTable {
  /** lengths[n] === 1 when some numeric pattern has n digits; lengths.length − 1 is the longest. */
  lengths: Uint8Array;
  /** Pattern index → normalised value ("" for patterns that are not numeric). */
  values: readonly string[];
  /** Numeric pattern indices of each length (the index), ascending by value. */
  byLength: readonly (Uint16Array | undefined)[];
  /** The same patterns' values as numbers, for lengths up to EXACT_DIGITS (exact in a double). */
  valuesByLength: readonly (Float64Array | undefined)[];
  /**
   * For the same lengths, where each value of leading digits begins in valuesByLength: entry b is
   * the position of the first value whose leading BUCKET_DIGITS digits are b or more.
   */
  bucketsByLength: readonly (Uint16Array | undefined)[];
  /** Values per bucket, by length: 10^(length − BUCKET_DIGITS), at least 1. */
  bucketWidths: Float64Array;
}

/** Leading digits that index a length's values (fewer for shorter lengths): 1000 buckets. */
const BUCKET_DIGITS = 3;

/** Digit strings up to this length are exact as doubles (10^15 < 2^53). */
export const EXACT_DIGITS = 15;

/** `numeric[i]` says whether pattern i is a digit invoice number; `values[i]` is its value. */
export function buildNumberTable(values: readonly string[], numeric: readonly boolean[]): NumberTable {
  const indices = values.flatMap((_, i) => (numeric[i] ? [i] : []));
  const maxLen = indices.reduce((m, i) => Math.max(m, (values[i] as string).length), 0);
  const lengths = new Uint8Array(maxLen + 1);
  const groups = new Map<number, number[]>();
  for (const i of indices) {
    const value = values[i] as string;
    lengths[value.length] = 1;
    groups.set(value.length, [...(groups.get(value.length) ?? []), i]);
  }
  const byLength: (Uint16Array | undefined)[] = Array.from({ length: maxLen + 1 }, () => undefined);
  const valuesByLength: (Float64Array | undefined)[] = Array.from({ length: maxLen + 1 }, () => undefined);
  const bucketsByLength: (Uint16Array | undefined)[] = Array.from({ length: maxLen + 1 }, () => undefined);
  const bucketWidths = Float64Array.from({ length: maxLen + 1 }, (_, len) => 10 ** Math.max(0, len - BUCKET_DIGITS));
  for (const [len, group] of groups) {
    group.sort((x, y) => ((values[x] as string) < (values[y] as string) ? -1 : 1));
    const sorted = Uint16Array.from(group);
    byLength[len] = sorted;
    if (len > EXACT_DIGITS) continue;
    const sortedValues = Float64Array.from(sorted, (i) => Number(values[i]));
    valuesByLength[len] = sortedValues;
    const width = bucketWidths[len] as number;
    const buckets = new Uint16Array(Math.ceil(10 ** len / width) + 1);
    for (let b = 0, k = 0; b < buckets.length; b++) {
      while (k < sortedValues.length && (sortedValues[k] as number) < b * width) k++;
      buckets[b] = k;
    }
    bucketsByLength[len] = buckets;
  }
  return { lengths, values: values.map((v, i) => (numeric[i] ? v : "")), byLength, valuesByLength, bucketsByLength, bucketWidths };
}

/**
 * Sign of (token − value) for a token [start, last] of value.length digits (whitespace between
 * its groups is skipped): digit strings of one length compare as numbers.
 */
export function compareToken(classOf: Int32Array, text: string, start: number, last: number, value: string): number {
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
export function compareTokens(classOf: Int32Array, text: string, a: number, aLast: number, b: number, bLast: number): number {
  for (;;) {
    let da = -1;
    let db = -1;
    while (a <= aLast && (da < 0 || da >= 10)) da = (classOf[text.charCodeAt(a++)] as number) - CLS_DIGIT0;
    while (b <= bLast && (db < 0 || db >= 10)) db = (classOf[text.charCodeAt(b++)] as number) - CLS_DIGIT0;
    if (da < 0 || da >= 10 || db < 0 || db >= 10) return 0;
    if (da !== db) return da - db;
  }
}

/**
 * Position of the first value above `value` (a number of `len` digits) among the sorted values of
 * that length: its bucket's first position, then on past the few values of the bucket not above
 * it. (A binary search mispredicted about every other of its branches, on random numbers.)
 */
export function firstValueAbove(t: NumberTable, len: number, value: number): number {
  const sorted = t.valuesByLength[len] as Float64Array;
  const buckets = t.bucketsByLength[len] as Uint16Array;
  let k = buckets[Math.floor(value / (t.bucketWidths[len] as number))] as number;
  while (k < sorted.length && (sorted[k] as number) <= value) k++;
  return k;
}

/** Position in `sorted` of the first pattern whose value is above the token [start, last]. */
export function firstAbove(t: NumberTable, sorted: Uint16Array, classOf: Int32Array, text: string, start: number, last: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareToken(classOf, text, start, last, t.values[sorted[mid] as number] as string) < 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
