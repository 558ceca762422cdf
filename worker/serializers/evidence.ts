/** @module Stored evidence → PublicEvidence, and a page's located evidence → EvidenceLocations. */
import type { DocumentRecord } from "../db/schema";
import type { Quad } from "../domain/evidence-quads";
import type { PageReading } from "../domain/page-reading";
import type { Evidence, EvidenceLocation, EvidenceLocations, StoredEvidence } from "../schemas/evidence";
import { documentUrl } from "./document-url";

/**
 * The stored entry and its download url: a stored body is parsed in the schema's field order
 * (db/evidence.ts), so the fields keep the order the API has always listed them, url last; a
 * document's fields only when the evidence names one.
 */
export function toPublicEvidence(e: StoredEvidence): Evidence {
  return { ...e, ...(e.documentId !== undefined ? { url: documentUrl(e.documentId) } : {}) };
}

/** Where one evidence entry lies on the page (services/evidence-locations.ts decides the precision). */
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
