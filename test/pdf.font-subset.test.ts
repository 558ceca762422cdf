/**
 * The export's font, cut per document (worker/pdf/font-subset.ts) and made fit for a CIDFontType0
 * with Identity-H (worker/pdf/cff-font.ts): hb-subset keeps a CID-keyed font's original CIDs, so a
 * reader that maps codes through the charset would draw other glyphs than the ones laid out (seen in
 * poppler before the charset was rewritten: Latin letters in place of Chinese).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { exportFontFile } from "../worker/console/export/export-font";
import { cffTableOf, withIdentityCharset } from "../worker/pdf/cff-font";
import { subsetFont } from "../worker/pdf/font-subset";

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;

/** CID of each glyph 1…n-1 by the charset (formats 0 and 2), read straight from the bytes (CFF spec §13). */
function cidsOf(cff: Uint8Array, charsetOffset: number, glyphs: number): number[] {
  const cids: number[] = [];
  const format = cff[charsetOffset];
  let at = charsetOffset + 1;
  while (cids.length < glyphs - 1) {
    if (format === 0) {
      cids.push(u16(cff, at));
      at += 2;
    } else {
      const first = u16(cff, at);
      const left = format === 1 ? cff[at + 2]! : u16(cff, at + 2);
      for (let i = 0; i <= left; i++) cids.push(first + i);
      at += format === 1 ? 3 : 4;
    }
  }
  return cids;
}

describe("the export's font", () => {
  it("is cut to the document's characters, and its charset maps every glyph to its own id", async () => {
    const full = await exportFontFile(env.ASSETS);
    expect(full.length).toBeGreaterThan(5_000_000);
    const text = "重复融资核查报告 镕喆堃 ABC 0123456789";
    const subset = subsetFont(full, text);
    expect(subset.length).toBeLessThan(30_000);
    const cff = cffTableOf(subset)!;
    const fixed = withIdentityCharset(cff);
    expect(fixed.length).toBe(cff.length);
    const changed = [...cff.keys()].filter((i) => cff[i] !== fixed[i]);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(5);
    // hb-subset writes a charset of format 0 or 1 (CIDs one by one or in short runs); it becomes format 2, one range.
    const charset = changed[0]!;
    expect([0, 1]).toContain(cff[charset]);
    expect(fixed[charset]).toBe(2);
    const glyphs = u16(fixed, charset + 3) + 2;
    // A glyph per character, and .notdef.
    expect(glyphs).toBe(new Set(text).size + 1);
    const before = cidsOf(cff, charset, glyphs);
    const after = cidsOf(fixed, charset, glyphs);
    expect(before.some((cid, i) => cid !== i + 1)).toBe(true);
    expect(after).toEqual(Array.from({ length: glyphs - 1 }, (_, i) => i + 1));
  });
});
