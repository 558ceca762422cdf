/**
 * @module The reads behind the operator's status (GET /api/admin/v1/status): open tasks by state and
 * the oldest of them, the statuses of dead-lettered tasks, and the day's certificate parses per
 * shard. Open tasks are found by execution_status, which the queries_open and checks_open indexes
 * lead with, so none of these reads scans finished tasks.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { inJsonList } from "./json-list";
import { checks, queries, shardDirectory } from "./schema";
import { documents } from "./schema/shard";

/** A query's execution status while it is open (query-states.ts: QUERY_EXECUTION_STATUS of its non-terminal statuses). */
const OPEN_QUERY_EXECUTION = ["queued", "waiting_resource", "processing"];
/** A check's execution status until its processing completes (queued, then processing while slices are matched). */
const OPEN_CHECK_EXECUTION = ["queued", "processing"];

export interface OpenTask {
  id: string;
  status: string;
  createdAt: number;
}

export async function openQueryCounts(db: D1Database): Promise<Array<{ status: string; n: number }>> {
  return drizzle(db)
    .select({ status: queries.status, n: sql<number>`COUNT(*)` })
    .from(queries)
    .where(inArray(queries.executionStatus, OPEN_QUERY_EXECUTION))
    .groupBy(queries.status)
    .all();
}

/** Open checks by state: `queued` until the first slice, `matching` after (check-states.ts). */
export async function openCheckCounts(db: D1Database): Promise<Array<{ state: "queued" | "matching"; n: number }>> {
  return drizzle(db)
    .select({
      state: sql<"queued" | "matching">`CASE WHEN ${checks.executionStatus} = 'queued' THEN 'queued' ELSE 'matching' END`,
      n: sql<number>`COUNT(*)`,
    })
    .from(checks)
    .where(inArray(checks.executionStatus, OPEN_CHECK_EXECUTION))
    .groupBy(sql`1`)
    .all();
}

export async function oldestOpenQuery(db: D1Database): Promise<OpenTask | undefined> {
  return drizzle(db)
    .select({ id: queries.id, status: queries.status, createdAt: queries.createdAt })
    .from(queries)
    .where(inArray(queries.executionStatus, OPEN_QUERY_EXECUTION))
    .orderBy(asc(queries.createdAt))
    .limit(1)
    .get();
}

export async function oldestOpenCheck(db: D1Database): Promise<OpenTask | undefined> {
  return drizzle(db)
    .select({
      id: checks.id,
      status: sql<string>`CASE WHEN ${checks.executionStatus} = 'queued' THEN 'queued' ELSE 'matching' END`,
      createdAt: checks.createdAt,
    })
    .from(checks)
    .where(inArray(checks.executionStatus, OPEN_CHECK_EXECUTION))
    .orderBy(asc(checks.createdAt))
    .limit(1)
    .get();
}

/** The public status of each task named (queries, checks, and accounts for moves), by id. */
export async function taskStatuses(
  db: D1Database,
  ids: { query: readonly string[]; check: readonly string[]; move: readonly string[] },
): Promise<Map<string, string>> {
  const d = drizzle(db);
  const [q, c, m] = await Promise.all([
    ids.query.length ? d.select({ id: queries.id, status: queries.status }).from(queries).where(inJsonList(queries.id, ids.query)).all() : [],
    ids.check.length ? d.select({ id: checks.id, status: checks.status }).from(checks).where(inJsonList(checks.id, ids.check)).all() : [],
    ids.move.length
      ? d
          .select({ id: shardDirectory.accountId, status: shardDirectory.state })
          .from(shardDirectory)
          .where(inJsonList(shardDirectory.accountId, ids.move))
          .all()
      : [],
  ]);
  return new Map([...q, ...c, ...m].map((row) => [row.id, row.status]));
}

/** Certificates parsed on this shard since `since`, by parse status (completed, failed). */
export async function certificateParsesSince(shard: D1Database, since: number): Promise<Array<{ status: string | null; n: number }>> {
  return drizzle(shard)
    .select({ status: documents.parseStatus, n: sql<number>`COUNT(*)` })
    .from(documents)
    .where(and(gte(documents.parsedAt, since), eq(documents.kind, "certificate")))
    .groupBy(documents.parseStatus)
    .all();
}
