/**
 * @module The embedded font (Noto Sans SC, subset at build time to the characters the sandbox prints)
 * and the question which text it can render. Decoded once per isolate, on first use.
 */
import { FONT_BASE64, FONT_CHARSET } from "./assets/font-data";

let fontBytes: Uint8Array | undefined;
let charset: Set<string> | undefined;

export function embeddedFontBytes(): Uint8Array {
  fontBytes ??= Uint8Array.from(atob(FONT_BASE64), (c) => c.charCodeAt(0));
  return fontBytes;
}

/** True when every character of `text` has a glyph in the embedded font. */
export function embeddedFontCovers(text: string): boolean {
  charset ??= new Set(FONT_CHARSET);
  for (const ch of text) if (!charset.has(ch)) return false;
  return true;
}
