/** @module Holding an upstream slot around a step's upstream calls. */
import { upstreamPool } from "../../durable-objects/upstream-pool";

const QUICK_RETRIES = 4;
const QUICK_RETRY_MS = 250;
const RENEW_EVERY_MS = 20_000;

export async function withUpstreamSlot<T>(
  env: Env,
  accountId: string,
  holder: string,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; retryAfterSeconds: number }> {
  const pool = upstreamPool(env);
  let grant = await pool.acquire(accountId, holder);
  // Slots free up within moments when steps are short: a few quick re-asks beat a round trip through the queue.
  for (let i = 0; !grant.ok && i < QUICK_RETRIES; i++) {
    await new Promise((r) => setTimeout(r, QUICK_RETRY_MS));
    grant = await pool.acquire(accountId, holder);
  }
  if (!grant.ok) return grant;
  // Slow upstream calls can outlast the slot's lifetime; renewing keeps the pool from handing the
  // same connector session to someone else meanwhile.
  const renewal = setInterval(() => void pool.renew(grant.slotId).catch(() => undefined), RENEW_EVERY_MS);
  try {
    return { ok: true, value: await work() };
  } finally {
    clearInterval(renewal);
    await pool.release(grant.slotId);
  }
}
