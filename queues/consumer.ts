/**
 * @module The queue consumer: runs the step a message names and turns what it says into queue
 * operations. Done: its next messages are sent, then the message is acknowledged. Later (a
 * failure, or a wait for an upstream slot): the message is retried after the step's delay. A step
 * that throws is retried with the pipeline's backoff. A message that keeps failing is ended once the
 * bound on passing faults is spent (queues/retry-policy.ts), as the dead-letter queue would end it
 * (partial or failed) when its retries run out: no task is left running for hours.
 */
import { readConfig } from "../worker/config";
import type { FailureReason } from "../worker/db/schema";
import { resolveShard, shardOf } from "../worker/db/shards";
import { recordDeadLetter, recordStepFailure } from "../worker/db/step-failures";
import { record } from "../worker/observability/record";
import type { StepOutcomeName } from "../worker/observability/signals";
import { forEachBounded } from "./bounded";
import { abandonCheck } from "./check/fail";
import { checkStep } from "./check/match";
import { failedMessage, shardLabel } from "./failures";
import { enqueue, isPipelineMessage, type MoveMessage, type PipelineMessage } from "./messages";
import { abandonIndex } from "./indexing/abandon";
import { indexStep } from "./indexing/step";
import { abandonDocument, abandonListing } from "./query/abandon";
import { documentStep } from "./query/document";
import { listStep } from "./query/list";
import { abandonMove, moveStep } from "./move";
import { backoffDelay, boundedDelay } from "./retry-policy";
import { waitWhileMoving, type StepOutcome } from "./step";

export const DEAD_LETTER_QUEUE = "registry-pipeline-dlq";

/** A step of a task (query or check), run on its account's shard. */
type TaskMessage = Exclude<PipelineMessage, MoveMessage>;

/**
 * A step that has not settled by then is abandoned for this delivery and retried. A step that
 * never settles (a promise nobody resolves) would otherwise hold its batch, and with it the
 * whole queue, forever. Steps are idempotent, so the retry is safe even if the first run wakes.
 */
export const STEP_DEADLINE_MS = 90_000;

