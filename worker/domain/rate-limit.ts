/**
 * @module Sliding-log rate limiting (exact over any rolling minute, unlike a fixed window that lets
 * 2× through at a boundary), and how the windows are advertised to clients. Pure: the AccountGate
 * keeps the log.
 */

/**
 * create and other are the open API's (open-api-v1.md, Limits); console counts the console's reads
 * (its pages and their JSON), which are people at work and pages following a running task: in the
 * keys' window, an integration's burst answered the analysts 429 and two analysts at once ran it out.
 */
export type RateClass = "create" | "other" | "console";

export const WINDOW_MS = 60_000;
/** console: about five analysts reading at the open API's pace, per account. */
export const RATE_LIMITS: Record<RateClass, number> = { create: 10, other: 120, console: 600 };

/** The quota policy names clients see in RateLimit-Policy and RateLimit, per class. */
export const POLICY_NAMES: Record<RateClass, string> = { other: "default", create: "create", console: "console" };

/** A class's window after a decision: what is left of it and when the next unit comes back. */
export interface WindowState {
  rateClass: RateClass;
  remaining: number;
  /** Whole seconds until the oldest counted request leaves the window (one more unit then). */
  resetSeconds: number;
}

export type Admission = { ok: true; window: WindowState } | { ok: false; retryAfterSeconds: number; window: WindowState };

/**
 * @param times admitted request times still inside the window, ascending
 * @returns admit (the caller then counts `now`), or how long (whole seconds, rounded up) until a slot frees
 */
export function decideAdmission(times: readonly number[], rateClass: RateClass, now: number): Admission {
  const limit = RATE_LIMITS[rateClass];
  const inWindow = times.filter((t) => t > now - WINDOW_MS);
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at + WINDOW_MS - now) / 1000));
  if (inWindow.length < limit) {
    const remaining = limit - inWindow.length - 1;
    return { ok: true, window: { rateClass, remaining, resetSeconds: secondsUntil(inWindow[0] ?? now) } };
  }
  const retryAfterSeconds = secondsUntil(inWindow[inWindow.length - limit] ?? now);
  return { ok: false, retryAfterSeconds, window: { rateClass, remaining: 0, resetSeconds: retryAfterSeconds } };
}

/**
 * RateLimit-Policy and RateLimit per draft-ietf-httpapi-ratelimit-headers-11 (§3, §4): Structured
 * Field lists of a policy name with q (quota) and w (window, seconds), and of the policy this request
 * counted in with r (available quota) and t (seconds within which no more than r may be used; in a
 * sliding log, until the oldest counted request leaves the window).
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/
 */
export const RATE_LIMIT_POLICY = (["other", "create"] as const)
  .map((k) => `"${POLICY_NAMES[k]}";q=${RATE_LIMITS[k]};w=${WINDOW_MS / 1000}`)
  .join(", ");

export function rateLimitField(window: WindowState): string {
  return `"${POLICY_NAMES[window.rateClass]}";r=${window.remaining};t=${window.resetSeconds}`;
}

/**
 * Leases of ordinary requests (durable-objects/rate-log.ts `lease`, worker/services/ordinary-leases.ts):
 * the AccountGate hands an isolate a few of the account's ordinary requests at once, so that most
 * reads count themselves without a Durable Object call. Exact over any rolling minute: a leased unit is
 * logged at the lease's end (grant + ORDINARY_LEASE_MS), never earlier than its use, and the isolate
 * stops using the lease ORDINARY_LEASE_MARGIN_MS before that end by its own clock (measured from before
 * it asked, so the trip there only shortens the lease). Returned with the next lease, the units used are
 * logged again at the time of that return (after every one of their uses) and the unused ones dropped.
 */
export const ORDINARY_LEASE_MS = 3_000;
export const ORDINARY_LEASE_MARGIN_MS = 500;
/** The most units one lease carries: what a busy client uses in about a lease's time. */
export const MAX_LEASE_UNITS = 20;

/** A lease's units used and its reservation, given back with the next ask. */
export interface ReturnedLease {
  /** The time the gate logged the lease's units at (its end, by the gate's clock). */
  reservedAt: number;
  granted: number;
  used: number;
}

export type LeaseAnswer =
  { ok: true; granted: number; reservedAt: number; window: WindowState } | { ok: false; retryAfterSeconds: number; window: WindowState };

/**
 * Units to grant: what was asked, never more than half of what is left (another isolate of the same
 * account finds some too), and at least one while any is left.
 */
export function leaseUnits(want: number, available: number): number {
  if (available <= 0) return 0;
  return Math.max(1, Math.min(Math.floor(want), MAX_LEASE_UNITS, Math.floor(available / 2)));
}
