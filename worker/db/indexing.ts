/**
 * @module A registration's index state (registrations.index_status, indexed_at): whether its
 * attachments' text has been read. A query reads only the main certificates; the first check of the
 * query asks for the rest (queues/indexing/request.ts), one index message per registration reads it
 * (queues/indexing/step.ts). Every write is conditional on the state it leaves, so redelivered and
 * concurrent steps change a row once.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Write } from "./batch";
import { documents, registrations, type IndexStatus } from "./schema/shard";

const UNDER_WAY: IndexStatus[] = ["pending", "indexing"];

const hasNoAttachment = sql`NOT EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.registrationId} = ${registrations.id} AND ${documents.kind} = 'attachment')`;

/**
 * Asks for the query's attachments to be read: registrations not asked for yet become pending, but
 * those without an attachment, which have nothing to read, are completed at once; and so do, again,
 * registrations whose reading failed before `askedSince` (the asking check's creation): what an outage
 * left unread is read by the next check, never by the check that saw it fail (which would ask forever).
 * Returns the ids that became pending (a second asker gets none: the messages are sent by whoever
 * flipped them).
 */
export async function requestIndexing(shard: D1Database, queryId: string, askedSince: number, now: number): Promise<string[]> {
  const d = drizzle(shard);
  const notRequested = and(eq(registrations.queryId, queryId), eq(registrations.indexStatus, "not_requested"));
  const failedBefore = and(eq(registrations.queryId, queryId), eq(registrations.indexStatus, "failed"), lt(registrations.updatedAt, askedSince));
  await d.update(registrations).set({ indexStatus: "completed", indexedAt: now, updatedAt: now }).where(and(notRequested, hasNoAttachment));
  const pending = await d
    .update(registrations)
    .set({ indexStatus: "pending", updatedAt: now })
    .where(or(notRequested, failedBefore))
    .returning({ id: registrations.id, ordinal: registrations.ordinal });
  return pending.sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
}

/**
 * Registrations of the query whose indexing has not moved since `before` (a lost message, a step that
 * died with its isolate): touched now and returned, so their messages are sent again.
 */
export async function restartStale(shard: D1Database, queryId: string, before: number, now: number): Promise<string[]> {
  const rows = await drizzle(shard)
    .update(registrations)
    .set({ updatedAt: now })
    .where(and(eq(registrations.queryId, queryId), inArray(registrations.indexStatus, UNDER_WAY), lt(registrations.updatedAt, before)))
    .returning({ id: registrations.id });
  return rows.map((r) => r.id);
}

export interface IndexTally {
  /** pending or indexing */
  underWay: number;
  completed: number;
  failed: number;
  notRequested: number;
}

export async function indexTally(shard: D1Database, queryId: string): Promise<IndexTally> {
  const count = (status: IndexStatus) => sql<number>`COALESCE(SUM(${registrations.indexStatus} = ${status}), 0)`;
  const row = await drizzle(shard)
    .select({
      pending: count("pending"),
      indexing: count("indexing"),
      completed: count("completed"),
      failed: count("failed"),
      notRequested: count("not_requested"),
    })
    .from(registrations)
    .where(eq(registrations.queryId, queryId))
    .get();
  return {
    underWay: Number(row?.pending ?? 0) + Number(row?.indexing ?? 0),
    completed: Number(row?.completed ?? 0),
    failed: Number(row?.failed ?? 0),
    notRequested: Number(row?.notRequested ?? 0),
  };
}

/** An index step starts on the registration (from pending, or again after a retry). */
export async function markIndexing(shard: D1Database, registrationId: string, now: number): Promise<void> {
  await drizzle(shard)
    .update(registrations)
    .set({ indexStatus: "indexing", updatedAt: now })
    .where(and(eq(registrations.id, registrationId), inArray(registrations.indexStatus, UNDER_WAY)));
}

/** The registration's attachments are read (completed, at `now`) or never will be (failed: the pipeline gave up). */
export function markIndexed(shard: D1Database, registrationId: string, status: "completed" | "failed", now: number): Write {
  return drizzle(shard)
    .update(registrations)
    .set({ indexStatus: status, indexedAt: status === "completed" ? now : null, updatedAt: now })
    .where(and(eq(registrations.id, registrationId), inArray(registrations.indexStatus, UNDER_WAY)));
}
