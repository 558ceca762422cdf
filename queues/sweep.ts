/**
 * @module The scheduled sweep: re-drives tasks stuck in a non-terminal state, e.g. a query whose
 * queue send failed after its rows were written, or whose messages were lost. Re-sent messages are
 * harmless: every step is idempotent.
 */
import { enqueue, type PipelineMessage } from "./messages";
import { enqueueUnprocessed } from "./list-step";

/** A task untouched this long is considered stuck. */
export const STUCK_AFTER_MS = 2 * 60_000;

export async function sweep(env: Env, now: number = Date.now()): Promise<{ queries: number; checks: number }> {
  const before = now - STUCK_AFTER_MS;
  const [queries, checks] = await env.DB.batch<{ id: string; listed: number }>([
    env.DB.prepare("SELECT id, listed FROM queries WHERE completed_at IS NULL AND updated_at < ? LIMIT 500").bind(before),
    env.DB.prepare("SELECT id, 0 AS listed FROM checks WHERE processing_completed_at IS NULL AND updated_at < ? LIMIT 500").bind(before),
  ]);
  const messages: PipelineMessage[] = [];
  for (const q of queries!.results) {
    if (q.listed === 1) await enqueueUnprocessed(env, q.id);
    else messages.push({ type: "list", queryId: q.id });
  }
  for (const c of checks!.results) messages.push({ type: "check", checkId: c.id });
  await enqueue(env, messages);
  // Touch them so the next sweep waits for this re-drive to have its chance.
  await env.DB.batch([
    env.DB.prepare("UPDATE queries SET updated_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(queries!.results.map((q) => q.id)), now),
    env.DB.prepare("UPDATE checks SET updated_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(checks!.results.map((c) => c.id)), now),
  ]);
  return { queries: queries!.results.length, checks: checks!.results.length };
}
