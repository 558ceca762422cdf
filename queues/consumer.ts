/**
 * @module The queue consumers. The pipeline queue runs steps and retries them with backoff; a
 * message that exhausts its retries lands in the dead-letter queue, whose consumer finishes the
 * task (partial or failed) instead of leaving it running forever.
 */
import type { PipelineMessage } from "./messages";
import { listStep } from "./list-step";
import { documentStep } from "./document-step";
import { checkStep, abandonCheck } from "./check-step";
import { abandonDocument, abandonListing } from "./abandon";
import type { StepResult } from "./step";

export const DEAD_LETTER_QUEUE = "registry-pipeline-dlq";

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

async function runStep(env: Env, message: PipelineMessage, attempt: number): Promise<StepResult> {
  switch (message.type) {
    case "list":
      return listStep(env, message.queryId, attempt);
    case "document":
      return documentStep(env, message.queryId, message.registrationId, attempt);
    case "check":
      return checkStep(env, message.checkId, attempt, message.offset ?? 0);
  }
}

async function abandon(env: Env, message: PipelineMessage): Promise<void> {
  switch (message.type) {
    case "list":
      return abandonListing(env, message.queryId);
    case "document":
      return abandonDocument(env, message.queryId, message.registrationId);
    case "check":
      return abandonCheck(env, message.checkId);
  }
}

function isPipelineMessage(body: unknown): body is PipelineMessage {
  if (!body || typeof body !== "object") return false;
  const type = (body as { type?: unknown }).type;
  return type === "list" || type === "document" || type === "check";
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE;
  // Messages of a batch run side by side: their time is mostly upstream and storage I/O.
  await Promise.all(
    batch.messages.map(async (message) => {
      if (!isPipelineMessage(message.body)) return message.ack();
      try {
        if (deadLetters) {
          await abandon(env, message.body);
          return message.ack();
        }
        const result = await withDeadline(runStep(env, message.body, message.attempts), STEP_DEADLINE_MS);
        if (result.kind === "done") message.ack();
        // Waiting for a slot is retried too (max_retries is sized for long waits).
        else message.retry({ delaySeconds: result.delaySeconds });
      } catch (error) {
        // A thrown step (a storage hiccup, a bug) is retried with backoff, then dead-lettered.
        console.error("pipeline step failed", message.body.type, error);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      }
    }),
  );
}
