/**
 * @module One request's work: what the body is, the picture to read (the image itself, or the PDF
 * page's embedded JPEG or rendering), the engine's lines in contract form. Pure of HTTP.
 */
import { OcrError } from "./errors.mjs";
import { toContractLines } from "./lines.mjs";
import { sniffMedia } from "./media.mjs";
import { pdfPagePicture } from "./pdf.mjs";
import { unturnLines } from "./orientation.mjs";
import { greyPixels, preparePicture, turnPicture } from "./pictures.mjs";
import { wordBoxes } from "./words.mjs";

/**
 * @param {{look(pixels: object): Promise<{turn: number}>, recognise(pixels: object, costs?: object, looked?: object): Promise<any[]>}} engine
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

/**
 * The picture's lines, read upright: a page scanned sideways or upside down is turned before it is
 * read (./orientation.mjs), and its lines come back in the picture as sent, in the upright page's
 * reading order, with `rotation` saying by how much it was turned.
 */
async function recognise(engine, bytes, kind) {
  const sent = await preparePicture(bytes, kind);
  const looked = await engine.look(sent.pixels);
  if (looked.turn === 0) return { ...(await readPrepared(engine, sent, looked)), rotation: 0 };
  const read = await readPrepared(engine, await turnPicture(sent, looked.turn));
  return { width: sent.width, height: sent.height, lines: unturnLines(read.lines, looked.turn, sent.width, sent.height), rotation: looked.turn };
}

async function readPrepared(engine, picture, looked) {
  const raw = await engine.recognise(picture.pixels, undefined, looked);
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
