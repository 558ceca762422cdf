/**
 * The embedded font: the glyphs pdf-lib subsets into a generated certificate keep the outlines of the
 * bundled font (a text-layer round trip cannot see glyphs), and the bundled font covers every character
 * the generator prints outside party names.
 */
import fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { expect, it } from "vitest";
import { embeddedFontBytes, embeddedFontCovers } from "../worker/pdf/fonts";
import { writeEmbeddedPdf } from "../worker/pdf/write-embedded";
import { sandboxRegistry } from "../worker/upstream/sandbox";

it("keeps every glyph outline through pdf-lib's per-document subset", async () => {
  const text = "登记证明编号：0123 上海华信商贸有限公司，发票号码０１４９２９２１～No.08897420";
  const pdf = await writeEmbeddedPdf([{ width: 595, height: 842, runs: [{ text, x: 50, y: 700, size: 12 }] }], { title: "t", date: new Date(0) });
  const doc = await PDFDocument.load(pdf);
  const descriptor = doc.context.enumerateIndirectObjects().map(([, o]) => o)
    .find((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"));
  const fontFile = descriptor?.lookup(PDFName.of("FontFile2"));
  if (!(fontFile instanceof PDFRawStream)) throw new Error("no embedded TrueType font program");
  type FontBytes = Parameters<typeof fontkit.create>[0];
  const subset = fontkit.create(decodePDFRawStream(fontFile).decode() as unknown as FontBytes);
  const source = fontkit.create(embeddedFontBytes() as unknown as FontBytes);
  // pdf-lib adds glyphs in order of first use, after .notdef.
  const distinct = [...new Set(text)];
  expect(subset.numGlyphs).toBe(distinct.length + 1);
  distinct.forEach((ch, i) => {
    const original = source.glyphForCodePoint(ch.codePointAt(0) ?? 0);
    const copied = subset.getGlyph(i + 1);
    expect(copied.path.toSVG(), ch).toBe(original.path.toSVG());
    expect(copied.bbox, ch).toEqual(original.bbox);
  });
});

it("covers every character of generated certificates except foreign party names", () => {
  for (const subject of ["上海华信商贸有限公司规模40", "杭州瑞丰物流有限公司"]) {
    for (const truth of sandboxRegistry.describe(subject).registrations) {
      if (truth.font !== "embedded") continue;
      const uncovered = [...new Set(truth.pageTexts.join(""))].filter((c) => c !== "\n" && !embeddedFontCovers(c));
      expect(uncovered).toEqual([]);
    }
  }
});
