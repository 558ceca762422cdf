/** @module Stored evidence → PublicEvidence, and a page's located evidence → EvidenceLocations. */
import type { StoredEvidence } from "../db/evidence";
import type { DocumentRecord } from "../db/schema";
import type { Quad } from "../domain/evidence-quads";
import type { PageReading } from "../domain/page-reading";
import type { Evidence, EvidenceLocation, EvidenceLocations } from "../schemas/evidence";
import { documentUrl } from "./document-url";

/** Fields in the order the API has always listed them; a document's fields only when the evidence names one. */
export function toPublicEvidence(e: StoredEvidence): Evidence {
  return {
    id: e.id,
    certificateNumber: e.certificateNumber,
    criterionId: e.criterionId,
    fileName: e.fileName,
    snippet: e.snippet,
    start: e.start,
    end: e.end,
    highlightRanges: e.highlightRanges,
    indexVersion: e.indexVersion,
    matchedAt: e.matchedAt,
    sourceField: e.sourceField,
    termKind: e.termKind,
    termValue: e.termValue,
    ...(e.documentId !== undefined ? { documentId: e.documentId } : {}),
    ...(e.documentVersionId !== undefined ? { documentVersionId: e.documentVersionId } : {}),
    ...(e.mimeType !== undefined ? { mimeType: e.mimeType } : {}),
    ...(e.pageNumber !== undefined ? { pageNumber: e.pageNumber } : {}),
    ...(e.pageRanges !== undefined ? { pageRanges: e.pageRanges } : {}),
    ...(e.ruleVersion !== undefined ? { ruleVersion: e.ruleVersion } : {}),
    ...(e.documentId !== undefined ? { url: documentUrl(e.documentId) } : {}),
  };
}

/** Where one evidence entry lies on the page (routes/checks/locate.ts decides the precision). */
export interface LocatedEvidence {
  evidenceId: string;
  precision: EvidenceLocation["precision"];
  quads: Quad[];
  reason: EvidenceLocation["reason"];
}

export function toEvidenceLocations(
  doc: DocumentRecord,
  pageNumber: number,
  page: PageReading | undefined,
  located: readonly LocatedEvidence[],
): EvidenceLocations {
  return {
    coordinateSystem: "normalized_top_left",
    documentId: doc.id,
    fileName: doc.fileName,
    height: page?.height ?? null,
    width: page?.width ?? null,
    locations: located.map((l) => ({ evidenceId: l.evidenceId, precision: l.precision, quads: l.quads, reason: l.reason })),
    mimeType: doc.mimeType,
    pageCount: doc.pageCount ?? 0,
    pageNumber,
    rotation: page?.rotation ?? 0,
    sha256: doc.sha256,
    url: documentUrl(doc.id),
  };
}
