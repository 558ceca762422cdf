/**
 * @module One request's work: what the body is, the picture to read (the image itself, or the PDF
 * page's embedded JPEG or rendering), the engine's lines in contract form. Pure of HTTP.
 */
import { OcrError } from "./errors.mjs";
import { toContractLines } from "./lines.mjs";
import { sniffMedia } from "./media.mjs";
import { pdfPagePicture } from "./pdf.mjs";
import { greyPixels, preparePicture } from "./pictures.mjs";
import { wordBoxes } from "./words.mjs";

/**
 * @param {{recognise(pixels: {data: Uint8Array, width: number, height: number}): Promise<any[]>}} engine
 * @param {Uint8Array} body
 * @param {string | null} pageParam the raw `page` query value, if any
 */
export async function readDocument(engine, body, pageParam) {
  const kind = sniffMedia(body);
  if (!kind) throw new OcrError("UNSUPPORTED_MEDIA");
  const page = parsePage(pageParam);
  const started = performance.now();
  if (kind === "pdf") {
    const pdf = await pdfPagePicture(body, page ?? 1);
    const lines = await recognise(engine, pdf.picture, pdf.kind);
    return { ...lines, pages: pdf.pages, page: page ?? 1, source: pdf.source, dpi: pdf.dpi, ms: elapsed(started) };
  }
  if (page !== null && page !== 1) throw new OcrError("BAD_PAGE");
  return { ...(await recognise(engine, body, kind)), ms: elapsed(started) };
}

/** null when absent; a whole number ≥ 1, else BAD_PAGE. */
function parsePage(value) {
  if (value === null) return null;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new OcrError("BAD_PAGE");
  return Number(value);
}

async function recognise(engine, bytes, kind) {
  const picture = await preparePicture(bytes, kind);
  const raw = await engine.recognise(picture.pixels);
  const grey = greyPixels(picture.pixels);
  const unscale = ([x, y]) => [x / picture.scale, y / picture.scale];
  const unscaled = raw.map((l) => {
    const words = Array.isArray(l.box) && l.box.length === 4 && typeof l.text === "string" ? wordBoxes(grey, l.box, l.text) : null;
    const scaledWords = words?.map((w) => ({ text: w.text, box: [...unscale(w.box.slice(0, 2)), ...unscale(w.box.slice(2))] }));
    return { ...l, box: l.box?.map(unscale), ...(scaledWords ? { words: scaledWords } : {}) };
  });
  return { width: picture.width, height: picture.height, lines: toContractLines(unscaled, picture) };
}

const elapsed = (started) => Math.round(performance.now() - started);
