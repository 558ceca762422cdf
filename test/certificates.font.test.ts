/**
 * The embedded font: generated certificates carry the bundled font program (a text-layer round trip
 * cannot see glyphs), and the bundled font covers every character the generator prints outside party names.
 */
import fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { expect, it } from "vitest";
import { embeddedFontBytes, embeddedFontCovers } from "../worker/pdf/fonts";
import { writeEmbeddedPdf } from "../worker/pdf/write-embedded";
import { sandboxRegistry } from "../worker/upstream/sandbox";

it("embeds the bundled font program whole, with a glyph for every character printed", async () => {
  const text = "登记证明编号：0123 上海华信商贸有限公司，发票号码０１４９２９２１～No.08897420";
  const pdf = await writeEmbeddedPdf([{ width: 595, height: 842, runs: [{ text, x: 50, y: 700, size: 12 }] }], { title: "t", date: new Date(0) });
  const doc = await PDFDocument.load(pdf);
  const descriptor = doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .find((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"));
  const fontFile = descriptor?.lookup(PDFName.of("FontFile2")) ?? descriptor?.lookup(PDFName.of("FontFile3"));
  if (!(fontFile instanceof PDFRawStream)) throw new Error("no embedded font program");
  const embedded = decodePDFRawStream(fontFile).decode();
  // The font was subset to the generator's characters at build time; per document it is embedded as is.
  expect(embedded.byteLength).toBe(embeddedFontBytes().byteLength);
  expect(embedded).toEqual(embeddedFontBytes());
  type FontBytes = Parameters<typeof fontkit.create>[0];
  const font = fontkit.create(embedded as unknown as FontBytes);
  for (const ch of new Set(text)) expect(font.glyphForCodePoint(ch.codePointAt(0) ?? 0).id, ch).toBeGreaterThan(0);
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
