/** @module What a pipeline step tells the consumer: done, or try again later. */
export type StepResult =
  | { kind: "done" }
  /** A failure: retried with this delay, counted against the queue's retry limit. */
  | { kind: "retry"; delaySeconds: number }
  /** No upstream slot free: not a failure, so the message is sent again instead of retried. */
  | { kind: "wait"; delaySeconds: number };

export const DONE: StepResult = { kind: "done" };

export function retryLater(delaySeconds: number): StepResult {
  return { kind: "retry", delaySeconds: Math.max(1, Math.min(300, Math.ceil(delaySeconds))) };
}

/** Exponential backoff with jitter for transient failures: ~2 s, 4 s, 8 s … capped at 60 s. */
export function backoff(attempt: number): StepResult {
  const base = Math.min(60, 2 ** Math.max(1, attempt));
  return retryLater(base / 2 + Math.random() * (base / 2));
}

export function waitForSlot(delaySeconds: number): StepResult {
  return { kind: "wait", delaySeconds: Math.max(1, Math.min(60, Math.ceil(delaySeconds))) };
}
