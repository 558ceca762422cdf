/** OCR lines into page text (worker/ocr/page-text.ts): a line's words placed by the service give each word its own box. */
import { describe, expect, it } from "vitest";
import { rangeQuads } from "../worker/domain/evidence-quads";
import { ocrPageText } from "../worker/ocr/page-text";
import type { OcrResult } from "../worker/ocr/schema";

/** A table row read as one line: an empty code cell between the index and the 20-digit number (pixels of scan-2.jpg). */
const row = { text: "6 63091482379333044413 199,028.17", confidence: 0.99, box: [98, 534, 762, 566] as [number, number, number, number] };
const words = [
  { text: "6", box: [99, 536, 109, 560] as [number, number, number, number] },
  { text: "63091482379333044413", box: [359, 538, 590, 562] as [number, number, number, number] },
  { text: "199,028.17", box: [661, 540, 762, 564] as [number, number, number, number] },
];
const page = (lines: OcrResult["lines"]): OcrResult => ({ width: 1070, height: 998, lines });

describe("OCR page text", () => {
  it("keeps one box per placed word, so a number's quad is the number's, not its share of the row", () => {
    const read = ocrPageText(page([{ ...row, words }]));
    expect(read.text).toBe(row.text);
    expect(read.boxes.map((b) => read.text.slice(b.start, b.end))).toEqual(words.map((w) => w.text));
    const start = read.text.indexOf("63091482379333044413");
    const [quad] = rangeQuads(read.text, read.boxes, start, start + 20, read);
    expect(quad![0]).toBeCloseTo(359 / 1070, 3);
    expect(quad![2]).toBeCloseTo(590 / 1070, 3);
  });

  it("keeps the line's box when there are no words, or when they are not the line's text in order", () => {
    for (const line of [row, { ...row, words: [words[1]!, words[0]!, words[2]!] }, { ...row, words: [{ ...words[1]!, text: "99999" }] }]) {
      const read = ocrPageText(page([line]));
      expect(read.boxes).toEqual([{ start: 0, end: row.text.length, x: 98, y: 534, width: 664, height: 32 }]);
    }
  });
});
