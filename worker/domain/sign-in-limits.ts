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

/**
 * Step-up (worker/console/auth/step-up.ts): failed proofs in one session before that session is ended
 * (a stolen cookie gets this many guesses of the password, then must sign in, which it cannot), and
 * failed proofs of one user, from all of their sessions, before every step-up of the user answers 429
 * for the rest of the window (the user's sign-in and their other work are not slowed).
 */
export const STEP_UP_FAILURES_PER_SESSION = 5;
export const STEP_UP_FAILURES_PER_USER = 10;
