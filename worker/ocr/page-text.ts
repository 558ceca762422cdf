/**
 * @module OCR lines made into page text like any other (pure): one line of text per OCR line, normalised
 * as extraction normalises, each line's box kept (in the page's own units) so evidence can be located,
 * or each word's box when the service placed the line's words (a table row read as one line would
 * otherwise place a number by its share of the row's characters, off by the width of any empty cell),
 * and the lines read below the confidence threshold remembered so that evidence and coverage can say so.
 */
import { normalizeText } from "../domain/text/normalize";
import type { TextBox } from "../domain/text/page";
import type { OcrLine, OcrResult } from "./schema";

/**
 * A line the engine is less sure of than this counts as read but is marked: PP-OCR scores clean printed
 * lines above 0.9, and a digit it confuses (8/3, 0/6) typically drops a line's score under 0.8.
 */
export const LOW_CONFIDENCE = 0.8;

export interface OcrPageText {
  text: string;
  /** One box per OCR line, in the page's units (pixels of an image, points of a PDF page). */
  boxes: TextBox[];
  /** [start, end) of the lines read below LOW_CONFIDENCE. */
  lowConfidence: Array<[number, number]>;
  width: number;
  height: number;
}

/**
 * The page text of an OCR result. `page` gives the size of the page the image was rendered from (a PDF
 * page in points): boxes are scaled to it, so that a page's boxes share one unit whatever read them.
 */
export function ocrPageText(result: OcrResult, page?: { width: number; height: number }): OcrPageText {
  const width = page?.width ?? result.width;
  const height = page?.height ?? result.height;
  const sx = width / result.width;
  const sy = height / result.height;
  let text = "";
  const boxes: TextBox[] = [];
  const lowConfidence: Array<[number, number]> = [];
  /** A box of the service's picture, in the page's units, for text [from, to). */
  const scaled = ([x0, y0, x1, y1]: readonly number[], from: number, to: number): TextBox => ({
    start: from,
    end: to,
    x: Math.min(x0!, x1!) * sx,
    y: Math.min(y0!, y1!) * sy,
    width: Math.abs(x1! - x0!) * sx,
    height: Math.abs(y1! - y0!) * sy,
  });
  for (const line of result.lines) {
    const lineText = normalizeText(line.text).trim();
    if (!lineText) continue;
    if (text) text += "\n";
    const start = text.length;
    text += lineText;
    const words = wordRanges(line, lineText);
    if (words) boxes.push(...words.map((w) => scaled(w.box, start + w.start, start + w.end)));
    else boxes.push(scaled(line.box, start, text.length));
    if (line.confidence < LOW_CONFIDENCE) lowConfidence.push([start, text.length]);
  }
  return { text, boxes, lowConfidence, width, height };
}

/**
 * Where each placed word of an OCR line is in the line's normalised text, or null when the words are not
 * all found there in order (then the line's box stands for the whole line, as without words).
 */
function wordRanges(line: OcrLine, lineText: string): Array<{ start: number; end: number; box: readonly number[] }> | null {
  if (!line.words || line.words.length < 2) return null;
  const out: Array<{ start: number; end: number; box: readonly number[] }> = [];
  let from = 0;
  for (const word of line.words) {
    const wordText = normalizeText(word.text).trim();
    const at = wordText ? lineText.indexOf(wordText, from) : -1;
    if (at < 0) return null;
    out.push({ start: at, end: at + wordText.length, box: word.box });
    from = at + wordText.length;
  }
  return out;
}
