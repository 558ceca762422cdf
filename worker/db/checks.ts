/** @module Check rows as the check pipeline reads and writes them (the endpoints' reads and the insert: account-checks.ts). */
import { and, asc, eq, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { checkStates, checkStatusColumn, INDEXING_EXECUTION_STATUS, type CheckEvent, type CheckState } from "../domain/pipeline/check-states";
import { closeReservationStatement } from "./allowance";
import { runBatch, type Write } from "./batch";
import { inJsonList } from "./json-list";
import { sliceToMatch } from "./registrations";
import { checks, criteria, type CheckRecord } from "./schema";

// ---- The check pipeline's reads and writes (queues/check/…). Status writes name their event and
// change only a row in a state the event may leave (worker/domain/pipeline/check-states.ts).

/** A check by id, whatever its account. */
export async function loadCheck(db: D1Database, id: string): Promise<CheckRecord | undefined> {
  return drizzle(db).select().from(checks).where(eq(checks.id, id)).get();
}

/** The rows of a check in these states (a state is read from status and executionStatus). */
function inStates(states: readonly CheckState[]): SQL {
  const conditions = states.map((state) => {
    if (state === "queued") return and(eq(checks.status, "processing"), eq(checks.executionStatus, "queued"));
    if (state === "indexing") return and(eq(checks.status, "processing"), eq(checks.executionStatus, INDEXING_EXECUTION_STATUS));
    if (state === "matching")
      return and(eq(checks.status, "processing"), ne(checks.executionStatus, "queued"), ne(checks.executionStatus, INDEXING_EXECUTION_STATUS));
    return eq(checks.status, checkStatusColumn(state));
  });
  return or(...conditions) ?? sql`0`;
}

/** Guard of an event's write: the check is in a state the event leaves, and its processing not complete. */
function leaving(id: string, event: CheckEvent): SQL | undefined {
  return and(eq(checks.id, id), inStates(checkStates.sources(event)), isNull(checks.processingCompletedAt));
}

/** A slice is being matched (every slice says so, which also keeps the sweep from re-driving the check). */
export async function markMatching(db: D1Database, id: string, now: number): Promise<void> {
  await drizzle(db).update(checks).set({ executionStatus: "processing", updatedAt: now }).where(leaving(id, "matching"));
}

/** The check waits while its query's attachments are read (waiting_resource); touched, so the sweep leaves it be. */
export async function markIndexing(db: D1Database, id: string, now: number): Promise<void> {
  await drizzle(db).update(checks).set({ executionStatus: INDEXING_EXECUTION_STATUS, updatedAt: now }).where(leaving(id, "indexing"));
}

/** The check fails and its allowance is released, in one batch. */
export async function failCheck(db: D1Database, id: string, event: "source_failed" | "abandoned", sourceStatus: string, now: number): Promise<void> {
  await runBatch(db, [
    drizzle(db)
      .update(checks)
      .set({
        status: checkStatusColumn(checkStates.target(event)),
        executionStatus: "failed",
        sourceStatus,
        coverageComplete: false,
        failureCode: "CHECK_FAILED",
        processingCompletedAt: now,
        completedAt: now,
        updatedAt: now,
      })
      .where(leaving(id, event)),
    closeReservationStatement(db, id, "check", "release", now),
  ]);
}

/** What the last slice's tallies decided (queues/check/finish.ts). */
export interface CheckEnding {
  event: "matched_for_review" | "matched_complete" | "matched_partial";
  executionStatus: "succeeded" | "partial";
  sourceStatus: string;
  coverageComplete: boolean;
  coverageIssues: readonly unknown[];
  criterionCounts: ReadonlyArray<{ criterionId: string; count: number }>;
  candidateCount: number;
  pendingReviewCount: number;
  /** A check that awaits review is processed but not completed. */
  completed: boolean;
}

/** Counts, coverage and status, and the allowance settled, in one batch. */
export async function finishCheck(db: D1Database, id: string, ending: CheckEnding, now: number): Promise<void> {
  await runBatch(db, [
    drizzle(db)
      .update(checks)
      .set({
        status: checkStatusColumn(checkStates.target(ending.event)),
        executionStatus: ending.executionStatus,
        sourceStatus: ending.sourceStatus,
        coverageComplete: ending.coverageComplete,
        coverageIssues: JSON.stringify(ending.coverageIssues),
        criterionCounts: JSON.stringify(ending.criterionCounts),
        unmatchedCriterionIds: JSON.stringify(ending.criterionCounts.filter((c) => c.count === 0).map((c) => c.criterionId)),
        candidateCount: ending.candidateCount,
        pendingReviewCount: ending.pendingReviewCount,
        failureCode: ending.coverageComplete ? null : "CHECK_COVERAGE_INCOMPLETE",
        processingCompletedAt: now,
        completedAt: ending.completed ? now : null,
        updatedAt: now,
      })
      .where(leaving(id, ending.event)),
    closeReservationStatement(db, id, "check", "settle", now),
  ]);
}

/** A check's criteria, in order. */
export function criteriaOfCheck(db: D1Database, checkId: string) {
  return drizzle(db).select().from(criteria).where(eq(criteria.checkId, checkId)).orderBy(asc(criteria.ordinal));
}

/** The check's criteria (shared D1) and one slice of its source registrations (the account's shard), read side by side. */
export async function loadSlice(db: D1Database, shard: D1Database, checkId: string, queryId: string, limit: number, offset: number) {
  const [crits, slice] = await Promise.all([criteriaOfCheck(db, checkId).all(), sliceToMatch(shard, queryId, limit, offset).all()]);
  return { criteria: crits, registrations: slice };
}

/** Checks waiting on this query's data (not processed yet). */
export async function checksWaitingOn(db: D1Database, queryId: string): Promise<string[]> {
  const rows = await drizzle(db)
    .select({ id: checks.id })
    .from(checks)
    .where(and(eq(checks.sourceQueryId, queryId), isNull(checks.completedAt), isNull(checks.processingCompletedAt)))
    .all();
  return rows.map((r) => r.id);
}

/**
 * The checks waiting on the query's indexing, moved on to matching (the event's write, from indexing
 * only) by the caller that gets them: two index steps that end together both see nothing left under
 * way, and only one of them may send the checks their messages, or each check would match all its
 * slices twice over.
 */
export async function claimIndexedChecks(db: D1Database, queryId: string, now: number): Promise<string[]> {
  const rows = await drizzle(db)
    .update(checks)
    .set({ executionStatus: "processing", updatedAt: now })
    .where(and(eq(checks.sourceQueryId, queryId), inStates(["indexing"]), isNull(checks.processingCompletedAt)))
    .returning({ id: checks.id });
  return rows.map((r) => r.id);
}

/** Checks not processed and untouched since `before` (the sweep re-drives them). */
export async function stuckChecks(db: D1Database, before: number, limit: number): Promise<Array<{ id: string; accountId: string }>> {
  return drizzle(db)
    .select({ id: checks.id, accountId: checks.accountId })
    .from(checks)
    .where(and(isNull(checks.processingCompletedAt), lt(checks.updatedAt, before)))
    .limit(limit)
    .all();
}

/** Marks checks as just touched, so the next sweep gives this re-drive its chance first. */
export function touchChecks(db: D1Database, ids: readonly string[], now: number): Write {
  return drizzle(db).update(checks).set({ updatedAt: now }).where(inJsonList(checks.id, ids));
}
