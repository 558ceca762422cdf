/**
 * @module Sign-in throttling (console-api.md, Session): after 5 failures for one email or 20 from one
 * address within 15 minutes, sign-in answers 429 until the oldest failure in the window leaves it.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_EMAIL = 5;
export const FAILURES_PER_ADDRESS = 20;

/** Seconds until one more attempt is allowed, or 0 when it is now. `failures` ascending, all inside the window. */
export function signInRetryAfter(failures: readonly number[], limit: number, now: number): number {
  if (failures.length < limit) return 0;
  const oldestThatMustLeave = failures[failures.length - limit]!;
  return Math.max(1, Math.ceil((oldestThatMustLeave + SIGN_IN_WINDOW_MS - now) / 1000));
}
