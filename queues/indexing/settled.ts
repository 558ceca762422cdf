/** @module The end of a registration's indexing (read or given up on): the query's last one wakes its waiting checks. */
import { indexTally } from "../../worker/db/indexing";
import { wakeChecks } from "../check/wake";
import type { IndexMessage } from "../messages";
import { DONE, type StepOutcome } from "../step";

/**
 * Done, with the waiting checks' messages when no registration of the query is under way any more.
 * Two last steps finishing together may both wake them: a check step is idempotent, the second run
 * finds the check matching or finished.
 */
export async function indexSettled(env: Env, shard: D1Database, message: IndexMessage): Promise<StepOutcome> {
  const tally = await indexTally(shard, message.queryId);
  if (tally.underWay > 0) return DONE;
  return wakeChecks(env, { id: message.queryId, accountId: message.accountId });
}
