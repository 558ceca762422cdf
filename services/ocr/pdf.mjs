/**
 * @module One PDF page to a picture. A page that is exactly one full-page JPEG (what scanners write)
 * gives that JPEG as is: its own pixels, no resampling. Any other page is rendered with pdf.js (legacy
 * build for Node) on @napi-rs/canvas at RENDER_DPI. Either way the picture covers the whole page, so
 * box / width and box / height are page fractions.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { OcrError } from "./errors.mjs";
import { singleJpegOfPage } from "./pdf-jpeg.mjs";

/** 200 dpi reads 8- and 20-digit numbers printed at 9–10 pt with a margin; docs/ocr.md has the measurement. */
const DEFAULT_DPI = 200;
const configuredDpi = Number(process.env.OCR_PDF_DPI ?? DEFAULT_DPI);
export const RENDER_DPI = configuredDpi >= 50 && configuredDpi <= 600 ? configuredDpi : DEFAULT_DPI;
/** A page is rendered no larger than this many pixels on its longest side (A0 posters, bad MediaBoxes). */
const MAX_RENDER_SIDE = 5000;

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const PDFJS_OPTIONS = {
  cMapUrl: `${join(PDFJS_DIR, "cmaps")}/`,
  cMapPacked: true,
  standardFontDataUrl: `${join(PDFJS_DIR, "standard_fonts")}/`,
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  verbosity: Number(process.env.OCR_PDF_VERBOSITY ?? 0),
};

/**
 * @param {Uint8Array} bytes @param {number} pageNumber 1-based
 * @returns {Promise<{pages: number, source: "embedded_jpeg" | "rendered", picture: Uint8Array, kind: "jpeg" | "png", dpi: number | null}>}
 */
export async function pdfPagePicture(bytes, pageNumber) {
  let doc;
  try {
    doc = await getDocument({ ...PDFJS_OPTIONS, data: new Uint8Array(bytes) }).promise;
  } catch {
    throw new OcrError("UNREADABLE");
  }
  try {
    const pages = doc.numPages;
    if (pageNumber > pages) throw new OcrError("BAD_PAGE");
    const jpeg = await singleJpegOfPage(bytes, pageNumber - 1);
    if (jpeg) return { pages, source: "embedded_jpeg", picture: jpeg, kind: "jpeg", dpi: null };
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(RENDER_DPI / 72, MAX_RENDER_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return { pages, source: "rendered", picture: await canvas.encode("png"), kind: "png", dpi: Math.round(scale * 72) };
  } catch (error) {
    if (error instanceof OcrError) throw error;
    throw new OcrError("UNREADABLE");
  } finally {
    await doc.destroy();
  }
}
