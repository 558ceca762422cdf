/** @module QueryRecord → PublicQuery. */
import type { QueryRecord } from "../db/account-queries";
import { publicFailure } from "../domain/failures";
import { toIso } from "../lib/time";
import type { AcceptedQueries, Query } from "../schemas/query";

export function toPublicQuery(row: QueryRecord): Query {
  const failure = row.completedAt !== null && row.status !== "cancelled" ? publicFailure(row.failureCode) : undefined;
  return {
    id: row.id,
    subjectName: row.subjectName,
    status: row.status as Query["status"],
    executionStatus: row.executionStatus as Query["executionStatus"],
    sourceStatus: row.sourceStatus as Query["sourceStatus"],
    coverageComplete: row.coverageComplete,
    registrationCount: row.registrationCount,
    totalDocumentCount: row.totalDocumentCount,
    processedDocumentCount: row.processedDocumentCount,
    createdAt: toIso(row.createdAt),
    ...(row.completedAt !== null ? { completedAt: toIso(row.completedAt) } : {}),
    ...(failure ? { failure } : {}),
  };
}

export function toAcceptedQueries(rows: readonly QueryRecord[]): AcceptedQueries {
  return { queries: rows.map(toPublicQuery) };
}
