/** @module Pipeline messages (one queue, a discriminated union) and sending them in batches. */

export type PipelineMessage =
  /** List a query's registrations (takes an upstream slot; settles or releases the allowance). */
  | { type: "list"; queryId: string }
  /** Fetch, store and parse one registration's certificate and attachments; count progress. */
  | { type: "document"; queryId: string; registrationId: string }
  /** Match a check's criteria over its source query's documents. */
  | { type: "check"; checkId: string; offset?: number };

/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH = 100;

export async function enqueue(env: Env, messages: PipelineMessage[], delaySeconds?: number): Promise<void> {
  for (let i = 0; i < messages.length; i += SEND_BATCH) {
    await env.PIPELINE.sendBatch(
      messages.slice(i, i + SEND_BATCH).map((body) => ({ body, contentType: "json" as const, ...(delaySeconds ? { delaySeconds } : {}) })),
    );
  }
}
