/**
 * @module Waiting for tasks by polling (open-api-v1.md, Events): start at 3 s, back off gradually
 * to 30 s, stop at a terminal executionStatus or at the caller's overall deadline. A task that
 * waits for resources keeps being polled under the same id; nothing is ever re-created.
 */
import { PollDeadlineError } from "./errors.ts";
import type { Sleep } from "./http.ts";

export interface PollOptions {
  /** First wait. Default 3000 ms. */
  initialIntervalMs?: number;
  /** Longest wait. Default 30000 ms. */
  maxIntervalMs?: number;
  /** Growth of the wait per round. Default 1.5. */
  backoff?: number;
  /** Overall deadline, from the start of waiting. Default 30 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface PollClock {
  sleep: Sleep;
  now: () => number;
}

export const POLL_DEFAULTS = { initialIntervalMs: 3000, maxIntervalMs: 30_000, backoff: 1.5, timeoutMs: 30 * 60_000 } as const;

/** The waits between rounds: initial, initial·b, initial·b², … capped at max. */
export function* pollIntervals(options: PollOptions = {}): Generator<number, never> {
  const max = options.maxIntervalMs ?? POLL_DEFAULTS.maxIntervalMs;
  const backoff = options.backoff ?? POLL_DEFAULTS.backoff;
  let wait = Math.min(options.initialIntervalMs ?? POLL_DEFAULTS.initialIntervalMs, max);
  for (;;) {
    yield Math.round(wait);
    wait = Math.min(max, wait * backoff);
  }
}

/**
 * Reads the tasks in rounds until none is pending. `round` reads the given pending ids and returns
 * the ones still running; the first round runs at once.
 * @throws PollDeadlineError with the ids still running when the deadline passes
 */
export async function pollRounds(
  ids: readonly string[],
  round: (pending: string[]) => Promise<string[]>,
  options: PollOptions,
  clock: PollClock,
): Promise<void> {
  const deadline = clock.now() + (options.timeoutMs ?? POLL_DEFAULTS.timeoutMs);
  const waits = pollIntervals(options);
  let pending = [...ids];
  for (;;) {
    pending = await round(pending);
    if (pending.length === 0) return;
    const wait = waits.next().value;
    const left = deadline - clock.now();
    if (left <= 0) throw new PollDeadlineError(`still running at the deadline: ${pending.join(", ")}`, pending);
    await clock.sleep(Math.min(wait, left), options.signal);
  }
}
