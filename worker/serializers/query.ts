/** @module QueryRow → PublicQuery. */
import type { z } from "@hono/zod-openapi";
import type { QueryRow } from "../db/queries";
import { publicFailure } from "../domain/failures";
import { toIso } from "../lib/time";
import type { QuerySchema } from "../routes/queries/schema";

export type PublicQuery = z.infer<typeof QuerySchema>;

export function toPublicQuery(row: QueryRow): PublicQuery {
  const finished = row.completed_at !== null;
  const failure = finished && row.status !== "cancelled" ? publicFailure(row.failure_code) : undefined;
  return {
    id: row.id,
    subjectName: row.subject_name,
    status: row.status as PublicQuery["status"],
    executionStatus: row.execution_status as PublicQuery["executionStatus"],
    sourceStatus: row.source_status as PublicQuery["sourceStatus"],
    coverageComplete: row.coverage_complete === 1,
    registrationCount: row.registration_count,
    totalDocumentCount: row.total_document_count,
    processedDocumentCount: row.processed_document_count,
    createdAt: toIso(row.created_at),
    ...(finished ? { completedAt: toIso(row.completed_at!) } : {}),
    ...(failure ? { failure } : {}),
  };
}
