/**
 * @module AccountGate: one Durable Object per account, the serialisation point for everything that
 * must be exact per account: rate windows (sliding log), idempotency records, allowance reservation
 * (task creation) and download leases. Native RPC; state in the object's SQLite storage.
 */
import { DurableObject } from "cloudflare:workers";
import {
  type Admission,
  type LeaseAnswer,
  ORDINARY_LEASE_MS,
  type RateClass,
  type ReturnedLease,
  type WindowState,
} from "../worker/domain/rate-limit";
import { runCreation, type CreationRequest, type CreationOutcome } from "./creation";
import { RateLog } from "./rate-log";

export type { Admission };
/** Every answer carries the window the call counted in: the worker turns it into the RateLimit header. */
export type LeaseGrant = ({ ok: true; leaseId: string } | { ok: false; retryAfterSeconds: number }) & { window: WindowState };
export type GateCreationOutcome = CreationOutcome & { window: WindowState };

/** Idempotency records live at least this long (issue: 24 h). */
export const IDEMPOTENCY_TTL_MS = 48 * 3600_000;
/** A lease whose stream never reported its end frees its slot after this. */
export const LEASE_TTL_MS = 5 * 60_000;
export const MAX_LEASES = 3;

export class AccountGate extends DurableObject<Env> {
  private sql: SqlStorage;
  /** Creations run one at a time: they read balances in D1 and then write, and D1 I/O lets other calls in. */
  private creationChain: Promise<unknown> = Promise.resolve();
  /** Loaded on the first admission of this object's life. */
  private rateLog: RateLog | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS hits (class TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS hits_class_at ON hits (class, at);
      CREATE TABLE IF NOT EXISTS idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
        status INTEGER, body TEXT, created_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);`);
  }

  /** Counts one request of the class if the rolling minute allows it. */
  async admit(rateClass: RateClass, now: number = Date.now()): Promise<Admission> {
    return this.admitSync(rateClass, now);
  }

  /**
   * A lease of up to `want` ordinary requests for one isolate, that isolate's spent leases returned
   * with it (worker/services/ordinary-leases.ts): exact over any rolling minute (rate-log.ts `lease`).
   */
  async leaseOrdinary(want: number, returned: readonly ReturnedLease[] = [], now: number = Date.now()): Promise<LeaseAnswer> {
    return this.log().lease(want, returned, now, ORDINARY_LEASE_MS);
  }

  private admitSync(rateClass: RateClass, now: number): Admission {
    return this.log().admit(rateClass, now);
  }

  private log(): RateLog {
    this.rateLog ??= new RateLog(this.sql, Date.now());
    return this.rateLog;
  }

  /**
   * Task creation (POST /queries, POST /checks) in one call: rate window, idempotency (replay,
   * conflict, in flight), entitlement refusal, allowance reservation and the D1 batch that writes the
   * task rows, the reservation and the stored response together.
   */
  async create(request: CreationRequest): Promise<GateCreationOutcome> {
    const now = request.now ?? Date.now();
    this.sql.exec("DELETE FROM idempotency WHERE created_at < ?", now - IDEMPOTENCY_TTL_MS);
    const existing = this.sql
      .exec<{ fingerprint: string; state: string; status: number | null; body: string | null }>(
        "SELECT fingerprint, state, status, body FROM idempotency WHERE key = ?",
        request.idempotencyKey,
      )
      .toArray()[0];
    // A key seen before creates nothing (replay, conflict, in flight): it counts as an ordinary
    // request, never against the creation limit (a client retrying a lost answer must not lock itself out).
    const admission = this.admitSync(existing ? "other" : "create", now);
    const window = admission.window;
    if (!admission.ok) return { kind: "rate_limited", retryAfterSeconds: admission.retryAfterSeconds, window };
    if (existing) {
      const same = existing.fingerprint === request.fingerprint || existing.fingerprint === request.formerFingerprint;
      if (!same) return { kind: "conflict", window };
      if (existing.state === "done") return { kind: "replay", status: existing.status ?? 202, body: existing.body ?? "", window };
      return { kind: "in_flight", window };
    }
    // Claimed synchronously (no await since the lookup), so concurrent begins see it.
    this.sql.exec(
      "INSERT INTO idempotency (key, fingerprint, state, created_at) VALUES (?, ?, 'in_flight', ?)",
      request.idempotencyKey,
      request.fingerprint,
      now,
    );
    const run = this.creationChain.then(() => runCreation(this.env.DB, request, now));
    this.creationChain = run.catch(() => undefined);
    try {
      const outcome = await run;
      if (outcome.kind === "accepted") {
        this.sql.exec(
          "UPDATE idempotency SET state = 'done', status = ?, body = ? WHERE key = ?",
          outcome.status,
          outcome.body,
          request.idempotencyKey,
        );
      } else {
        // Only accepted responses are replayed; a refusal leaves the key free for a later try.
        this.sql.exec("DELETE FROM idempotency WHERE key = ?", request.idempotencyKey);
      }
      return { ...outcome, window };
    } catch (error) {
      this.sql.exec("DELETE FROM idempotency WHERE key = ?", request.idempotencyKey);
      throw error;
    }
  }

  /** Admission plus a download lease, in one call: at most MAX_LEASES streams at once. */
  async acquireDownload(now: number = Date.now()): Promise<LeaseGrant> {
    const admission = this.admitSync("other", now);
    const window = admission.window;
    if (!admission.ok) return admission;
    this.sql.exec("DELETE FROM leases WHERE expires_at <= ?", now);
    const leases = this.sql.exec<{ expires_at: number }>("SELECT expires_at FROM leases ORDER BY expires_at").toArray();
    if (leases.length >= MAX_LEASES) {
      const soonest = leases[0]?.expires_at ?? now + 1000;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.min(5, Math.ceil((soonest - now) / 1000))), window };
    }
    const leaseId = crypto.randomUUID();
    this.sql.exec("INSERT INTO leases (id, expires_at) VALUES (?, ?)", leaseId, now + LEASE_TTL_MS);
    return { ok: true, leaseId, window };
  }

  async releaseDownload(leaseId: string): Promise<void> {
    this.sql.exec("DELETE FROM leases WHERE id = ?", leaseId);
  }

  /** Active leases (tests, diagnostics). */
  async activeLeases(now: number = Date.now()): Promise<number> {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases WHERE expires_at > ?", now).one().n;
  }
}
