/** @module Holding an upstream slot around a step's upstream calls. */
import { upstreamPool } from "../durable-objects/upstream-pool";

export async function withUpstreamSlot<T>(
  env: Env,
  accountId: string,
  holder: string,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; retryAfterSeconds: number }> {
  const pool = upstreamPool(env);
  const grant = await pool.acquire(accountId, holder);
  if (!grant.ok) return grant;
  try {
    return { ok: true, value: await work() };
  } finally {
    await pool.release(grant.slotId);
  }
}
