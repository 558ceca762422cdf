/**
 * @module The bare CFF program of an OpenType font with CFF outlines, made fit for a PDF's CIDFontType0
 * with Identity-H (PDF 32000-1:2008 §9.7.4.2): the content stream's codes are glyph ids, and a reader
 * maps a code (a CID) to a glyph through the CFF charset, so the charset must map each glyph to its own
 * id. hb-subset keeps a CID-keyed font's original CIDs (glyph 6 may be CID 26071): readers that go
 * through the charset (Acrobat, poppler with a bare CFF) would draw the wrong glyphs. The charset is
 * rewritten in place as one range (format 2: glyphs 1…n-1 are CIDs 1…n-1), never longer than the one it
 * replaces, so no offset in the table moves. (Adobe TN 5176, The Compact Font Format Specification:
 * §5 INDEX, §4 DICT, §13 Charsets; OpenType "Table Directory".)
 */

const CHARSET_OPERATOR = 15;
const CHARSTRINGS_OPERATOR = 17;
/** ROS (12 30): present only in a CID-keyed font's Top DICT. */
const ROS_OPERATOR = 0x0c1e;

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function offsetAt(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/** The `CFF ` table of an OpenType file; null when it has none (TrueType outlines). */
export function cffTableOf(font: Uint8Array): Uint8Array | null {
  const tables = u16(font, 4);
  for (let i = 0; i < tables; i++) {
    const entry = 12 + i * 16;
    if (String.fromCharCode(...font.subarray(entry, entry + 4)) !== "CFF ") continue;
    const offset = offsetAt(font, entry + 8, 4);
    return font.slice(offset, offset + offsetAt(font, entry + 12, 4));
  }
  return null;
}

/** An INDEX at `at`: its items' [start, end) in `bytes`, and where the next structure begins. */
function readIndex(bytes: Uint8Array, at: number): { items: Array<[number, number]>; end: number } {
  const count = u16(bytes, at);
  if (count === 0) return { items: [], end: at + 2 };
  const size = bytes[at + 2]!;
  const offsets = Array.from({ length: count + 1 }, (_, i) => offsetAt(bytes, at + 3 + i * size, size));
  const base = at + 3 + (count + 1) * size - 1;
  return { items: offsets.slice(0, -1).map((o, i) => [base + o, base + offsets[i + 1]!]), end: base + offsets[count]! };
}

/** One DICT operand at `at` (§4, Table 3): its value (0 for a real, which this module never needs) and its length. */
function operandAt(bytes: Uint8Array, at: number, end: number): { value: number; length: number } {
  const b0 = bytes[at]!;
  const b1 = bytes[at + 1] ?? 0;
  if (b0 === 28) return { value: (((b1 << 8) | bytes[at + 2]!) << 16) >> 16, length: 3 };
  if (b0 === 29) return { value: offsetAt(bytes, at + 1, 4) | 0, length: 5 };
  if (b0 === 30) {
    let last = at + 1;
    while (last < end && (bytes[last]! & 0x0f) !== 0x0f && (bytes[last]! & 0xf0) !== 0xf0) last++;
    return { value: 0, length: last + 1 - at };
  }
  if (b0 <= 246) return { value: b0 - 139, length: 1 };
  if (b0 <= 250) return { value: (b0 - 247) * 256 + b1 + 108, length: 2 };
  if (b0 <= 254) return { value: -(b0 - 251) * 256 - b1 - 108, length: 2 };
  return { value: 0, length: 1 };
}

/** The operators of a DICT with the last operand before each (all this module needs). */
function readDict(bytes: Uint8Array, start: number, end: number): Map<number, number> {
  const entries = new Map<number, number>();
  let operand = 0;
  for (let at = start; at < end;) {
    const b0 = bytes[at]!;
    if (b0 <= 21) {
      entries.set(b0 === 12 ? 0x0c00 | bytes[at + 1]! : b0, operand);
      at += b0 === 12 ? 2 : 1;
    } else {
      const { value, length } = operandAt(bytes, at, end);
      operand = value;
      at += length;
    }
  }
  return entries;
}

/** Bytes of the charset at `at` that covers glyphs 1…glyphs-1 (formats 0, 1 and 2). */
function charsetLength(bytes: Uint8Array, at: number, glyphs: number): number {
  const format = bytes[at];
  if (format === 0) return 1 + (glyphs - 1) * 2;
  const rangeSize = format === 1 ? 3 : 4;
  let covered = 0;
  let length = 1;
  while (covered < glyphs - 1) {
    const left = format === 1 ? bytes[at + length + 2]! : u16(bytes, at + length + 2);
    covered += left + 1;
    length += rangeSize;
  }
  return length;
}

/**
 * `cff` with an identity charset when it is CID-keyed; a name-keyed font is returned as it is (its
 * glyphs are reached by glyph id already). Throws when the table is not what it claims.
 */
export function withIdentityCharset(cff: Uint8Array): Uint8Array {
  const out = cff.slice();
  const names = readIndex(out, out[2]!);
  const top = readIndex(out, names.end).items[0];
  if (!top) throw new Error("CFF without a Top DICT");
  const dict = readDict(out, top[0], top[1]);
  if (!dict.has(ROS_OPERATOR)) return out;
  const charset = dict.get(CHARSET_OPERATOR);
  const charStrings = dict.get(CHARSTRINGS_OPERATOR);
  if (!charset || !charStrings || charset >= out.length) throw new Error("CID-keyed CFF without a charset");
  const glyphs = u16(out, charStrings);
  // The charset in place must be at least as long as the 5 bytes of one range.
  if (glyphs < 2 || charsetLength(out, charset, glyphs) < 5) return out;
  out.set([2, 0, 1, ((glyphs - 2) >> 8) & 0xff, (glyphs - 2) & 0xff], charset);
  return out;
}
