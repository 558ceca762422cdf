/**
 * @module Where evidence lies on a page: the page's text and boxes (stored together in R2, page-reading.ts)
 * and the precision each entry can be placed with.
 */
import type { StoredEvidence } from "../schemas/evidence";
import type { DocumentRecord } from "../db/registration-detail";
import { rangeQuads, type Quad } from "../domain/evidence-quads";
import { parseStoredPages, unpackPage, type PageReading } from "../domain/page-reading";
import type { TextBox } from "../domain/text/page";
import type { LocatedEvidence } from "../serializers/evidence";

export interface PageLayout {
  text: string;
  boxes: readonly TextBox[];
}

/** One page's text and the boxes of its runs (or OCR lines); no boxes when none were kept. */
export async function pageLayout(bucket: R2Bucket, doc: DocumentRecord, pageNumber: number): Promise<PageLayout> {
  const none = { text: "", boxes: [] };
  if (!doc.textKey) return none;
  const object = await bucket.get(doc.textKey);
  const stored = object ? parseStoredPages(await object.json()) : null;
  if (!stored) return none;
  return { text: stored.texts[pageNumber - 1] ?? "", boxes: stored.boxes ? unpackPage(stored.boxes, pageNumber) : [] };
}

/**
 * word: quads on the hit's characters in a text layer; region: within the OCR line that holds it (OCR
 * places lines, not characters); page: nothing better is known (text without boxes, a page not read).
 */
export function locate(e: StoredEvidence, page: PageReading | undefined, layout: PageLayout): LocatedEvidence {
  if (!page) return { evidenceId: e.id, precision: "page", quads: [], reason: "PAGE_NOT_PARSED" };
  const ranges = e.pageRanges?.length ? e.pageRanges : [{ start: e.start, end: e.end }];
  const quads: Quad[] = ranges.flatMap((r) => rangeQuads(layout.text, layout.boxes, r.start, r.end, page));
  if (quads.length === 0) return { evidenceId: e.id, precision: "page", quads, reason: "TEXT_ONLY_MODE" };
  return page.source === "ocr"
    ? { evidenceId: e.id, precision: "region", quads, reason: "OCR_LINE" }
    : { evidenceId: e.id, precision: "word", quads, reason: null };
}
