/**
 * @module The one retry policy of the pipeline: how long a step waits before it runs again, whether
 * an upstream call, a download, an OCR read or a thrown step failed, and for how long at most.
 *
 * Failures are of two kinds. Permanent ones (a file not found or gone, a file whose bytes are not
 * the ones it claims, a certificate the registry refuses) are never retried: the step records the
 * document with its coverage issue at once. Passing ones (a 5xx, a timeout, a broken transfer, an OCR
 * service that is down) are retried with backoff from the message's first failure for at most
 * PASSING_FAULT_BOUND_S (worker/config.ts, 5 minutes by default), the last delay shortened to end
 * there; a step still failing then ends as the dead-letter queue would end it (queues/consumer.ts):
 * its document missing, its registration's attachments not indexed, its listing or check failed and
 * released. The queue's max_retries (wrangler.toml) stays the backstop for waits, which are no failure.
 */

/** A delay the upstream asked for is honoured up to this (a Retry-After of hours would stall the task). */
export const MAX_HINTED_DELAY_S = 300;
/** Exponential backoff stops growing here: ~2 s, 4 s, 8 s … 60 s. */
export const BACKOFF_CAP_S = 60;
/** A wait for an upstream slot is re-asked at least this often: slots free up within moments. */
export const MAX_SLOT_WAIT_S = 60;
/**
 * Before a step gives its slot wait back to the queue, it re-asks the pool this many times, this far
 * apart: when steps are short a slot frees up within moments, sooner than a round trip through the queue.
 */
export const SLOT_REASKS = 4;
export const SLOT_REASK_MS = 250;
/** A busy upstream that names no delay is asked again after this. */
export const BUSY_DELAY_S = 2;
/**
 * From this delivery on, an OCR service that still fails transiently is given up on for the file:
 * the registration is recorded with the file unread (a coverage issue) instead of spending the
 * queue's whole retry budget. The backoff before it: about 2 + 4 + 8 + 16 + 32 s.
 */
export const OCR_GIVE_UP_ATTEMPT = 6;

function clamp(seconds: number, max: number): number {
  return Math.max(1, Math.min(max, Math.ceil(seconds)));
}

/** Exponential backoff with jitter (half fixed, half random) for the `attempt`-th delivery. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_S, 2 ** Math.max(1, attempt));
  return clamp(base / 2 + random() * (base / 2), MAX_HINTED_DELAY_S);
}

/** A transient failure: the delay the other side asked for, else backoff. */
export function transientDelay(attempt: number, hintedSeconds?: number): number {
  return hintedSeconds ? hintedDelay(hintedSeconds) : backoffDelay(attempt);
}

/** A delay the other side asked for (Retry-After), within bounds. */
export function hintedDelay(seconds: number): number {
  return clamp(seconds, MAX_HINTED_DELAY_S);
}

/** A busy upstream: its delay, or BUSY_DELAY_S. */
export function busyDelay(hintedSeconds?: number): number {
  return hintedDelay(hintedSeconds ?? BUSY_DELAY_S);
}

/** The wait for an upstream slot the pool suggested. */
export function slotWaitDelay(seconds: number): number {
  return clamp(seconds, MAX_SLOT_WAIT_S);
}

/**
 * What is left of the bound on passing faults for a message failing since `failingSince` (ms): the
 * retry delay shortened to fit, or null when the bound is spent and the step ends with its coverage issue.
 */
export function boundedDelay(delaySeconds: number, failingSince: number, now: number, boundMs: number): number | null {
  const leftMs = failingSince + boundMs - now;
  if (leftMs <= 0) return null;
  return Math.max(1, Math.min(delaySeconds, Math.ceil(leftMs / 1000)));
}

/** Whether an OCR read that failed transiently on this delivery is given up on (see OCR_GIVE_UP_ATTEMPT). */
export function givesUpOnOcr(attempt: number): boolean {
  return attempt >= OCR_GIVE_UP_ATTEMPT;
}
