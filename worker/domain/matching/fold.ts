/**
 * @module Character folding shared by criteria and scanned text.
 *
 * Folding works per UTF-16 code unit so that one original code unit maps to at most one
 * normalised unit: that keeps the offset map trivial (a normalised position is an original
 * position minus the skipped whitespace) and lets the scanner use a 64K lookup table instead
 * of calling `String.prototype.normalize` on megabytes of text.
 *
 * Per code unit, in order:
 * 1. white space and digits are what the invoice-number rule says they are (worker/schemas/invoice-number.ts):
 *    its white space (JS `\s`, U+0085 NEL, U+200B ZERO WIDTH SPACE) is skipped, its digits (ASCII and
 *    full-width) fold to ASCII, and nothing else becomes either ("①" and "¹" stay marks);
 * 2. surrogates stay as they are (astral characters, e.g. emoji, are never folded);
 * 3. NFKC of the single character, kept only when it is a single code unit
 *    ("：" → ":", "Ａ" → "A"; "㈱" stays, it would expand);
 * 4. lower case of that, again only when it is a single code unit ("Ａ" → "a", "İ" stays);
 * 5. dash and wave-dash variants NFKC leaves alone fold to "-" and "~" ("—", "–", "−", "〜"),
 *    so "00123456—00123499" and "00123456〜00123499" read as ranges;
 * 6. traditional characters fold onto simplified ones by OpenCC's character dictionary, and a few
 *    simplified variants onto the form a criterion is typed with (./variants.ts: 帳 → 帐 → 账, 貨 → 货 …),
 *    one unit onto one.
 */
import { DIGIT_CLASS, FULL_WIDTH_ZERO, SPACE_CLASS } from "../../schemas/invoice-number";
import { chineseFolds } from "./variants";

/** Table value of a code unit that is skipped (whitespace). No character folds to U+FFFF. */
export const SKIP = 0xffff;

let table: Uint16Array | undefined;

const DASHES = [0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58];
const WAVES = [0x301c, 0x223c, 0x2053];

/** Blocks where NFKC and lower-casing are the identity; skipping them halves the build time. */
function isInvariantBlock(c: number): boolean {
  return (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xd800 && c <= 0xf8ff);
}

const SPACE = new RegExp(`[${SPACE_CLASS}]`);
const DIGIT = new RegExp(`[${DIGIT_CLASS}]`);
const ZERO = 0x30;
const NINE = 0x39;

function foldOne(c: number): number {
  const ch = String.fromCharCode(c);
  if (SPACE.test(ch)) return SKIP;
  if (DIGIT.test(ch)) return c >= FULL_WIDTH_ZERO ? c - FULL_WIDTH_ZERO + ZERO : c;
  let r = ch.normalize("NFKC");
  if (r.length !== 1) r = ch;
  const lower = r.toLowerCase();
  if (lower.length === 1) r = lower;
  const f = r.charCodeAt(0);
  // Only the rule's digits and white space are digits and white space: a circled "①" stays a mark.
  if ((f >= ZERO && f <= NINE) || SPACE.test(r)) return c;
  if (DASHES.includes(f)) return 0x2d;
  if (WAVES.includes(f)) return 0x7e;
  return f === SKIP ? c : f;
}

/** The fold table (built once per isolate, a few ms): original code unit → folded unit or SKIP. */
export function foldTable(): Uint16Array {
  if (table) return table;
  const t = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) t[c] = isInvariantBlock(c) ? c : foldOne(c);
  for (const [from, to] of chineseFolds()) t[from] = to;
  table = t;
  return t;
}

/** Normalises a criterion value the way the scanner normalises text: folded, whitespace removed. */
export function normalizeValue(value: string): string {
  const t = foldTable();
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const f = t[value.charCodeAt(i)] ?? SKIP;
    if (f !== SKIP) out += String.fromCharCode(f);
  }
  return out;
}

/** Whether a normalised value is an invoice number proper (only ASCII digits). */
export function isDigitString(s: string): boolean {
  return /^[0-9]+$/.test(s);
}
