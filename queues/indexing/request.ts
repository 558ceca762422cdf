/**
 * @module A check asks for its query's attachments to be read before it matches. The first asker
 * flips the query's registrations to pending and sends their index messages; every later check of the
 * query finds them under way and waits with it (the last index step wakes them all: ./settled.ts). A
 * registration whose indexing has not moved for INDEX_STALE_MS (a lost message) is sent again, and
 * one whose indexing failed before the check was created (an OCR outage) is asked for again.
 */
import { indexTally, requestIndexing, restartStale } from "../../worker/db/indexing";
import type { IndexMessage } from "../messages";

/** An index step that has not touched its registration for this long is taken for lost. */
export const INDEX_STALE_MS = 3 * 60_000;

export type IndexWait =
  /** Every registration is read (or given up on): the check may match. */
  | { ready: true }
  /** Still under way; `send` are the index messages this asker has to send (none when another already did). */
  | { ready: false; send: IndexMessage[] };

/** `askedSince`: the asking check's creation; what failed before it is asked for again (worker/db/indexing.ts). */
export async function awaitIndex(shard: D1Database, query: { id: string; accountId: string }, askedSince: number, now: number): Promise<IndexWait> {
  const asked = await requestIndexing(shard, query.id, askedSince, now);
  const lost = asked.length > 0 ? [] : await restartStale(shard, query.id, now - INDEX_STALE_MS, now);
  const tally = asked.length > 0 || lost.length > 0 ? null : await indexTally(shard, query.id);
  if (tally && tally.underWay === 0) return { ready: true };
  const send = [...asked, ...lost].map((registrationId): IndexMessage => ({
    type: "index",
    accountId: query.accountId,
    queryId: query.id,
    registrationId,
  }));
  return { ready: false, send };
}
