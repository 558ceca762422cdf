/** @module Holding an upstream slot around a step's upstream calls. */
import { upstreamPool } from "../../durable-objects/upstream-pool";
import { SLOT_REASKS, SLOT_REASK_MS } from "../retry-policy";

const RENEW_EVERY_MS = 20_000;

export async function withUpstreamSlot<T>(
  env: Env,
  accountId: string,
  holder: string,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; retryAfterSeconds: number }> {
  const pool = upstreamPool(env);
  let grant = await pool.acquire(accountId, holder);
  for (let i = 0; !grant.ok && i < SLOT_REASKS; i++) {
    await new Promise((r) => setTimeout(r, SLOT_REASK_MS));
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
