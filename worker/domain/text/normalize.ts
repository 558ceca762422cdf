/**
 * @module Text that means what it shows: the one normalisation between extraction (PDF text, OCR lines)
 * and everything that reads text (parser, matcher, search, the page text the API serves).
 *
 * Folds, code point by code point:
 * - radicals and strokes to the unified ideograph they look like (Unicode's Equivalent_Unified_Ideograph:
 *   Chromium/Skia's Type3 ToUnicode maps say U+2F00 ⼀ where the page shows 一, U+2EA0 ⺠ for 民, which NFKC
 *   does not fold at all), and look-alikes outside the main ideograph block to the one inside it (Unihan
 *   kSpoofingVariant: the same glyph mapped backwards to U+3B35 㬵 where the page shows 胶);
 * - CJK Compatibility Ideographs (U+F900–U+FAFF, U+2F800–U+2FA1F) to their unified ideographs (NFKC);
 * - full-width forms of ASCII letters, digits and symbols (Ａ１＃－～) to ASCII; NBSP, the ideographic space
 *   and other fixed-width spaces to " ";
 * - zero-width characters, BOM and soft hyphens are removed.
 * Chinese punctuation stays as printed: （）：，；！？ are the normal forms of Chinese text, not width
 * variants (a company name is "某某（有限合伙）"), and readers accept both widths where it matters.
 *
 * The fold is not length-preserving (a removed soft hyphen; a radical whose ideograph is outside the BMP),
 * so `normalizeWithMap` also returns, for each UTF-16 unit of the output, the offset of the input unit it
 * came from: callers that keep positions (text runs' boxes, OCR boxes) translate through it.
 */
import { EQUIVALENT_UNIFIED_IDEOGRAPHS } from "./equivalent-ideographs";
import { SPOOFING_VARIANTS } from "./spoofing-variants";

const REMOVED = new Set([0x00ad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x180e]);
/** （）：，；！？ */
const CHINESE_PUNCTUATION = new Set([0xff08, 0xff09, 0xff1a, 0xff0c, 0xff1b, 0xff01, 0xff1f]);
const SPACES = new Set([
  0x00a0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000,
]);

function buildFolds(): Map<number, string> {
  const folds = new Map<number, string>();
  for (const pair of EQUIVALENT_UNIFIED_IDEOGRAPHS.split(",")) {
    const [from, to] = pair.split(":");
    if (from && to) folds.set(Number.parseInt(from, 16), String.fromCodePoint(Number.parseInt(to, 16)));
  }
  for (const pair of SPOOFING_VARIANTS.split(",")) {
    const [from, to] = pair.split(":");
    if (from && to) folds.set(Number.parseInt(from, 16), String.fromCodePoint(Number.parseInt(to, 16)));
  }
  // Kangxi Radicals have a compatibility decomposition: NFKC states the same fact as the UCD file.
  for (let cp = 0x2f00; cp <= 0x2fd5; cp++) if (!folds.has(cp)) folds.set(cp, String.fromCodePoint(cp).normalize("NFKC"));
  const compatibility: Array<[number, number]> = [
    [0xf900, 0xfaff],
    [0x2f800, 0x2fa1f],
  ];
  for (const [first, last] of compatibility) {
    for (let cp = first; cp <= last; cp++) {
      const folded = String.fromCodePoint(cp).normalize("NFKC");
      if (folded !== String.fromCodePoint(cp)) folds.set(cp, folded);
    }
  }
  for (let cp = 0xff01; cp <= 0xff5e; cp++) if (!CHINESE_PUNCTUATION.has(cp)) folds.set(cp, String.fromCharCode(cp - 0xfee0));
  // The wave dash is how some ToUnicode maps name the full-width tilde's glyph (ranges: "00123456〜00123499").
  folds.set(0x301c, "~");
  for (const cp of SPACES) folds.set(cp, " ");
  for (const cp of REMOVED) folds.set(cp, "");
  return folds;
}

const FOLDS = buildFolds();

/** Any code point the fold changes: a quick test that lets untouched text through without copying. */
const NEEDS_FOLD = new RegExp(`[${[...FOLDS.keys()].map((cp) => `\\u{${cp.toString(16)}}`).join("")}]`, "u");

export interface NormalizedText {
  text: string;
  /**
   * For each UTF-16 unit of `text`, and one past its end, the UTF-16 offset in the input it came from;
   * null when the text was unchanged (the identity map).
   */
  origin: Int32Array | null;
}

export function normalizeWithMap(input: string): NormalizedText {
  if (!NEEDS_FOLD.test(input)) return { text: input, origin: null };
  let text = "";
  const origin: number[] = [];
  for (let i = 0; i < input.length;) {
    const cp = input.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const folded = FOLDS.get(cp);
    const out = folded ?? input.slice(i, i + width);
    for (let k = 0; k < out.length; k++) origin.push(i);
    text += out;
    i += width;
  }
  origin.push(input.length);
  // Chinese punctuation in the full-width block passes the quick test but folds to itself.
  return text === input ? { text, origin: null } : { text, origin: Int32Array.from(origin) };
}

/** The normalised text alone. */
export function normalizeText(input: string): string {
  return NEEDS_FOLD.test(input) ? normalizeWithMap(input).text : input;
}

/** The input offset of an output offset (the identity when nothing was folded). */
export function originOf(normalized: NormalizedText, offset: number): number {
  if (!normalized.origin) return offset;
  return normalized.origin[Math.max(0, Math.min(offset, normalized.origin.length - 1))] ?? offset;
}

/** Full-width forms (Ａ１＃) and the ideographic space: printed an em wide, served as their ASCII forms. */
const isFullWidthForm = (cp: number) => (cp >= 0xff01 && cp <= 0xff5e) || cp === 0x3000;

/**
 * A text run normalised, and the offsets in the output of units printed full-width that the fold made
 * half-width ("１１０５" → "1105", all four): what tells where each character of the run stands.
 */
export function normalizeRun(input: string): { text: string; wide: number[] } {
  const normalized = normalizeWithMap(input);
  const wide: number[] = [];
  if (normalized.origin)
    for (let k = 0; k < normalized.text.length; k++) {
      const from = normalized.origin[k] ?? 0;
      if (isFullWidthForm(input.charCodeAt(from)) && normalized.text.charCodeAt(k) < 0x1100) wide.push(k);
    }
  return { text: normalized.text, wide };
}
