/**
 * @module A registration's `coverageComplete` as its checks will report it (open-api-v1.md
 * PublicRegistration): the registry's part (listed, certificate obtained and parsed, every attachment
 * obtained: stored by the query) and, once a check had its attachments read, the reading too. A
 * registration whose reading failed (an outage) or left a file or a page unread, or read a line with
 * low confidence, is not complete: its checks say ATTACHMENT_NOT_INDEXED, ATTACHMENT_NOT_TEXT_SEARCHABLE,
 * PAGES_NOT_READ or OCR_LOW_CONFIDENCE there (worker/domain/check-matching.ts), and the detail must not
 * say otherwise. Before any check asked, the attachments are not part of it (indexStatus not_requested).
 */
import { parsePageReadings } from "./page-reading";

export interface CoverageRow {
  /** The registry's part, written by the query's document step. */
  coverageComplete: boolean;
  indexStatus: "not_requested" | "pending" | "indexing" | "completed" | "failed";
}

export interface CoverageDocument {
  kind: "certificate" | "attachment";
  textStatus: "extracted" | "empty" | "not_text" | "unreadable";
  /** The page readings' JSON (worker/domain/page-reading.ts), null when the file was not read. */
  pages: string | null;
}

export function registrationCoverageComplete(row: CoverageRow, documents: readonly CoverageDocument[]): boolean {
  if (!row.coverageComplete || row.indexStatus === "failed") return false;
  if (documents.some((d) => d.textStatus === "extracted" && !readFully(d))) return false;
  if (row.indexStatus !== "completed") return true;
  return documents.every((d) => d.kind !== "attachment" || d.textStatus === "extracted");
}

/** No page left unread and no line read with low confidence. */
function readFully(doc: CoverageDocument): boolean {
  return parsePageReadings(doc.pages).every((r) => !r.unread && (r.lowConfidence?.length ?? 0) === 0);
}
