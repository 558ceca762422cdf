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

async function runStep(env: Env, message: PipelineMessage, attempt: number): Promise<StepResult> {
  switch (message.type) {
    case "list":
      return listStep(env, message.queryId, attempt);
    case "document":
      return documentStep(env, message.queryId, message.registrationId, attempt);
    case "check":
      return checkStep(env, message.checkId, attempt);
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
        const result = await runStep(env, message.body, message.attempts);
        if (result.kind === "done") message.ack();
        // Waiting for a slot is retried too: re-sending from inside the consumer stalled local queues
        // under load, so the retry budget (max_retries) is sized for long waits instead.
        else message.retry({ delaySeconds: result.delaySeconds });
      } catch (error) {
        // A thrown step (a storage hiccup, a bug) is retried with backoff, then dead-lettered.
        console.error("pipeline step failed", message.body.type, error);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      }
    }),
  );
}
