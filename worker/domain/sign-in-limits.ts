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

/**
 * One email from many addresses (a distributed guesser, whom the per-address limits never slow): the
 * email's failures from everywhere within EMAIL_WIDE_WINDOW_MS pace every address that tries it. Below
 * EMAIL_WIDE_FREE_FAILURES nothing is paced; from there an address may try the email once per
 * emailWidePace(failures): 15 seconds, doubling with every further 10 failures, at most 15 minutes. No
 * address ever waits longer than that, and an address that has not tried the email lately tries at
 * once: the owner is slowed, never locked out; a correct password with a correct second factor passes
 * the pacing and ends it (worker/console/auth/console-sign-in.ts).
 */
export const EMAIL_WIDE_WINDOW_MS = 60 * 60_000;
export const EMAIL_WIDE_FREE_FAILURES = 10;
const EMAIL_WIDE_FIRST_PACE_MS = 15_000;
const EMAIL_WIDE_FAILURES_PER_DOUBLING = 10;
export const EMAIL_WIDE_MAX_PACE_MS = 15 * 60_000;

/** Milliseconds an address waits between its attempts at an email that has failed `failures` times lately. */
export function emailWidePace(failures: number): number {
  if (failures < EMAIL_WIDE_FREE_FAILURES) return 0;
  const doublings = Math.floor((failures - EMAIL_WIDE_FREE_FAILURES) / EMAIL_WIDE_FAILURES_PER_DOUBLING);
  return Math.min(EMAIL_WIDE_MAX_PACE_MS, EMAIL_WIDE_FIRST_PACE_MS * 2 ** Math.min(doublings, 30));
}
