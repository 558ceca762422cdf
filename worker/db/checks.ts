/** @module Check, criterion and result rows: inserts, reads, and the check pipeline's writes. */
import { and, asc, eq, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { BoundStatement } from "../../durable-objects/creation";
import { checkStates, checkStatusColumn, type CheckEvent, type CheckState } from "../domain/pipeline/check-states";
import { closeReservationStatement } from "./allowance";
import { runBatch, type Write } from "./batch";
import { inJsonList } from "./json-list";
import { sliceToMatch } from "./registrations";
import { checks, criteria, queries, type CheckRecord, type CriterionRecord } from "./schema";

export interface CheckRow {
  id: string;
  account_id: string;
  applicant: string;
  status: string;
  execution_status: string;
  source_status: string;
  source_query_id: string;
  coverage_complete: number;
  coverage_issues: string;
  criterion_counts: string;
  unmatched_criterion_ids: string;
  candidate_count: number;
  pending_review_count: number;
  confirmed_risk_count: number;
  excluded_count: number;
  failure_code: string | null;
  created_at: number;
  updated_at: number;
  processing_completed_at: number | null;
  completed_at: number | null;
}

export interface CriterionRow {
  id: string;
  check_id: string;
  ordinal: number;
  kind: "invoice_no" | "keyword";
  value: string;
}

export function insertCheckStatements(check: CheckRow, criteria: CriterionRow[]): BoundStatement[] {
  return [
    {
      sql: `INSERT INTO checks (id, account_id, applicant, status, execution_status, source_status, source_query_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [check.id, check.account_id, check.applicant, check.status, check.execution_status, check.source_status, check.source_query_id, check.created_at, check.updated_at],
    },
    ...criteria.map((c) => ({
      sql: "INSERT INTO criteria (id, check_id, ordinal, kind, value) VALUES (?, ?, ?, ?, ?)",
      params: [c.id, c.check_id, c.ordinal, c.kind, c.value],
    })),
  ];
}

export async function findCheck(db: D1Database, accountId: string, id: string): Promise<CheckRow | null> {
  return db.prepare("SELECT * FROM checks WHERE id = ? AND account_id = ?").bind(id, accountId).first<CheckRow>();
}

export async function criteriaOf(db: D1Database, checkIds: readonly string[]): Promise<Map<string, CriterionRow[]>> {
  const byCheck = new Map<string, CriterionRow[]>();
  if (checkIds.length === 0) return byCheck;
  const { results } = await db.prepare("SELECT * FROM criteria WHERE check_id IN (SELECT value FROM json_each(?)) ORDER BY ordinal")
    .bind(JSON.stringify(checkIds)).all<CriterionRow>();
  for (const c of results) byCheck.set(c.check_id, [...(byCheck.get(c.check_id) ?? []), c]);
  return byCheck;
}

/** Execution status of each check's source query (a waiting check shows the query's wait). */
export async function sourceExecutionOf(db: D1Database, queryIds: readonly string[]): Promise<Map<string, string>> {
  if (queryIds.length === 0) return new Map();
  const { results } = await db.prepare("SELECT id, execution_status FROM queries WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify([...new Set(queryIds)])).all<{ id: string; execution_status: string }>();
  return new Map(results.map((r) => [r.id, r.execution_status]));
}

/** The account's own check as a record (another account's check is as absent as a missing one). */
export async function findOwnCheck(db: D1Database, accountId: string, id: string): Promise<CheckRecord | undefined> {
  return drizzle(db).select().from(checks).where(and(eq(checks.id, id), eq(checks.accountId, accountId))).get();
}

/** Criteria of many checks in one read, by check, in order. */
export async function criteriaByCheck(db: D1Database, checkIds: readonly string[]): Promise<Map<string, CriterionRecord[]>> {
  const byCheck = new Map<string, CriterionRecord[]>();
  if (checkIds.length === 0) return byCheck;
  const rows = await drizzle(db).select().from(criteria).where(inJsonList(criteria.checkId, checkIds)).orderBy(asc(criteria.ordinal)).all();
  for (const c of rows) byCheck.set(c.checkId, [...(byCheck.get(c.checkId) ?? []), c]);
  return byCheck;
}

/** Execution status of each check's source query (a waiting check shows the query's wait). */
export async function sourceExecutionStatuses(db: D1Database, queryIds: readonly string[]): Promise<Map<string, string>> {
  if (queryIds.length === 0) return new Map();
  const rows = await drizzle(db)
    .select({ id: queries.id, executionStatus: queries.executionStatus })
    .from(queries)
    .where(inJsonList(queries.id, [...new Set(queryIds)]))
    .all();
  return new Map(rows.map((r) => [r.id, r.executionStatus]));
}

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
    if (state === "matching") return and(eq(checks.status, "processing"), ne(checks.executionStatus, "queued"));
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

/** The check fails and its allowance is released, in one batch. */
export async function failCheck(db: D1Database, id: string, event: "source_failed" | "abandoned", sourceStatus: string, now: number): Promise<void> {
  await runBatch(db, [
    drizzle(db)
      .update(checks)
      .set({
        status: checkStatusColumn(checkStates.target(event)), executionStatus: "failed", sourceStatus, coverageComplete: false,
        failureCode: "CHECK_FAILED", processingCompletedAt: now, completedAt: now, updatedAt: now,
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
        status: checkStatusColumn(checkStates.target(ending.event)), executionStatus: ending.executionStatus,
        sourceStatus: ending.sourceStatus, coverageComplete: ending.coverageComplete, coverageIssues: JSON.stringify(ending.coverageIssues),
        criterionCounts: JSON.stringify(ending.criterionCounts),
        unmatchedCriterionIds: JSON.stringify(ending.criterionCounts.filter((c) => c.count === 0).map((c) => c.criterionId)),
        candidateCount: ending.candidateCount, pendingReviewCount: ending.pendingReviewCount,
        failureCode: ending.coverageComplete ? null : "CHECK_COVERAGE_INCOMPLETE",
        processingCompletedAt: now, completedAt: ending.completed ? now : null, updatedAt: now,
      })
      .where(leaving(id, ending.event)),
    closeReservationStatement(db, id, "check", "settle", now),
  ]);
}

/** A check's criteria, in order. */
export function criteriaOfCheck(db: D1Database, checkId: string) {
  return drizzle(db).select().from(criteria).where(eq(criteria.checkId, checkId)).orderBy(asc(criteria.ordinal));
}

/** The check's criteria and one slice of its source registrations, read together. */
export async function loadSlice(db: D1Database, checkId: string, queryId: string, limit: number, offset: number) {
  const [crits, slice] = await drizzle(db).batch([criteriaOfCheck(db, checkId), sliceToMatch(db, queryId, limit, offset)]);
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

/** Checks not processed and untouched since `before` (the sweep re-drives them). */
export async function stuckChecks(db: D1Database, before: number, limit: number): Promise<string[]> {
  const rows = await drizzle(db)
    .select({ id: checks.id })
    .from(checks)
    .where(and(isNull(checks.processingCompletedAt), lt(checks.updatedAt, before)))
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** Marks checks as just touched, so the next sweep gives this re-drive its chance first. */
export function touchChecks(db: D1Database, ids: readonly string[], now: number): Write {
  return drizzle(db).update(checks).set({ updatedAt: now }).where(inJsonList(checks.id, ids));
}
