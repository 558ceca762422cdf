/**
 * @module OCR lines made into page text like any other (pure): one line of text per OCR line, normalised
 * as extraction normalises, each line's box kept (in the page's own units) so evidence can be located, and
 * the lines read below the confidence threshold remembered so that evidence and coverage can say so.
 */
import { normalizeText } from "../domain/text/normalize";
import type { TextBox } from "../domain/text/page";
import type { OcrResult } from "./schema";

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
  for (const line of result.lines) {
    const lineText = normalizeText(line.text).trim();
    if (!lineText) continue;
    if (text) text += "\n";
    const start = text.length;
    text += lineText;
    const [x0, y0, x1, y1] = line.box;
    boxes.push({ start, end: text.length, x: Math.min(x0, x1) * sx, y: Math.min(y0, y1) * sy, width: Math.abs(x1 - x0) * sx, height: Math.abs(y1 - y0) * sy });
    if (line.confidence < LOW_CONFIDENCE) lowConfidence.push([start, text.length]);
  }
  return { text, boxes, lowConfidence, width, height };
}
