/**
 * @module What a pipeline step tells the consumer, as data: done (with the messages that come next),
 * or run me again later. The consumer (queues/consumer.ts) sends the next messages, then acks; it
 * turns both kinds of "later" into a queue retry of the same message.
 */
import type { FailureReason } from "../worker/db/schema";
import type { PipelineMessage } from "./messages";
import { backoffDelay, busyDelay, slotWaitDelay, transientDelay } from "./retry-policy";

export type StepOutcome =
  | { kind: "done"; next: PipelineMessage[] }
  /** A failure: retried after this delay, counted against the queue's retry limit; the reason is what the operator's status shows. */
  | { kind: "retry"; delaySeconds: number; reason: FailureReason }
  /**
   * No upstream slot free, or the upstream busy: not a failure, but retried the same way (the
   * queue's max_retries is sized for long waits; the dead-letter queue ends a task that never gets one).
   */
  | { kind: "wait"; delaySeconds: number };

export const DONE: StepOutcome = { kind: "done", next: [] };

export function doneThen(next: PipelineMessage[]): StepOutcome {
  return { kind: "done", next };
}

/** A transient failure on the `attempt`-th delivery, after the delay the other side asked for if any. */
export function retryTransient(reason: FailureReason, attempt: number, hintedSeconds?: number): StepOutcome {
  return { kind: "retry", delaySeconds: transientDelay(attempt, hintedSeconds), reason };
}

export function waitForSlot(suggestedSeconds: number): StepOutcome {
  return { kind: "wait", delaySeconds: slotWaitDelay(suggestedSeconds) };
}

export function waitWhileBusy(hintedSeconds?: number): StepOutcome {
  return { kind: "wait", delaySeconds: busyDelay(hintedSeconds) };
}

/** The account's data is being copied to another shard (directory state 'moving'): run again after backoff. */
export function waitWhileMoving(attempt: number): StepOutcome {
  return { kind: "wait", delaySeconds: backoffDelay(attempt) };
}
