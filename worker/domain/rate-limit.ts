/**
 * @module Sliding-log rate limiting (exact over any rolling minute, unlike a fixed window that lets
 * 2× through at a boundary). Pure: the AccountGate keeps the log.
 */

export type RateClass = "create" | "other";

export const WINDOW_MS = 60_000;
export const RATE_LIMITS: Record<RateClass, number> = { create: 10, other: 120 };

/**
 * @param times admitted request times still inside the window, ascending
 * @returns admit, or how long (whole seconds, rounded up) until the oldest leaves the window
 */
export function decideAdmission(
  times: readonly number[],
  limit: number,
  now: number,
): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const inWindow = times.filter((t) => t > now - WINDOW_MS);
  if (inWindow.length < limit) return { ok: true };
  const freesAt = (inWindow[inWindow.length - limit] ?? now) + WINDOW_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
}
