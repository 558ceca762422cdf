/**
 * @module Stored text shown neutralised (docs/input-text.md): what a page, a CSV or a PDF prints of a name,
 * a note, a criterion, a file name or an audit detail. The doors refuse control, invisible and
 * bidirectional characters now (worker/schemas/text.ts), but values stored before, and text that came from
 * elsewhere (a registry's file names, a browser's User-Agent), may still hold them: printed raw, a U+202E
 * turns "invoice‮fdp.exe" into what reads as "invoiceexe.pdf", a zero-width space hides that two names
 * differ, a NUL cuts a cell. Every such code point is printed as a visible escape instead, "〈U+200B〉", in
 * CJK angle brackets (U+3008, U+3009), which every target has a glyph for, the PDFs' STSong-Light included.
 *
 * Pure and idempotent (an escape is visible text and stays as it is): apply it once, where text leaves.
 */
import { codePointLabel, isHiddenCharacter, type TextShape } from "../../schemas/text";

/**
 * A quick first look for text that may hold a hidden character: the BMP code points the rule's Unicode
 * classes name (as this runtime's Unicode version has them), and any surrogate (astral text is looked at
 * closely). A superset of the rule, checked for every code point by test/text.visible.test.ts. A table
 * read per UTF-16 unit is about three times faster than the rule's property classes over Chinese text
 * (0.5 ms against 1.5 ms for a 47 KB page, on a loaded machine), and nearly every text passes it.
 */
const MAY_BE_HIDDEN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xd800, 0xdfff],
  [0xfdd0, 0xfdef],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0xfffe, 0xffff],
];
const MAY_BE_HIDDEN = new Uint8Array(0x10000);
for (const [first, last] of MAY_BE_HIDDEN_RANGES) MAY_BE_HIDDEN.fill(1, first, last + 1);

/** Whether the text may hold a hidden character (false: it surely holds none). */
export function mayHoldHidden(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (MAY_BE_HIDDEN[text.charCodeAt(i)] === 1) return true;
  return false;
}

/** `〈U+200B〉`: how a hidden code point is printed. */
export function visibleEscape(ch: string): string {
  return `\u3008${codePointLabel(ch)}\u3009`;
}

/**
 * The text with every code point the door's rule refuses replaced by its visible escape. `note` keeps line
 * breaks and tabs (a multi-line note, a CSV cell, a PDF paragraph); `line` escapes them too.
 */
export function visibleText(text: string, shape: TextShape = "note"): string {
  // Almost every text holds nothing to escape: one quick scan, no copy.
  if (!mayHoldHidden(text)) return text;
  let out = "";
  for (const ch of text) out += isHiddenCharacter(ch, shape) ? visibleEscape(ch) : ch;
  return out;
}

/**
 * A hidden character in JSON text is either itself or an escape: `\u0000`-style, or `\b` and `\f` (the
 * other short escapes are line breaks, tabs, quotes and slashes). An escaped backslash before a "b" or a
 * "u" matches too: that only costs the walk.
 */
const MAYBE_ESCAPED_HIDDEN = /\\[ubf]/;

/**
 * JSON text parsed with every string made visible. Most answers hold nothing to escape: one scan of the
 * text tells, and then nothing is walked or rebuilt.
 */
export function parseVisibleJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return mayHoldHidden(text) || MAYBE_ESCAPED_HIDDEN.test(text) ? visibleStrings(value) : value;
}

/** Every string inside a JSON value made visible (objects and arrays rebuilt, other values as they are). */
export function visibleStrings<T>(value: T): T {
  if (typeof value === "string") return visibleText(value) as T;
  if (Array.isArray(value)) return value.map(visibleStrings) as T;
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visibleStrings(v)])) as T;
  return value;
}
