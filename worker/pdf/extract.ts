/**
 * @module Page text of a PDF, binding-free: unpdf (pdf.js) with the GB CMaps from the bundle.
 * Page text is assembled in reading order: items grouped into lines by baseline, lines top to bottom,
 * items left to right; a visible gap between two items on a line becomes one space; lines are trimmed and
 * joined with "\n". Rotated items (a diagonal watermark) are dropped. Each item's text is normalised
 * (worker/domain/text/normalize.ts) and its box kept, so evidence can be drawn on the page. Never throws: a file pdf.js cannot
 * open, or one cut short (no %%EOF in its tail), is `corrupt`; a password-protected one `encrypted`.
 * An image-only PDF is `ok` with empty page texts: deciding what that means is the parser's job.
 */
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { normalizeRun } from "../domain/text/normalize";
import type { TextBox } from "../domain/text/page";
import { BundledBinaryDataFactory } from "./cmaps";

export type { TextBox };

export interface PdfPage {
  /** Normalised page text (worker/domain/text/normalize.ts): what the API serves and everything reads. */
  text: string;
  width: number;
  height: number;
  rotation: number;
  boxes: TextBox[];
}

/** The programs that wrote the PDF (its Info dictionary's Producer and Creator), for the operator's parse outcomes by generator. */
export interface PdfGenerator {
  producer: string | null;
  creator: string | null;
}

export type PdfExtraction =
  | { ok: true; pageCount: number; pages: PdfPage[]; generator: PdfGenerator }
  | { ok: false; reason: "corrupt" | "encrypted" | "no_text"; message: string };

/** A metadata value as a short label: whitespace collapsed, cut to 64 characters; null when absent or empty. */
function generatorLabel(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const label = value.replace(/\s+/g, " ").trim().slice(0, 64);
  return label === "" ? null : label;
}

async function generatorOf(doc: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<PdfGenerator> {
  const meta = await doc.getMetadata().catch(() => null);
  const info: unknown = meta?.info;
  if (!info || typeof info !== "object") return { producer: null, creator: null };
  return { producer: generatorLabel("Producer" in info ? info.Producer : null), creator: generatorLabel("Creator" in info ? info.Creator : null) };
}

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** Offsets in `str` of characters printed full-width and served half-width. */
  wide: number[];
}

/**
 * The page's viewport transform (pdf.js `page.getViewport({ scale: 1 }).transform`): user space to the
 * page as displayed, y downward from its top-left corner, the page's /Rotate and crop box applied.
 */
type PageFrame = readonly number[];

/** y flipped, nothing else: for text given without its page. */
const NO_FRAME: PageFrame = [1, 0, 0, -1, 0, 0];

/** Glyph box above and below the baseline, as a share of the font size (CJK fonts: about 0.88 / 0.12). */
const ASCENT = 0.88;

const latin1 = new TextDecoder("latin1");

/**
 * pdf.js and its in-process ("fake") worker are loaded at startup, outside any request. Loaded
 * lazily, their first loading promise is shared by whichever requests (queue batches) ask at the same
 * moment, and workerd then resumes one request's code in the other's context: "Cannot perform I/O on
 * behalf of a different request", and a batch whose promise never completes.
 */
const pdfjsReady: Promise<unknown> = getResolvedPDFJS()
  .then((pdfjs) => (pdfjs as { PDFWorker?: { _setupFakeWorkerGlobal?: Promise<unknown> } }).PDFWorker?._setupFakeWorkerGlobal)
  .catch(() => undefined);

/** A complete PDF starts with %PDF- and ends with %%EOF (PDF 32000-1 §7.5.2, §7.5.5), give or take junk. */
function looksComplete(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 1024));
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return head.includes("%PDF-") && tail.includes("%%EOF");
}

/** The product of two PDF matrices [a b c d e f] (pdf.js Util.transform). */
function multiply(m: readonly number[], n: readonly number[]): number[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const [p = 1, q = 0, r = 0, s = 1, t = 0, u = 0] = n;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}

