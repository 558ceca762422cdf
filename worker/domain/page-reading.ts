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

/**
 * The boxes object's compact form: per page, one [start, end, x, y, width, height] per box, positions to
 * a hundredth of a unit (far below what a quad can show), then the offsets of the run's characters printed
 * full-width (TextBox.wide) after them, where it has any. Named fields took three times the page text.
 */
export type PackedBoxes = number[][][];

const hundredth = (v: number) => Math.round(v * 100) / 100;

export function packBoxes(pages: ReadonlyArray<readonly TextBox[]>): PackedBoxes {
  return pages.map((boxes) =>
    boxes.map((b) => [b.start, b.end, hundredth(b.x), hundredth(b.y), hundredth(b.width), hundredth(b.height), ...(b.wide ?? [])]),
  );
}

export function unpackPage(packed: PackedBoxes, pageNumber: number): TextBox[] {
  return (packed[pageNumber - 1] ?? []).map(([start = 0, end = 0, x = 0, y = 0, width = 0, height = 0, ...wide]) =>
    wide.length ? { start, end, x, y, width, height, wide } : { start, end, x, y, width, height },
  );
}

/**
 * A document's read pages as stored in R2 (`text/<query>/<doc>.json`): each page's text and the packed
 * boxes of its runs or OCR lines. One object per document rather than one for the texts and one for the
 * boxes: R2 writes are the pipeline's largest cost per document after reading it (three per document
 * took 26 ms of a certificate's ~70 in local workerd; each is a class A operation in production), while
 * a check, which needs only the texts, pays for the boxes in bytes, not in requests.
 */
export interface StoredPages {
  texts: string[];
  /** Null for an object that kept only the texts (a bare array of page texts). */
  boxes: PackedBoxes | null;
}

export function storedPagesJson(pages: ReadonlyArray<{ text: string; boxes: readonly TextBox[] }>): string {
  return JSON.stringify({ texts: pages.map((p) => p.text), boxes: packBoxes(pages.map((p) => p.boxes)) });
}

/** The stored object, whichever of its forms; null for anything else. */
export function parseStoredPages(value: unknown): StoredPages | null {
  const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every((t) => typeof t === "string");
  if (isTexts(value)) return { texts: value, boxes: null };
  if (!value || typeof value !== "object" || !("texts" in value) || !isTexts(value.texts)) return null;
  const boxes = "boxes" in value && Array.isArray(value.boxes) ? (value.boxes as PackedBoxes) : null;
  return { texts: value.texts, boxes };
}
