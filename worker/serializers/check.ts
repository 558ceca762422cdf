/** @module CheckRow → PublicCheck. */
import type { z } from "@hono/zod-openapi";
import type { CheckRow, CriterionRow } from "../db/checks";
import { publicFailure } from "../domain/failures";
import { toIso } from "../lib/time";
import type { CheckSchema } from "../routes/checks/schema";

export type PublicCheck = z.infer<typeof CheckSchema>;

/**
 * @param sourceExecution the source query's executionStatus: before its own processing starts, a
 *   check shows the wait of the query it waits for (queued / waiting_resource / processing).
 */
export function toPublicCheck(row: CheckRow, criteria: readonly CriterionRow[], sourceExecution?: string): PublicCheck {
  const waiting = row.processing_completed_at === null && row.execution_status === "queued";
  const executionStatus = waiting && (sourceExecution === "waiting_resource" || sourceExecution === "processing") ? sourceExecution : row.execution_status;
  const failure = row.completed_at !== null ? publicFailure(row.failure_code) : undefined;
  return {
    id: row.id,
    applicant: row.applicant,
    status: row.status as PublicCheck["status"],
    executionStatus: executionStatus as PublicCheck["executionStatus"],
    sourceStatus: row.source_status as PublicCheck["sourceStatus"],
    sourceRegistryQueryId: row.source_query_id,
    coverageComplete: row.coverage_complete === 1,
    coverageIssues: JSON.parse(row.coverage_issues) as PublicCheck["coverageIssues"],
    criteria: criteria.map((c) => ({ id: c.id, kind: c.kind, value: c.value })),
    criterionCounts: JSON.parse(row.criterion_counts) as PublicCheck["criterionCounts"],
    unmatchedCriterionIds: JSON.parse(row.unmatched_criterion_ids) as string[],
    candidateCount: row.candidate_count,
    pendingReviewCount: row.pending_review_count,
    confirmedRiskCount: row.confirmed_risk_count,
    excludedCount: row.excluded_count,
    createdAt: toIso(row.created_at),
    ...(row.processing_completed_at !== null ? { processingCompletedAt: toIso(row.processing_completed_at) } : {}),
    ...(row.completed_at !== null ? { completedAt: toIso(row.completed_at) } : {}),
    ...(failure ? { failure } : {}),
  };
}
