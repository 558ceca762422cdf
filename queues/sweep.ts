/**
 * @module The scheduled sweep: re-drives tasks stuck in a non-terminal state, e.g. a query whose
 * queue send failed after its rows were written, or whose messages were lost. Re-sent messages are
 * harmless: every step is idempotent. It also measures every shard D1 for placement (shard_sizes).
 */
import { deliverAuditOutbox } from "../worker/db/audit";
import { runBatch } from "../worker/db/batch";
import { stuckChecks, touchChecks } from "../worker/db/checks";
import { stuckQueries, touchQueries } from "../worker/db/queries";
import { refreshShardSizes, resolveShard, shardOf } from "../worker/db/shards";
import { forgetOldFailures } from "../worker/db/step-failures";
import { enqueue, type PipelineMessage } from "./messages";
import { documentMessages } from "./query/document-messages";

/** A task untouched this long is considered stuck. */
export const STUCK_AFTER_MS = 2 * 60_000;
/** A step failure is kept this long for the operator's status (docs/operations.md), a dead letter as long after its ending. */
export const FAILURES_KEPT_MS = 30 * 24 * 3_600_000;
/** Tasks re-driven per kind and sweep. */
const SWEEP_LIMIT = 500;

export async function sweep(env: Env, now: number = Date.now()): Promise<{ queries: number; checks: number }> {
  const before = now - STUCK_AFTER_MS;
  const [queries, checks] = await Promise.all([
    stuckQueries(env.DB, before, SWEEP_LIMIT),
    stuckChecks(env.DB, before, SWEEP_LIMIT),
    refreshShardSizes(env, now),
    // Audit events a request wrote to the outbox but whose delivery did not run or failed.
    deliverAuditOutbox(env, null, now),
  ]);
  const messages: PipelineMessage[] = [];
  for (const q of queries) {
    // A listed query's unprocessed registrations are in its account's shard (the directory is cached per isolate).
    if (q.listed) messages.push(...(await documentMessages(shardOf(env, (await resolveShard(env, q.accountId, now)).index), q)));
    else messages.push({ type: "list", accountId: q.accountId, queryId: q.id });
  }
  for (const c of checks) messages.push({ type: "check", accountId: c.accountId, checkId: c.id });
  await enqueue(env, messages);
  // Touch them so the next sweep waits for this re-drive to have its chance.
  await runBatch(env.DB, [
    touchQueries(
      env.DB,
      queries.map((q) => q.id),
      now,
    ),
    touchChecks(
      env.DB,
      checks.map((c) => c.id),
      now,
    ),
    forgetOldFailures(env.DB, now - FAILURES_KEPT_MS),
  ]);
  return { queries: queries.length, checks: checks.length };
}
