/**
 * @module Finishing a check, an explicit step after its last slice: counts, coverage and status
 * from the stored results (every slice is in D1 by now), and the allowance settled.
 */
import { finishCheck as writeEnding } from "../../worker/db/checks";
import { tallyResults } from "../../worker/db/check-results";
import type { CriterionRecord, QueryRecord } from "../../worker/db/schema";
import { checkStatus, type CoverageIssue } from "../../worker/domain/check-matching";
import { checkStates, MATCHED_EVENT, type CheckState } from "../../worker/domain/pipeline/check-states";
import { DONE, type StepOutcome } from "../step";
import { mayMove } from "../transitions";

export interface Finishing {
  checkId: string;
  /** Where the check stands now (matching, after its last slice). */
  state: CheckState;
  query: QueryRecord;
  criteria: readonly CriterionRecord[];
  /** Criteria the matcher could not search for (CRITERION_NOT_SEARCHABLE). */
  ignored: readonly string[];
}

export async function finishCheck(env: Env, shard: D1Database, f: Finishing, now: number): Promise<StepOutcome> {
  const tallies = await tallyResults(shard, f.checkId);
  const issues: CoverageIssue[] = [
    ...(f.query.sourceStatus !== "available" ? [{ code: f.query.sourceStatus === "quarantined" ? "SOURCE_QUARANTINED" : "SOURCE_UNAVAILABLE" }] : []),
    ...f.ignored.map((criterionId) => ({ code: "CRITERION_NOT_SEARCHABLE", criterionId })),
    ...tallies.coverageIssues.flatMap((json) => JSON.parse(json) as CoverageIssue[]),
  ];
  const coverageComplete = issues.length === 0 && f.query.coverageComplete;
  const decided = checkStatus(tallies.pendingReview, coverageComplete);
  const event = MATCHED_EVENT[decided.status];
  if (!mayMove(checkStates, f.state, event, f.checkId)) return DONE;
  await writeEnding(
    env.DB,
    f.checkId,
    {
      event,
      executionStatus: decided.executionStatus,
      sourceStatus: f.query.sourceStatus,
      coverageComplete,
      coverageIssues: issues,
      criterionCounts: f.criteria.map((c) => ({ criterionId: c.id, count: tallies.matchedByCriterion.get(c.id) ?? 0 })),
      candidateCount: tallies.matched,
      pendingReviewCount: tallies.pendingReview,
      completed: decided.finished,
    },
    now,
  );
  return DONE;
}
