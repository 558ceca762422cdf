/**
 * The OCR engine's settings (services/ocr/engine.mjs) lose no number: on generated 200-dpi A4 scans
 * like the registry's attachments (worker/upstream/sandbox/scan-pages.ts, drawn by
 * bench/lib/scan-page-drawing.mjs: a ruled table of payees, invoice codes and numbers, amounts, with
 * seals over it), every number the full-size read finds (the detector on the whole page, as
 * @gutenye/ocr-node reads it) is still found with the detector's input capped at DETECT_LONG_SIDE. Runs
 * the real models in the "node" project; the timings are bench/scale.mjs's, not this test's.
 */
import { describe, expect, it } from "vitest";
import { drawScanPage } from "../../bench/lib/scan-page-drawing.mjs";
import { DETECT_LONG_SIDE, loadEngine } from "../../services/ocr/engine.mjs";
import { preparePicture } from "../../services/ocr/pictures.mjs";
import { scanPageContent } from "../../worker/upstream/sandbox/scan-pages";

/** The numbers a page prints whole: the account in its heading, and per row the invoice code, number and amount. */
function printedNumbers(page: ReturnType<typeof scanPageContent>): string[] {
  return [page.accountNumber, ...page.rows.flatMap((r) => [r.invoiceCode, r.invoiceNumber, r.amount])];
}

/** The numbers of `expected` a reading holds (spaces the recogniser puts inside a number ignored). */
function found(lines: Array<{ text: string }>, expected: readonly string[]): Set<string> {
  const text = lines.map((l) => l.text.replace(/\s/g, "")).join("\n");
  return new Set(expected.filter((n) => text.includes(n)));
}

describe("OCR settings on generated scans", () => {
  it(`finds with the detector at ${DETECT_LONG_SIDE} px every number the full-size read finds`, { timeout: 600_000 }, async () => {
    const [full, capped] = await Promise.all([loadEngine({ detectLongSide: 0, threads: 1 }), loadEngine({ threads: 1 })]);
    let printed = 0;
    let byFull = 0;
    for (const number of [1]) {
      const page = scanPageContent(number);
      const picture = await preparePicture(drawScanPage(page), "jpeg");
      const expected = printedNumbers(page);
      const fullRead = found(await full.recognise(picture.input), expected);
      const cappedRead = found(await capped.recognise(picture.input), expected);
      expect(
        [...fullRead].filter((n) => !cappedRead.has(n)),
        `page ${number}: numbers lost by the cap`,
      ).toEqual([]);
      printed += expected.length;
      byFull += fullRead.size;
    }
    // The pages are readable at all: the full-size read finds most of what they print.
    expect(byFull / printed).toBeGreaterThan(0.8);
  });
});
