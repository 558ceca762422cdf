/**
 * The OCR engine's settings (services/ocr/engine.mjs, issue 24): the detector reads a 200-dpi page
 * capped at DETECT_LONG_SIDE on its long side (a strip of pages keeps each page's scale), and at that
 * cap it still reads every number a generated scan like the registry's attachments prints
 * (worker/upstream/sandbox/scan-pages.ts, drawn by bench/lib/scan-page-drawing.mjs: the account, and per
 * row the invoice code, invoice number and amount). Runs the real models in the "node" project on one
 * page; the comparison with the full-size read over the real and generated scans, and what a page
 * costs, are bench/ocr-cost.mjs's (a check's read-once-per-content-hash is test/checks.ocr.test.ts's).
 */
import { describe, expect, it } from "vitest";
import { drawScanPage, PAGE_HEIGHT, PAGE_WIDTH } from "../../bench/lib/scan-page-drawing.mjs";
import { DETECT_LONG_SIDE, detectorInputSize, loadEngine } from "../../services/ocr/engine.mjs";
import { preparePicture } from "../../services/ocr/pictures.mjs";
import { scanPageContent } from "../../worker/upstream/sandbox/scan-pages";

describe("OCR detector cap", () => {
  it("scales a 200-dpi A4 page to the cap on its long side, sides multiples of 32", () => {
    const size = detectorInputSize(PAGE_WIDTH, PAGE_HEIGHT, DETECT_LONG_SIDE);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(DETECT_LONG_SIDE + 16);
    expect(Math.max(size.width, size.height)).toBeGreaterThan(DETECT_LONG_SIDE - 32);
    expect(size.width % 32).toBe(0);
    expect(size.height % 32).toBe(0);
    expect(size.width / size.height).toBeCloseTo(PAGE_WIDTH / PAGE_HEIGHT, 1);
  });

  it("scales a strip of five pages as one of its pages, leaves small pictures and the uncapped read at full size", () => {
    const strip = detectorInputSize(PAGE_WIDTH, PAGE_HEIGHT * 5, DETECT_LONG_SIDE);
    const page = detectorInputSize(PAGE_WIDTH, PAGE_HEIGHT, DETECT_LONG_SIDE);
    expect(strip.width).toBe(page.width);
    expect(strip.height / page.height).toBeCloseTo(5, 1);
    expect(detectorInputSize(800, 600, DETECT_LONG_SIDE)).toEqual({ width: 800, height: 608 });
    expect(detectorInputSize(PAGE_WIDTH, PAGE_HEIGHT, 0)).toEqual({ width: 1664, height: 2368 });
  });
});

describe("OCR at the cap on a generated scan", () => {
  it("reads every number the page prints", { timeout: 120_000 }, async () => {
    const engine = await loadEngine({ threads: 1 });
    const page = scanPageContent(1);
    const picture = await preparePicture(drawScanPage(page), "jpeg");
    const lines = await engine.recognise(picture.pixels);
    const text = lines.map((l) => l.text.replace(/\s/g, "")).join("\n");
    const printed = [page.accountNumber, ...page.rows.flatMap((r) => [r.invoiceCode, r.invoiceNumber, r.amount])];
    expect(printed.length).toBeGreaterThan(10);
    expect(printed.filter((n) => !text.includes(n))).toEqual([]);
  });
});
