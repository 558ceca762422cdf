/** @module QueryRecord → PublicQuery. */
import type { z } from "@hono/zod-openapi";
import type { QueryRecord } from "../db/account-queries";
import { publicFailure } from "../domain/failures";
import { toIso } from "../lib/time";
import type { AcceptedQueriesSchema, QuerySchema } from "../routes/queries/schema";

export type PublicQuery = z.infer<typeof QuerySchema>;

export function toPublicQuery(row: QueryRecord): PublicQuery {
  const failure = row.completedAt !== null && row.status !== "cancelled" ? publicFailure(row.failureCode) : undefined;
  return {
    id: row.id,
    subjectName: row.subjectName,
    status: row.status as PublicQuery["status"],
    executionStatus: row.executionStatus as PublicQuery["executionStatus"],
    sourceStatus: row.sourceStatus as PublicQuery["sourceStatus"],
    coverageComplete: row.coverageComplete,
    registrationCount: row.registrationCount,
    totalDocumentCount: row.totalDocumentCount,
    processedDocumentCount: row.processedDocumentCount,
    createdAt: toIso(row.createdAt),
    ...(row.completedAt !== null ? { completedAt: toIso(row.completedAt) } : {}),
    ...(failure ? { failure } : {}),
  };
}

export function toAcceptedQueries(rows: readonly QueryRecord[]): z.infer<typeof AcceptedQueriesSchema> {
  return { queries: rows.map(toPublicQuery) };
}
