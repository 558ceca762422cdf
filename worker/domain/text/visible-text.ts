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
import { HIDDEN_CHARACTER, codePointLabel, isHiddenCharacter, type TextShape } from "../../schemas/text";

/** `〈U+200B〉`: how a hidden code point is printed. */
export function visibleEscape(ch: string): string {
  return `\u3008${codePointLabel(ch)}\u3009`;
}

/**
 * The text with every code point the door's rule refuses replaced by its visible escape. `note` keeps line
 * breaks and tabs (a multi-line note, a CSV cell, a PDF paragraph); `line` escapes them too.
 */
export function visibleText(text: string, shape: TextShape = "note"): string {
  // Almost every text holds nothing to escape: one scan, no copy.
  if (!HIDDEN_CHARACTER.test(text)) return text;
  let out = "";
  for (const ch of text) out += isHiddenCharacter(ch, shape) ? visibleEscape(ch) : ch;
  return out;
}

/** Every string inside a JSON value made visible (objects and arrays rebuilt, other values as they are). */
export function visibleStrings<T>(value: T): T {
  if (typeof value === "string") return visibleText(value) as T;
  if (Array.isArray(value)) return value.map(visibleStrings) as T;
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visibleStrings(v)])) as T;
  return value;
}
