/**
 * @module UpstreamPool: the limited number of concurrent upstream sessions (operator setting
 * UPSTREAM_SLOTS), handed out fairly across accounts. Pipeline steps hold a slot only around their
 * upstream calls; a slot whose holder crashed expires after SLOT_TTL_MS (a holder that works longer
 * keeps it with renew). A holder that asks again while it holds a slot (its message was redelivered)
 * takes that slot over under a new id, so the earlier delivery's release cannot free it under the
 * later one.
 */
import { DurableObject } from "cloudflare:workers";
import { readConfig } from "../worker/config";
import { winners, type Contender } from "../worker/domain/pool-fairness";

export type SlotGrant = { ok: true; slotId: string } | { ok: false; retryAfterSeconds: number };

export const SLOT_TTL_MS = 60_000;
/**
 * A waiter that stops asking (its message was dead-lettered, its task finished) is forgotten after
 * this. Until then its account keeps its place and can hold a free slot back from others, so it is a
 * few re-ask intervals (RETRY_AFTER_SECONDS), not more.
 */
export const WAITER_TTL_MS = 10_000;
export const RETRY_AFTER_SECONDS = 2;

export class UpstreamPool extends DurableObject<Env> {
  private sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql
      .exec(`CREATE TABLE IF NOT EXISTS slots (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, holder TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS waiters (holder TEXT PRIMARY KEY, account_id TEXT NOT NULL, since INTEGER NOT NULL, last_seen INTEGER NOT NULL);`);
  }

  private capacity(): number {
    return readConfig(this.env).upstreamSlots;
  }

  /** @param holder the task step asking (its re-asks keep its place in line) */
  async acquire(accountId: string, holder: string, now: number = Date.now(), capacity: number = this.capacity()): Promise<SlotGrant> {
    this.sql.exec("DELETE FROM slots WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM waiters WHERE last_seen <= ?", now - WAITER_TTL_MS);
    const own = this.sql.exec<{ id: string }>("SELECT id FROM slots WHERE holder = ?", holder).toArray()[0];
    if (own) {
      const slotId = crypto.randomUUID();
      this.sql.exec("UPDATE slots SET id = ?, expires_at = ? WHERE id = ?", slotId, now + SLOT_TTL_MS, own.id);
      return { ok: true, slotId };
    }
    this.sql.exec(
      `INSERT INTO waiters (holder, account_id, since, last_seen) VALUES (?1, ?2, ?3, ?3)
       ON CONFLICT (holder) DO UPDATE SET last_seen = ?3`,
      holder,
      accountId,
      now,
    );
    const held = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM slots").one().n;
    const free = capacity - held;
    if (free > 0 && winners(this.contenders(), free).includes(accountId)) {
      const slotId = crypto.randomUUID();
      this.sql.exec("INSERT INTO slots (id, account_id, holder, expires_at) VALUES (?, ?, ?, ?)", slotId, accountId, holder, now + SLOT_TTL_MS);
      this.sql.exec("DELETE FROM waiters WHERE holder = ?", holder);
      return { ok: true, slotId };
    }
    return { ok: false, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }

  async release(slotId: string): Promise<void> {
    this.sql.exec("DELETE FROM slots WHERE id = ?", slotId);
  }

  /** Extends a slot still held under this id by SLOT_TTL_MS; false when it expired or was taken over. */
  async renew(slotId: string, now: number = Date.now()): Promise<boolean> {
    return this.sql.exec("UPDATE slots SET expires_at = ? WHERE id = ? AND expires_at > ?", now + SLOT_TTL_MS, slotId, now).rowsWritten > 0;
  }

  /** Slots in use and steps waiting (diagnostics, tests). */
  async usage(now: number = Date.now()): Promise<{ held: number; waiting: number }> {
    return {
      held: this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM slots WHERE expires_at > ?", now).one().n,
      waiting: this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM waiters WHERE last_seen > ?", now - WAITER_TTL_MS).one().n,
    };
  }

  private contenders(): Contender[] {
    return this.sql
      .exec<{ account_id: string; since: number; held: number }>(
        `SELECT w.account_id, MIN(w.since) AS since, (SELECT COUNT(*) FROM slots s WHERE s.account_id = w.account_id) AS held
         FROM waiters w GROUP BY w.account_id`,
      )
      .toArray()
      .map((r) => ({ accountId: r.account_id, since: r.since, held: r.held }));
  }
}

/** The one pool of a deployment. */
export function upstreamPool(env: Env) {
  return env.UPSTREAM_POOL.get(env.UPSTREAM_POOL.idFromName("registry"));
}
