/**
 * @module An AccountGate's rate log: the admitted request times per class, kept in memory (ascending)
 * and mirrored in the object's SQLite, so that a restarted object resumes the same windows. An
 * admission costs one INSERT and no read; rows that have left the window are deleted in bulk now and
 * then (loading skips them anyway). The gate's input gate runs one call at a time, so memory and
 * SQLite never disagree.
 */
import { type Admission, decideAdmission, type RateClass, WINDOW_MS } from "../worker/domain/rate-limit";

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

  private forget(times: number[], expired: number, now: number): void {
    times.splice(0, expired);
    this.staleRows += expired;
    if (this.staleRows < STALE_ROWS_BEFORE_DELETE) return;
    this.sql.exec("DELETE FROM hits WHERE at <= ?", now - WINDOW_MS);
    this.staleRows = 0;
  }
}
