/**
 * @module SignInGuard: one Durable Object per email and client address (by their SHA-256), one per
 * client address, and one per email from everywhere, counting failed console sign-ins in their SQLite
 * storage, so that the limit holds across isolates and restarts (console-api.md, Session: never in
 * memory); the email-wide one also paces each address (worker/domain/sign-in-limits.ts). Native RPC.
 */
import { DurableObject } from "cloudflare:workers";
import { EMAIL_WIDE_MAX_PACE_MS, EMAIL_WIDE_WINDOW_MS, SIGN_IN_WINDOW_MS, emailWidePace, signInRetryAfter } from "../worker/domain/sign-in-limits";

export class SignInGuard extends DurableObject<Env> {
  private sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS failures (at INTEGER NOT NULL)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS wide_failures (at INTEGER NOT NULL)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS paced (address TEXT PRIMARY KEY, at INTEGER NOT NULL)");
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

  /**
   * The email-wide pace for one address (a hash): 0 when it may try now (the attempt is then claimed,
   * so parallel attempts from it wait too), else the seconds until it may.
   */
  async admit(address: string, now: number = Date.now()): Promise<number> {
    this.sql.exec("DELETE FROM wide_failures WHERE at <= ?", now - EMAIL_WIDE_WINDOW_MS);
    this.sql.exec("DELETE FROM paced WHERE at <= ?", now - EMAIL_WIDE_MAX_PACE_MS);
    const failures = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM wide_failures").one().n;
    const pace = emailWidePace(failures);
    const last = this.sql.exec<{ at: number }>("SELECT at FROM paced WHERE address = ?", address).toArray()[0]?.at;
    if (pace > 0 && last !== undefined && now - last < pace) return Math.max(1, Math.ceil((last + pace - now) / 1000));
    this.sql.exec("INSERT INTO paced (address, at) VALUES (?, ?) ON CONFLICT (address) DO UPDATE SET at = excluded.at", address, now);
    return 0;
  }

  /** A failure of the email from any address. */
  async failWide(now: number = Date.now()): Promise<void> {
    this.sql.exec("INSERT INTO wide_failures (at) VALUES (?)", now);
  }

  /** A successful sign-in from the address: its claim goes (the owner is not paced by their own success). */
  async release(address: string): Promise<void> {
    this.sql.exec("DELETE FROM paced WHERE address = ?", address);
  }

  /** Proof of the person (a correct password with a correct second factor) ends the email's pacing. */
  async clearWide(): Promise<void> {
    this.sql.exec("DELETE FROM wide_failures");
    this.sql.exec("DELETE FROM paced");
  }
}
