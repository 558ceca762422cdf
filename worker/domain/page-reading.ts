/**
 * @module How each page of a document was read, as stored in the documents row (column `pages`, JSON):
 * its size and rotation, whether its text came from OCR, which of its OCR lines were read with low
 * confidence, and whether it could not be read at all. Checks read it to mark evidence and to keep
 * coverage issues; evidence-locations reads the size.
 */
import type { TextBox } from "./text/page";

export interface PageReading {
  /** Page size: points for a PDF page, pixels for an image. */
  width: number;
  height: number;
  rotation: number;
  /** Present when the page's text was read by OCR (an image, or a PDF page without a text layer). */
  source?: "ocr";
  /** [start, end) of the page's OCR lines read below the confidence threshold. */
  lowConfidence?: Array<[number, number]>;
  /** The page has no text layer and was not read (no OCR service configured, or past the page cap). */
  unread?: true;
}

export function parsePageReadings(json: string | null): PageReading[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as PageReading[]) : [];
}

/** True when a [start, end) range of the page touches a line read with low confidence. */
export function touchesLowConfidence(page: PageReading | undefined, start: number, end: number): boolean {
  return (page?.lowConfidence ?? []).some(([s, e]) => s < end && start < e);
}

/** The R2 key of a document's text boxes (one array of TextBox per page), written beside its page texts. */
export function boxesKey(queryId: string, documentId: string): string {
  return `boxes/${queryId}/${documentId}.json`;
}

/**
 * The boxes object's compact form: per page, one [start, end, x, y, width, height] per box, positions to
 * a hundredth of a unit (far below what a quad can show). Named fields took three times the page text.
 */
export type PackedBoxes = number[][][];

const hundredth = (v: number) => Math.round(v * 100) / 100;

export function packBoxes(pages: ReadonlyArray<readonly TextBox[]>): PackedBoxes {
  return pages.map((boxes) => boxes.map((b) => [b.start, b.end, hundredth(b.x), hundredth(b.y), hundredth(b.width), hundredth(b.height)]));
}

export function unpackPage(packed: PackedBoxes, pageNumber: number): TextBox[] {
  return (packed[pageNumber - 1] ?? []).map(([start = 0, end = 0, x = 0, y = 0, width = 0, height = 0]) => ({ start, end, x, y, width, height }));
}