class StepDeadlineExceeded extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepDeadlineExceeded(`step did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/** A step's outcome and the shard it ran on (null: none resolved, e.g. the account is moving). */
interface Ran {
  outcome: StepOutcome;
  shard: number | null;
}

/**
 * The step (or its dead-letter ending) on the account's shard D1. While the account is being moved
 * to another shard (directory state 'moving'), no step touches either copy: it runs again later.
 */
async function onShard(env: Env, message: PipelineMessage, attempt: number, ending: boolean): Promise<Ran> {
  // The move itself is what the others wait for; it names both shards.
  if (message.type === "move") return { outcome: await (ending ? abandonMove(env, message) : moveStep(env, message)), shard: null };
  const account = await resolveShard(env, message.accountId);
  if (account.state === "moving") return { outcome: waitWhileMoving(attempt), shard: null };
  const shard = shardOf(env, account.index);
  return { outcome: await (ending ? abandon(env, shard, message) : runStep(env, shard, message, attempt)), shard: account.index };
}

function runStep(env: Env, shard: D1Database, message: TaskMessage, attempt: number): Promise<StepOutcome> {
  switch (message.type) {
    case "list":
      return listStep(env, shard, message, attempt);
    case "document":
      return documentStep(env, shard, message, attempt);
    case "index":
      return indexStep(env, shard, message, attempt);
    case "check":
      return checkStep(env, shard, message);
  }
}

function abandon(env: Env, shard: D1Database, message: TaskMessage): Promise<StepOutcome> {
  switch (message.type) {
    case "list":
      return abandonListing(env, shard, message);
    case "document":
      return abandonDocument(env, shard, message);
    case "index":
      return abandonIndex(env, shard, message);
    case "check":
      return abandonCheck(env, message);
  }
}

/** What became of one delivery, as the step signal says it. */
type Delivery = { outcome: Exclude<StepOutcomeName, "threw" | "deadline">; shard: number | null } | { outcome: "threw" | "deadline"; shard: null };

/** How a delivery is run: its step; the ending the dead-letter queue gives it; the same ending, given up sooner (the bound on passing faults). */
type Running = "step" | "dead_letter" | "give_up";

async function handleMessage(env: Env, message: Message<unknown>, deadLetter: boolean): Promise<void> {
  const body = message.body;
  if (!isPipelineMessage(body)) return message.ack();
  const started = Date.now();
  const delivery = await deliver(env, message, body, deadLetter ? "dead_letter" : "step");
  const { taskId } = failedMessage(body);
  record(
    env,
    "step",
    {
      step: body.type,
      outcome: delivery.outcome,
      shard: shardLabel(body, delivery.shard),
      duration_ms: Date.now() - started,
      attempt: message.attempts,
    },
    { messageId: message.id, taskId },
  );
}

async function deliver(env: Env, message: Message<unknown>, body: PipelineMessage, running: Running): Promise<Delivery> {
  const ending = running !== "step";
  try {
    // The dead letter is on record before the task is ended: the status shows it even if ending it keeps failing.
    const deadLettered = ending ? await recordDeadLetter(env.DB, failedMessage(body), message.attempts, Date.now()) : null;
    const { outcome, shard } = await withDeadline(onShard(env, body, message.attempts, ending), STEP_DEADLINE_MS);
    if (outcome.kind === "done") {
      await enqueue(env, outcome.next);
      message.ack();
      if (deadLettered)
        record(
          env,
          "dead_letter",
          { step: body.type, reason: deadLettered.reason, attempts: deadLettered.attempts },
          { messageId: message.id, taskId: deadLettered.taskId },
        );
      return { outcome: running === "give_up" ? "gave_up" : deadLettered ? "dead_lettered" : "done", shard };
    }
    if (outcome.kind === "wait") {
      message.retry({ delaySeconds: outcome.delaySeconds });
      return { outcome: "wait", shard };
    }
    const delay = await boundedRetry(env, body, outcome.reason, message.attempts, outcome.delaySeconds, ending);
    if (delay === null) return deliver(env, message, body, "give_up");
    message.retry({ delaySeconds: delay });
    return { outcome: "retry", shard };
  } catch (error) {
    // A thrown step (a storage hiccup, a failed send, a bug) is retried with backoff within the bound, then ended.
    const deadline = error instanceof StepDeadlineExceeded;
    console.error("pipeline step failed", body.type, error);
    const delay = await boundedRetry(env, body, deadline ? "step_deadline" : "step_threw", message.attempts, backoffDelay(message.attempts), ending);
    if (delay === null) return deliver(env, message, body, "give_up");
    message.retry({ delaySeconds: delay });
    return { outcome: deadline ? "deadline" : "threw", shard: null };
  }
}

/**
 * Records the failure and says when to try again: the delay, shortened to what is left of the bound on
 * passing faults (queues/retry-policy.ts), or null when the bound is spent and the step is to be ended.
 * An ending that itself fails is retried with its delay (the dead-letter queue's own retries bound it).
 */
async function boundedRetry(
  env: Env,
  message: PipelineMessage,
  reason: FailureReason,
  attempt: number,
  delaySeconds: number,
  ending: boolean,
): Promise<number | null> {
  const boundMs = readConfig(env).passingFaultBoundMs;
  const now = Date.now();
  try {
    const failingSince = await recordStepFailure(env.DB, failedMessage(message), reason, attempt, now, boundMs);
    return ending ? delaySeconds : boundedDelay(delaySeconds, failingSince, now, boundMs);
  } catch (error) {
    // The failure goes on the message's record for the operator's status; a record that cannot be written changes nothing else.
    console.error("a step failure could not be recorded", message.type, error);
    return delaySeconds;
  }
}

/**
 * Messages of a batch run side by side (their time is mostly upstream and storage I/O), as many at
 * once as the upstream pool has slots: a document step past that only re-asks the pool for a slot
 * while holding its memory (a PDF and its extraction).
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetter = batch.queue === DEAD_LETTER_QUEUE;
  await forEachBounded(batch.messages, readConfig(env).upstreamSlots, (message) => handleMessage(env, message, deadLetter));
}
