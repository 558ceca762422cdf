/**
 * @module Finishing a query, an explicit step: the list step calls it when the upstream refused
 * the list or listed nothing, the document step when the last document is processed, the
 * dead-letter consumer when the pipeline gave up. The write is conditional (the query not finished
 * yet, in a status the event may leave), so concurrent or redelivered steps finish it exactly once;
 * whoever finishes it wakes the checks waiting on its data (queues/check/wake.ts).
 */
import { finishQuery as writeEnding, type QueryEnding } from "../../worker/db/queries";
import { tallyDocuments } from "../../worker/db/registrations";
import type { QueryRecord } from "../../worker/db/schema";
import { asQueryStatus, documentsOutcome, queryStates } from "../../worker/domain/pipeline/query-states";
import { wakeChecks } from "../check/wake";
import { DONE, type StepOutcome } from "../step";
import { mayMove } from "../transitions";

export type Finish =
  /** The upstream decided: refused (unavailable, quarantined) or an explicit empty list. */
  | Extract<QueryEnding, { event: "list_refused" | "listed_empty" }>
  /** Every document processed: the status follows the registrations. */
  | { from: "documents" }
  /** The pipeline gave up (dead-letter queue): as far as the registrations go, and the allowance released. */
  | { from: "abandoned" };

/** Ends `query` (as read by the caller); done, with the waiting checks' messages when this call ended it. */
export async function finishQuery(env: Env, shard: D1Database, query: QueryRecord, finish: Finish): Promise<StepOutcome> {
  if (query.completedAt !== null) return DONE;
  const ending = "event" in finish ? finish : await fromRegistrations(shard, query, finish.from === "abandoned");
  if (!mayMove(queryStates, asQueryStatus(query.status), ending.event, query.id)) return DONE;
  const ended = await writeEnding(env.DB, query.id, ending, Date.now());
  return ended ? wakeChecks(env, query) : DONE;
}

/** The ending the registrations (in the account's shard) decide. */
async function fromRegistrations(shard: D1Database, query: QueryRecord, abandoned: boolean): Promise<QueryEnding> {
  const tally = await tallyDocuments(shard, query.id);
  const outcome = documentsOutcome({ listed: query.listed, sourceStatus: query.sourceStatus, ...tally });
  return { ...outcome, processed: tally.processed, release: abandoned };
}
