/**
 * @module Ranges whose ends stand on labels of their own (issue 39): "起始号码：00823456 终止号码：00823499",
 * "起 00823456 止 00823499", "自00823456起至00823499止", "00823456号起至00823499号止". No separator follows
 * the first number, so the scanner's range rule (./look.ts: a separator right after a digit) never sees them;
 * they are read here, by one pattern over the text after the scan, only when some criterion is a number.
 * As in every range, a criterion of the ends' length strictly between them hits (via "range"), the span from
 * the first number's first digit to the second's last; the ends hit as ordinary exact tokens.
 */
import { normalizeValue } from "./fold";
import { newHitLog, record, VIA_RANGE, type HitLog } from "./hits";
import type { NumberTable } from "./numbers";

/** A number of 6 to 20 digits, full width allowed, 4-digit groups spaced ("0082 3456"). */
const NUMBER = "([0-9０-９](?:[ \\u3000]?[0-9０-９]){5,19})";
/** A number sign before a number ("No.", "第"). */
const SIGN = "(?:(?:[Nn][Oo][.:：．]?|№|第)\\s*)?";
/** The first number's label, and the second's. */
const START = "(?:起始(?:发票)?号码?|开始号码?|起号|起)";
const END = "(?:终止(?:发票)?号码?|截止(?:发票)?号码?|结束号码?|止号|止)";
/** Between the two: a few words, no digit and no sentence end ("，", "发票", "至"). */
const BETWEEN = "[^0-9０-９。；;\\n]{0,20}?";

const LABELLED = new RegExp(
  [
    // 起始号码：A … 终止号码：B
    `${START}\\s*[:：]?\\s*${SIGN}${NUMBER}${BETWEEN}${END}\\s*[:：]?\\s*${SIGN}${NUMBER}`,
    // (自) A (号) 起 (至) B (号) 止
    `${SIGN}${NUMBER}\\s*号?\\s*起\\s*(?:[至到\\-~～—]\\s*)?${SIGN}${NUMBER}\\s*号?\\s*止`,
  ].join("|"),
  "g",
);

/** Hits of the numeric patterns strictly inside each labelled range of the text. */
export function labelledRanges(numbers: NumberTable, text: string): HitLog {
  const log = newHitLog();
  for (const m of text.matchAll(LABELLED)) {
    const [first, second] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
    if (first === undefined || second === undefined) continue;
    const low = normalizeValue(first);
    const high = normalizeValue(second);
    const sorted = numbers.byLength[low.length];
    if (low.length !== high.length || low >= high || !sorted) continue;
    const start = m.index + m[0].indexOf(first);
    const end = m.index + m[0].lastIndexOf(second) + second.length;
    for (const index of sorted) {
      const value = numbers.values[index] as string;
      if (value > low && value < high) record(log, start, end, index, VIA_RANGE);
    }
  }
  return log;
}
