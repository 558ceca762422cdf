/**
 * @module SignInGuard: one Durable Object per email (by its SHA-256) and one per client address,
 * counting failed console sign-ins in their SQLite storage, so that the limit holds across isolates
 * and restarts (console-api.md, Session: never in memory). Native RPC.
 */
import { DurableObject } from "cloudflare:workers";
import { SIGN_IN_WINDOW_MS, signInRetryAfter } from "../worker/console/policy/sign-in-limits";

export class SignInGuard extends DurableObject<Env> {
  private sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS failures (at INTEGER NOT NULL)");
  }

  private failures(now: number): number[] {
    this.sql.exec("DELETE FROM failures WHERE at <= ?", now - SIGN_IN_WINDOW_MS);
    return this.sql
      .exec<{ at: number }>("SELECT at FROM failures ORDER BY at")
      .toArray()
      .map((r) => r.at);
  }

  /** Seconds the caller must wait before another attempt (0: it may try now). */
  async retryAfter(limit: number, now: number = Date.now()): Promise<number> {
    return signInRetryAfter(this.failures(now), limit, now);
  }

  /** Records a failed attempt; returns the wait that now applies. */
  async fail(limit: number, now: number = Date.now()): Promise<number> {
    this.sql.exec("INSERT INTO failures (at) VALUES (?)", now);
    return signInRetryAfter(this.failures(now), limit, now);
  }

  /** A successful sign-in for the email clears its failures (the address's count stays). */
  async clear(): Promise<void> {
    this.sql.exec("DELETE FROM failures");
  }
}