function toItem(raw: unknown, frame: PageFrame): Item | null {
  if (typeof raw !== "object" || raw === null || !("str" in raw) || !("transform" in raw)) return null;
  const { str, transform, width } = raw as { str: string; transform: number[]; width: number };
  // Where the run is as the page is shown: text drawn turned on a page turned back (/Rotate 90) is upright.
  const [a = 1, b = 0, c = 0, d = -1, e = 0, f = 0] = multiply(frame, transform);
  const size = Math.hypot(a, b) || Math.abs(d) || 1;
  // A run still rotated or skewed as shown is a watermark or a stamp, not body text.
  if (Math.abs(b) > size * 1e-3 || Math.abs(c) > size * 1e-3 || a < 0 || d > 0) return null;
  const { text, wide } = normalizeRun(str);
  // y upward (larger is higher on the page), as the line grouping below expects.
  return text.length > 0 ? { str: text, x: e, y: -f, width: width * (Math.hypot(frame[0] ?? 1, frame[1] ?? 0) || 1), size, wide } : null;
}

/**
 * Lines top to bottom, items left to right, gaps as single spaces; each item's box kept against its
 * offsets in the text. Item strings are normalised before they are placed, so the offsets are those of
 * the text the API serves.
 */
export function assemblePage(rawItems: readonly unknown[], frame: PageFrame = NO_FRAME): { text: string; boxes: TextBox[] } {
  const items = rawItems.map((raw) => toItem(raw, frame)).filter((i): i is Item => i !== null);
  items.sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Item[][] = [];
  for (const item of items) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    if (line && first && Math.abs(first.y - item.y) <= Math.min(first.size, item.size) * 0.5) line.push(item);
    else lines.push([item]);
  }
  let text = "";
  const boxes: TextBox[] = [];
  for (const line of lines) {
    line.sort((p, q) => p.x - q.x);
    let lineText = "";
    let end = -Infinity;
    const lineBoxes: TextBox[] = [];
    for (const item of line) {
      if (lineText && item.x - end > item.size * 0.3 && !/\s$/.test(lineText) && !/^\s/.test(item.str)) lineText += " ";
      // A space run (Chromium emits them, as wide as the gap) has nothing to point at and would hide the gap.
      if (item.str.trim()) {
        lineBoxes.push({
          start: lineText.length,
          end: lineText.length + item.str.length,
          x: item.x,
          y: -item.y - item.size * ASCENT,
          width: item.width,
          height: item.size,
          ...(item.wide.length ? { wide: item.wide.map((k) => lineText.length + k) } : {}),
        });
      }
      lineText += item.str;
      // pdf.js makes a space run for a jump in the content stream, as wide as the jump: it would hide the gaps after it.
      if (item.str.trim()) end = Math.max(end, item.x + item.width);
    }
    const lead = lineText.length - lineText.trimStart().length;
    const trimmed = lineText.trim();
    if (!trimmed) continue;
    if (text) text += "\n";
    const base = text.length - lead;
    for (const box of lineBoxes) {
      const start = Math.max(box.start + base, text.length);
      const stop = Math.min(box.end + base, text.length + trimmed.length);
      const wide = box.wide?.map((k) => k + base).filter((k) => k >= start && k < stop);
      if (stop > start) boxes.push({ ...box, start, end: stop, ...(wide ? { wide } : {}) });
    }
    text += trimmed;
  }
  return { text, boxes };
}

/** Page text alone (tests and tools). */
export function assembleText(rawItems: readonly unknown[]): string {
  return assemblePage(rawItems).text;
}

function failure(error: unknown): PdfExtraction {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "PasswordException") return { ok: false, reason: "encrypted", message };
  return { ok: false, reason: "corrupt", message };
}

export async function extractPdf(bytes: Uint8Array): Promise<PdfExtraction> {
  if (!looksComplete(bytes)) return { ok: false, reason: "corrupt", message: "not a complete PDF file (no %PDF- header or %%EOF)" };
  await pdfjsReady;
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes ownership of (and may detach) the buffer it is given.
    doc = await getDocumentProxy(bytes.slice(), {
      BinaryDataFactory: BundledBinaryDataFactory,
      useWorkerFetch: false,
      cMapUrl: "bundled://cmaps/",
      cMapPacked: true,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    });
    if (doc.numPages === 0) return { ok: false, reason: "no_text", message: "the document has no pages" };
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const viewport = page.getViewport({ scale: 1 });
      const { text, boxes } = assemblePage(content.items, viewport.transform);
      pages.push({ text, boxes, width: viewport.width, height: viewport.height, rotation: page.rotate });
      page.cleanup();
    }
    return { ok: true, pageCount: doc.numPages, pages, generator: await generatorOf(doc) };
  } catch (error) {
    return failure(error);
  } finally {
    await doc?.destroy().catch(() => undefined);
  }
}
