/** @module Query rows: the account's own query, and the pipeline's reads and writes (the list endpoint's reads and the insert: account-queries.ts). */
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { FailureCode } from "../domain/failures";
import { QUERY_EXECUTION_STATUS, queryStates, type DocumentsOutcome, type QueryEvent } from "../domain/pipeline/query-states";
import { closeReservationStatement } from "./allowance";
import { runBatch, type Write } from "./batch";
import { inJsonList } from "./json-list";
import { preparedOn } from "./prepared";
import { queries, type QueryRecord } from "./schema";

/** The hot path's read (GET /queries/{id}), prepared once per binding (prepared.ts). */
const ownQuery = (d: DrizzleD1Database) =>
  d
    .select()
    .from(queries)
    .where(and(eq(queries.id, sql.placeholder("id")), eq(queries.accountId, sql.placeholder("accountId"))))
    .prepare();

/** The account's own query as a record (another account's query is as absent as a missing one). */
export async function findOwnQuery(db: D1Database, accountId: string, id: string): Promise<QueryRecord | undefined> {
  return preparedOn(db, ownQuery).get({ id, accountId });
}

// ---- The query pipeline's reads and writes (queues/query/…). Every status write names its event:
// the status it sets is the event's target in the state table, and it only changes a row whose
// status is one the event may leave (worker/domain/pipeline/query-states.ts).

/** A query by id, whatever its account (the pipeline works on behalf of every account). */
export async function loadQuery(db: D1Database, id: string): Promise<QueryRecord | undefined> {
  return drizzle(db).select().from(queries).where(eq(queries.id, id)).get();
}

/** Guard and target of a status write for `event`. */
function moves(event: QueryEvent) {
  const to = queryStates.target(event);
  return {
    set: { status: to, executionStatus: QUERY_EXECUTION_STATUS[to] },
    guard: and(inArray(queries.status, queryStates.sources(event)), isNull(queries.completedAt)),
  };
}

/** No slot, or the upstream busy: the query waits (slot_busy). */
export async function markWaiting(db: D1Database, id: string, now: number): Promise<void> {
  const { set, guard } = moves("slot_busy");
  await drizzle(db)
    .update(queries)
    .set({ ...set, updatedAt: now })
    .where(and(eq(queries.id, id), guard));
}

/** The registrations are stored: the query processes their documents (listed), and its allowance is settled, in one batch. */
export async function markListed(
  db: D1Database,
  id: string,
  listing: { sourceStatus: string; registrationCount: number },
  now: number,
): Promise<void> {
  const { set, guard } = moves("listed");
  await runBatch(db, [
    drizzle(db)
      .update(queries)
      .set({
        ...set,
        listed: true,
        sourceStatus: listing.sourceStatus,
        registrationCount: listing.registrationCount,
        totalDocumentCount: listing.registrationCount,
        updatedAt: now,
      })
      .where(and(eq(queries.id, id), guard)),
    closeReservationStatement(db, id, "query", "settle", now),
  ]);
}

/** How a query ends, with what its row records. */
export type QueryEnding =
  /** No list could be had: failed, allowance released. */
  | { event: "list_refused"; sourceStatus: "unavailable" | "quarantined"; failureCode: FailureCode }
  /** An explicit, complete empty list: no_result, allowance settled. */
  | { event: "listed_empty" }
  /** From its registrations (documentsOutcome); `release` when the pipeline gave up on it. */
  | (DocumentsOutcome & { processed: number; release: boolean });

/** Ends the query once (whoever comes second changes nothing); true when this call ended it. */
export async function finishQuery(db: D1Database, id: string, ending: QueryEnding, now: number): Promise<boolean> {
  const { set, guard } = moves(ending.event);
  const ended = { ...set, completedAt: now, updatedAt: now };
  const where = and(eq(queries.id, id), guard);
  const d = drizzle(db);
  const writes: Write[] = [];
  if (ending.event === "list_refused") {
    writes.push(
      d
        .update(queries)
        .set({ ...ended, sourceStatus: ending.sourceStatus, coverageComplete: false, failureCode: ending.failureCode })
        .where(where),
      closeReservationStatement(db, id, "query", "release", now),
    );
  } else if (ending.event === "listed_empty") {
    writes.push(
      d
        .update(queries)
        .set({ ...ended, coverageComplete: true, listed: true, registrationCount: 0, totalDocumentCount: 0 })
        .where(where),
      closeReservationStatement(db, id, "query", "settle", now),
    );
  } else {
    writes.push(
      d
        .update(queries)
        .set({ ...ended, processedDocumentCount: ending.processed, coverageComplete: ending.coverageComplete, failureCode: ending.failureCode })
        .where(where),
    );
    if (ending.release) writes.push(closeReservationStatement(db, id, "query", "release", now));
  }
  const [result] = await runBatch(db, writes);
  return (result?.meta.changes ?? 0) === 1;
}

/**
 * The query's processed count, as just counted from its registrations in the account's shard
 * (registrations.ts `countProcessed`), and the query as it stands after the write. The count only
 * grows (MAX): a step that counted before a concurrent one cannot lower it, and a redelivered step
 * recounts from the rows, so nothing is counted twice.
 */
export async function recordProcessedCount(db: D1Database, id: string, processed: number, now: number): Promise<QueryRecord | undefined> {
  const [row] = await drizzle(db)
    .update(queries)
    .set({ processedDocumentCount: sql`MAX(${queries.processedDocumentCount}, ${processed})`, updatedAt: now })
    .where(eq(queries.id, id))
    .returning();
  return row;
}

/** Documents processed and to process. */
export async function documentProgress(db: D1Database, id: string): Promise<{ done: number; total: number } | undefined> {
  return drizzle(db)
    .select({ done: queries.processedDocumentCount, total: queries.totalDocumentCount })
    .from(queries)
    .where(eq(queries.id, id))
    .get();
}

/** Open queries untouched since `before` (the sweep re-drives them). */
export async function stuckQueries(
  db: D1Database,
  before: number,
  limit: number,
): Promise<Array<{ id: string; accountId: string; listed: boolean }>> {
  return drizzle(db)
    .select({ id: queries.id, accountId: queries.accountId, listed: queries.listed })
    .from(queries)
    .where(and(isNull(queries.completedAt), lt(queries.updatedAt, before)))
    .limit(limit)
    .all();
}

/** Marks queries as just touched, so the next sweep gives this re-drive its chance first. */
export function touchQueries(db: D1Database, ids: readonly string[], now: number): Write {
  return drizzle(db).update(queries).set({ updatedAt: now }).where(inJsonList(queries.id, ids));
}
