/**
 * @module Ranges whose ends stand on labels of their own (issue 39): "起始号码：00823456 终止号码：00823499",
 * "起 00823456 止 00823499", "自00823456起至00823499止", "00823456号起至00823499号止". No separator follows
 * the first number, so the scanner's range rule (./look.ts: a separator right after a digit) never sees them;
 * they are read here, by one pattern tried after the scan, only when some criterion is a number, and only
 * near a "起" or "开" the scan saw (./automaton.ts flags them): every such range has one of them, at most
 * LABEL_REACH non-white units after its first character. Tried at every unit, the pattern cost ten times
 * the scan itself on text with many numbers (each digit begins a try of the pattern's second form).
 * As in every range, a criterion of the ends' length strictly between them hits (via "range"), the span from
 * the first number's first digit to the second's last; the ends hit as ordinary exact tokens.
 */
import { CLS_SKIP } from "./automaton";
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

const FORMS = [
  // 起始号码：A … 终止号码：B
  `${START}\\s*[:：]?\\s*${SIGN}${NUMBER}${BETWEEN}${END}\\s*[:：]?\\s*${SIGN}${NUMBER}`,
  // (自) A (号) 起 (至) B (号) 止
  `${SIGN}${NUMBER}\\s*号?\\s*起\\s*(?:[至到\\-~～—]\\s*)?${SIGN}${NUMBER}\\s*号?\\s*止`,
].join("|");
/** The pattern tried at one unit (sticky): the matches found are those a global search would find. */
const LABELLED_AT = new RegExp(FORMS, "y");

/**
 * Non-white units a match may have before its "起" or "开": a number sign (3), a number (20 digits; its
 * spaces are white), "号"; with room to spare.
 */
const LABEL_REACH = 32;

/** Characters a match may begin with: "起", "开", a number sign ("No", "№", "第") or a digit. */
const MATCH_FIRST = /[起开Nn№第0-9０-９]/;

/**
 * Hits of the numeric patterns strictly inside each labelled range of the text. `labels`: ascending
 * positions of every "起" and "开" (at least; more positions cost time, never hits). The ranges found are
 * those of a search of the whole text from left to right, each next one after the last's end: a match
 * begins at a position p, where its "起" or "开" is at or after p and at most LABEL_REACH non-white units
 * later, so all of them begin between some label's reach and that label.
 */
export function labelledRanges(numbers: NumberTable, text: string, classOf: Int32Array, labels: readonly number[]): HitLog {
  const log = newHitLog();
  let cursor = 0;
  for (const label of labels) {
    if (label < cursor) continue;
    let p = Math.max(cursor, reachBefore(classOf, text, label));
    for (; p <= label; p++) {
      if (!MATCH_FIRST.test(text[p] as string)) continue;
      LABELLED_AT.lastIndex = p;
      const m = LABELLED_AT.exec(text);
      if (!m) continue;
      cursor = p + m[0].length;
      found(numbers, log, m, p);
      break;
    }
    if (p > label) cursor = label + 1;
  }
  return log;
}

/** Where the LABEL_REACH non-white units before `label` begin (0 when there are fewer). */
function reachBefore(classOf: Int32Array, text: string, label: number): number {
  let k = label;
  for (let n = 0; k > 0 && n < LABEL_REACH;) if (classOf[text.charCodeAt(--k)] !== CLS_SKIP) n++;
  return k;
}

/** The hits of one labelled range, matched at `at`. */
function found(numbers: NumberTable, log: HitLog, m: RegExpExecArray, at: number): void {
  const [first, second] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
  if (first === undefined || second === undefined) return;
  const low = normalizeValue(first);
  const high = normalizeValue(second);
  const sorted = numbers.byLength[low.length];
  if (low.length !== high.length || low >= high || !sorted) return;
  const start = at + m[0].indexOf(first);
  const end = at + m[0].lastIndexOf(second) + second.length;
  for (const index of sorted) {
    const value = numbers.values[index] as string;
    if (value > low && value < high) record(log, start, end, index, VIA_RANGE);
  }
}
