/** @module Waking the checks that wait on a query's data: an explicit step of finishing the query (queues/query/finish.ts). */
import { checksWaitingOn } from "../../worker/db/checks";
import type { CheckMessage } from "../messages";
import { doneThen, type StepOutcome } from "../step";

/** Done, with one check message per check still waiting on the query (the consumer sends them). */
export async function wakeChecks(env: Env, query: { id: string; accountId: string }): Promise<StepOutcome> {
  // A check's source query is its own account's: the same shard.
  const ids = await checksWaitingOn(env.DB, query.id);
  return doneThen(ids.map((checkId): CheckMessage => ({ type: "check", accountId: query.accountId, checkId })));
}
