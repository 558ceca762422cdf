/**
 * @module Dead letters of the index step: a registration whose attachments could not be read however
 * often it was tried is marked failed, which its checks report as a coverage issue (never a silent
 * miss), and the query's checks are not kept waiting for it.
 */
import { runBatch } from "../../worker/db/batch";
import { markIndexed } from "../../worker/db/indexing";
import type { IndexMessage } from "../messages";
import type { StepOutcome } from "../step";
import { indexSettled } from "./settled";

export async function abandonIndex(env: Env, shard: D1Database, message: IndexMessage): Promise<StepOutcome> {
  await runBatch(shard, [markIndexed(shard, message.registrationId, "failed", Date.now())]);
  return indexSettled(env, shard, message);
}
