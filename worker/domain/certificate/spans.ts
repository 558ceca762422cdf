/**
 * @module Property description spans: where the description lies in each page's text.
 *
 * Joining rule: the description is the concatenation of its pieces, one piece per printed line, with no
 * separator (line breaks are layout, not content: a wrapped invoice number is whole again). A span covers
 * one page, from the first piece on that page to the end of the last; within a span the pieces are
 * separated only by line breaks, so `slice(start, end)` of the page text with "\n" removed is that page's
 * part of the description, and the parts in page order are the description.
 */
import type { PropertySpan } from "../../schemas/certificate";
import type { Piece } from "./scan";

export function spansOf(pieces: readonly Piece[]): PropertySpan[] {
  const spans: PropertySpan[] = [];
  for (const piece of pieces) {
    const last = spans[spans.length - 1];
    if (last && last.pageNumber === piece.page) last.end = piece.end;
    else spans.push({ pageNumber: piece.page, start: piece.start, end: piece.end });
  }
  return spans;
}

export interface PageOffset {
  pageNumber: number;
  /** UTF-16 offset in that page's text. */
  offset: number;
}

/**
 * Maps a UTF-16 offset in the joined description to (page, offset in that page's text). An offset at
 * the very end maps to the end of the last span. Null when the offset is out of range or the spans do
 * not fit the page texts.
 */
export function descriptionOffsetToPage(spans: readonly PropertySpan[], pageTexts: readonly string[], joinedOffset: number): PageOffset | null {
  if (joinedOffset < 0) return null;
  let remaining = joinedOffset;
  let lastEnd: PageOffset | null = null;
  for (const span of spans) {
    const { pageNumber, start, end } = span;
    const text = pageNumber === null ? undefined : pageTexts[pageNumber - 1];
    if (text === undefined || pageNumber === null || start === null || end === null) return null;
    for (let i = start; i < end; i++) {
      if (text.charCodeAt(i) === 10) continue;
      if (remaining === 0) return { pageNumber, offset: i };
      remaining--;
    }
    lastEnd = { pageNumber, offset: end };
  }
  return remaining === 0 ? lastEnd : null;
}

/** The description as the spans define it (for checks: it equals propertyDescription). */
export function descriptionFromSpans(spans: readonly PropertySpan[], pageTexts: readonly string[]): string {
  return spans
    .map((s) => (s.pageNumber === null ? "" : (pageTexts[s.pageNumber - 1] ?? "").slice(s.start ?? 0, s.end ?? 0).replace(/\n/g, "")))
    .join("");
}
