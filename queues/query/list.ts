/**
 * @module Query step 1: list the registrations. The full list (possibly empty) settles the query
 * allowance; no list at all releases it. Redelivery-safe: rows are insert-or-ignore by (query,
 * certificate number), settlement happens at most once, and a query already listed only re-sends
 * its unprocessed documents.
 */
import { loadQuery, markListed, markWaiting } from "../../worker/db/queries";
import { insertListed } from "../../worker/db/registrations";
import type { QueryRecord } from "../../worker/db/schema";
import { asQueryStatus, queryStates } from "../../worker/domain/pipeline/query-states";
import { createUpstream } from "../upstream";
import type { ListMessage } from "../messages";
import { DONE, doneThen, retryTransient, waitForSlot, waitWhileBusy, type StepOutcome } from "../step";
import { mayMove } from "../transitions";
import { documentMessages } from "./document-messages";
import { finishQuery } from "./finish";
import { withUpstreamSlot } from "./slot";

export async function listStep(env: Env, shard: D1Database, message: ListMessage, attempt: number): Promise<StepOutcome> {
  const query = await loadQuery(env.DB, message.queryId);
  if (!query || query.completedAt !== null) return DONE;
  if (query.listed) return doneThen(await documentMessages(shard, query));
  const outcome = await withUpstreamSlot(env, query.accountId, `list:${query.id}`, () =>
    createUpstream(env).listRegistrations(query.subjectName, { attempt }),
  );
  if (!outcome.ok) {
    await wait(env, query);
    return waitForSlot(outcome.retryAfterSeconds);
  }
  const listing = outcome.value;
  if (!listing.ok) {
    switch (listing.kind) {
      case "busy":
        await wait(env, query);
        return waitWhileBusy(listing.retryAfterSeconds);
      case "transient":
        return retryTransient("upstream_failed", attempt, listing.retryAfterSeconds);
      case "quarantined":
        return finishQuery(env, shard, query, { event: "list_refused", sourceStatus: "quarantined", failureCode: "SOURCE_QUARANTINED" });
      default:
        return finishQuery(env, shard, query, { event: "list_refused", sourceStatus: "unavailable", failureCode: "SOURCE_UNAVAILABLE" });
    }
  }
  if (listing.registrations.length === 0) return finishQuery(env, shard, query, { event: "listed_empty" });
  if (!mayMove(queryStates, asQueryStatus(query.status), "listed", query.id)) return DONE;
  const now = Date.now();
  await insertListed(shard, query, listing.registrations, listing.sourceStatus, now);
  await markListed(env.DB, query.id, { sourceStatus: listing.sourceStatus, registrationCount: listing.registrations.length }, now);
  return doneThen(await documentMessages(shard, query));
}

/** The query waits for a slot or a busy upstream (it may already be waiting: the same event again). */
async function wait(env: Env, query: QueryRecord): Promise<void> {
  if (mayMove(queryStates, asQueryStatus(query.status), "slot_busy", query.id)) await markWaiting(env.DB, query.id, Date.now());
}
