/**
 * @module The scheduled sweep: re-drives tasks stuck in a non-terminal state, e.g. a query whose
 * queue send failed after its rows were written, or whose messages were lost. Re-sent messages are
 * harmless: every step is idempotent.
 */
import { runBatch } from "../worker/db/batch";
import { stuckChecks, touchChecks } from "../worker/db/checks";
import { stuckQueries, touchQueries } from "../worker/db/queries";
import { enqueue, type PipelineMessage } from "./messages";
import { documentMessages } from "./query/document-messages";

/** A task untouched this long is considered stuck. */
export const STUCK_AFTER_MS = 2 * 60_000;
/** Tasks re-driven per kind and sweep. */
const SWEEP_LIMIT = 500;

export async function sweep(env: Env, now: number = Date.now()): Promise<{ queries: number; checks: number }> {
  const before = now - STUCK_AFTER_MS;
  const [queries, checks] = await Promise.all([stuckQueries(env.DB, before, SWEEP_LIMIT), stuckChecks(env.DB, before, SWEEP_LIMIT)]);
  const messages: PipelineMessage[] = [];
  for (const q of queries) {
    if (q.listed) messages.push(...(await documentMessages(env, q.id)));
    else messages.push({ type: "list", queryId: q.id });
  }
  for (const checkId of checks) messages.push({ type: "check", checkId });
  await enqueue(env, messages);
  // Touch them so the next sweep waits for this re-drive to have its chance.
  await runBatch(env.DB, [
    touchQueries(
      env.DB,
      queries.map((q) => q.id),
      now,
    ),
    touchChecks(env.DB, checks, now),
  ]);
  return { queries: queries.length, checks: checks.length };
}
