/**
 * @module A per-isolate, bounded copy of query rows that can no longer change (QUERY_STATUSES_FINAL:
 * succeeded, no_result, cancelled; never failed or partial, which an operator's re-drive reopens), so
 * that reading a finished query again skips its D1 read. A client polls a query until it finishes and
 * then reads it again and again (its registrations, its checks): those reads are the ones kept.
 *
 * Ownership is checked on every hit, against the row's own account: another account's query stays a
 * 404. Nothing else can go stale: a final row has no writer left (no event leaves a final status, no
 * re-drive touches it, no query row is ever deleted). Keys of the map are query ids only.
 */
import type { QueryRecord } from "../db/account-queries";
import { QUERY_STATUSES_FINAL, type QueryStatus } from "../domain/pipeline/query-states";
import { ExpiringMap } from "../lib/expiring-map";

/** Enough for the finished queries an isolate's clients read in a few minutes; the oldest goes first. */
export const FINAL_QUERY_CACHE_MAX_ENTRIES = 5_000;
/** Only a bound on memory: a final row would be as true a day later. */
const FINAL_QUERY_CACHE_MS = 10 * 60_000;

const entries = new ExpiringMap<string, QueryRecord>(FINAL_QUERY_CACHE_MAX_ENTRIES);

export function isFinalQuery(row: Pick<QueryRecord, "status" | "completedAt">): boolean {
  return row.completedAt !== null && QUERY_STATUSES_FINAL.includes(row.status as QueryStatus);
}

/** The account's own final query, if this isolate holds it (another account's is never returned). */
export function cachedFinalQuery(accountId: string, id: string, now: number): QueryRecord | undefined {
  const row = entries.get(id, now);
  return row?.accountId === accountId ? row : undefined;
}

/** Keeps a copy of the row when it is final; an open row is never kept. */
export function rememberIfFinal(row: QueryRecord, now: number): void {
  if (isFinalQuery(row)) entries.set(row.id, Object.freeze({ ...row }), now + FINAL_QUERY_CACHE_MS);
}
