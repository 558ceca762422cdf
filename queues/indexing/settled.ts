/** @module The end of a registration's indexing (read or given up on): the query's last one wakes its waiting checks. */
import { claimIndexedChecks } from "../../worker/db/checks";
import { indexTally } from "../../worker/db/indexing";
import type { CheckMessage, IndexMessage } from "../messages";
import { DONE, doneThen, type StepOutcome } from "../step";

/**
 * Done, with the waiting checks' messages when no registration of the query is under way any more.
 * Two last steps finishing together both find nothing under way: the checks are claimed (moved from
 * indexing to matching) by one of them, and only that one sends their messages.
 */
export async function indexSettled(env: Env, shard: D1Database, message: IndexMessage): Promise<StepOutcome> {
  const tally = await indexTally(shard, message.queryId);
  if (tally.underWay > 0) return DONE;
  // Checks live in the main database; a check's source query is its own account's, so the message's account is the checks'.
  const ids = await claimIndexedChecks(env.DB, message.queryId, Date.now());
  return doneThen(ids.map((checkId): CheckMessage => ({ type: "check", accountId: message.accountId, checkId })));
}
