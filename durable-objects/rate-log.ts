/**
 * @module An AccountGate's rate log: the admitted request times per class, kept in memory (ascending)
 * and mirrored in the object's SQLite, so that a restarted object resumes the same windows. An
 * admission costs one INSERT and no read; rows that have left the window are deleted in bulk now and
 * then (loading skips them anyway). The gate's input gate runs one call at a time, so memory and
 * SQLite never disagree.
 */
import {
  type Admission,
  decideAdmission,
  type LeaseAnswer,
  leaseUnits,
  RATE_LIMITS,
  type RateClass,
  type ReturnedLease,
  WINDOW_MS,
} from "../worker/domain/rate-limit";

/** Rows out of the window tolerated in SQLite before one DELETE clears them. */
const STALE_ROWS_BEFORE_DELETE = 200;

export class RateLog {
  private readonly times: Record<RateClass, number[]> = { create: [], other: [], console: [] };
  private staleRows = 0;

  constructor(
    private readonly sql: SqlStorage,
    now: number,
  ) {
    const rows = sql.exec<{ class: string; at: number }>("SELECT class, at FROM hits WHERE at > ? ORDER BY at", now - WINDOW_MS);
    for (const row of rows) if (Object.hasOwn(this.times, row.class)) this.times[row.class as RateClass].push(row.at);
  }

  /** Counts one request of the class if the rolling minute allows it. */
  admit(rateClass: RateClass, now: number): Admission {
    const times = this.times[rateClass];
    let expired = 0;
    while (expired < times.length && (times[expired] ?? now) <= now - WINDOW_MS) expired++;
    if (expired > 0) this.forget(times, expired, now);
    const decision = decideAdmission(times, rateClass, now);
    if (decision.ok) {
      // Callers may pass an earlier `now` than the last one (tests, clock steps): keep the order.
      let at = times.length;
      while (at > 0 && (times[at - 1] ?? now) > now) at--;
      times.splice(at, 0, now);
      this.sql.exec("INSERT INTO hits (class, at) VALUES (?, ?)", rateClass, now);
    }
    return decision;
  }

  /**
   * A lease of ordinary requests (worker/domain/rate-limit.ts, "Leases"): first the returned leases'
   * units are logged again (the used ones at `now`, or at their reservation if that is earlier; the
   * unused ones dropped), then up to `want` units are logged at `now + leaseMs` if the rolling minute
   * allows them. Refused like an admission when none is left.
   */
  lease(want: number, returned: readonly ReturnedLease[], now: number, leaseMs: number): LeaseAnswer {
    const times = this.times.other;
    let expired = 0;
    while (expired < times.length && (times[expired] ?? now) <= now - WINDOW_MS) expired++;
    if (expired > 0) this.forget(times, expired, now);
    for (const lease of returned) this.settle(times, lease, now);
    const units = leaseUnits(want, RATE_LIMITS.other - times.length);
    if (units === 0) {
      const refusal = decideAdmission(times, "other", now);
      if (!refusal.ok) return refusal;
    }
    const reservedAt = now + leaseMs;
    this.insert(times, "other", reservedAt, units);
    const remaining = RATE_LIMITS.other - times.length;
    // A lease's units are logged at its end, up to ORDINARY_LEASE_MS after their use: the RateLimit
    // field's t says at most the policy's window (its w); a refusal's Retry-After stays the log's own.
    const resetSeconds = Math.max(1, Math.min(WINDOW_MS / 1000, Math.ceil(((times[0] ?? now) + WINDOW_MS - now) / 1000)));
    return { ok: true, granted: units, reservedAt, window: { rateClass: "other", remaining, resetSeconds } };
  }

  /** A returned lease: its reservations out, its used units back in at a time no earlier than their use. */
  private settle(times: number[], returned: ReturnedLease, now: number): void {
    // Reservations that have left the window are gone already, and so are their uses' counts.
    if (returned.reservedAt <= now - WINDOW_MS) return;
    let removed = 0;
    for (let i = times.length - 1; i >= 0 && removed < returned.granted; i--) {
      if (times[i] === returned.reservedAt) {
        times.splice(i, 1);
        removed++;
      } else if ((times[i] ?? 0) < returned.reservedAt) break;
    }
    if (removed === 0) return;
    this.sql.exec("DELETE FROM hits WHERE rowid IN (SELECT rowid FROM hits WHERE class = 'other' AND at = ? LIMIT ?)", returned.reservedAt, removed);
    const usedAt = Math.min(now, returned.reservedAt);
    this.insert(times, "other", usedAt, Math.min(returned.used, removed));
  }

  /** Logs `count` units at `at` (one statement), keeping the times ascending (`at` may precede logged reservations). */
  private insert(times: number[], rateClass: RateClass, at: number, count: number): void {
    if (count <= 0) return;
    let index = times.length;
    while (index > 0 && (times[index - 1] ?? at) > at) index--;
    times.splice(index, 0, ...Array.from({ length: count }, () => at));
    this.sql.exec(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO hits (class, at) SELECT ?, ? FROM n",
      count,
      rateClass,
      at,
    );
  }

  private forget(times: number[], expired: number, now: number): void {
    times.splice(0, expired);
    this.staleRows += expired;
    if (this.staleRows < STALE_ROWS_BEFORE_DELETE) return;
    this.sql.exec("DELETE FROM hits WHERE at <= ?", now - WINDOW_MS);
    this.staleRows = 0;
  }
}
