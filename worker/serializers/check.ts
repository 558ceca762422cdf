/** @module CheckRecord (with its criteria) → PublicCheck. */
import type { CheckRecord, CriterionRecord } from "../db/account-checks";
import { publicFailure } from "../domain/failures";
import { toIso } from "../lib/time";
import type { Check } from "../schemas/check";

/**
 * @param sourceExecution the source query's executionStatus: before its own processing starts, a
 *   check shows the wait of the query it waits for (queued / waiting_resource / processing).
 */
export function toPublicCheck(row: CheckRecord, criteria: readonly CriterionRecord[], sourceExecution?: string): Check {
  const waiting = row.processingCompletedAt === null && row.executionStatus === "queued";
  const executionStatus =
    waiting && (sourceExecution === "waiting_resource" || sourceExecution === "processing") ? sourceExecution : row.executionStatus;
  const failure = row.completedAt !== null ? publicFailure(row.failureCode) : undefined;
  return {
    id: row.id,
    applicant: row.applicant,
    status: row.status as Check["status"],
    executionStatus: executionStatus as Check["executionStatus"],
    sourceStatus: row.sourceStatus as Check["sourceStatus"],
    sourceRegistryQueryId: row.sourceQueryId,
    coverageComplete: row.coverageComplete,
    coverageIssues: JSON.parse(row.coverageIssues) as Check["coverageIssues"],
    criteria: criteria.map((c) => ({ id: c.id, kind: c.kind, value: c.value })),
    criterionCounts: JSON.parse(row.criterionCounts) as Check["criterionCounts"],
    unmatchedCriterionIds: JSON.parse(row.unmatchedCriterionIds) as string[],
    candidateCount: row.candidateCount,
    pendingReviewCount: row.pendingReviewCount,
    confirmedRiskCount: row.confirmedRiskCount,
    excludedCount: row.excludedCount,
    createdAt: toIso(row.createdAt),
    ...(row.processingCompletedAt !== null ? { processingCompletedAt: toIso(row.processingCompletedAt) } : {}),
    ...(row.completedAt !== null ? { completedAt: toIso(row.completedAt) } : {}),
    ...(failure ? { failure } : {}),
  };
}
