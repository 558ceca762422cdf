/**
 * @module Pipeline messages (one queue, a discriminated union) and sending them in batches. Every
 * message names its task's account, so the consumer finds the account's shard D1 without a lookup
 * per message (worker/db/shards.ts caches the directory per isolate).
 */

interface AccountMessage {
  /** The task's account: its shard holds the registrations, documents and results the step touches. */
  accountId: string;
}

/** List a query's registrations (takes an upstream slot; settles or releases the allowance). */
export interface ListMessage extends AccountMessage {
  type: "list";
  queryId: string;
}

/** Fetch, read and parse one registration's certificate and attachments; count progress; the last one finishes the query. */
export interface DocumentMessage extends AccountMessage {
  type: "document";
  queryId: string;
  registrationId: string;
}

/**
 * Read one registration's attachments (text layer or OCR) for the checks of its query: asked for by
 * the query's first check (queues/indexing/request.ts); the last one wakes the checks waiting on it.
 */
export interface IndexMessage extends AccountMessage {
  type: "index";
  queryId: string;
  registrationId: string;
}

/** Match a slice of a check's source registrations (from `offset`); the last slice finishes the check. */
export interface CheckMessage extends AccountMessage {
  type: "check";
  checkId: string;
  offset?: number;
}

/**
 * One chunk of moving an account to another shard (queues/move.ts): copy `table` (an index into
 * worker/db/account-move.ts MOVED_TABLES) after id `after`; then compare and flip; then delete the source.
 */
export interface MoveMessage extends AccountMessage {
  type: "move";
  from: number;
  to: number;
  phase: "copy" | "delete";
  table: number;
  after: string;
  /** Delete phase: not before this time (ms), when no isolate's cache still names the source shard. */
  notBefore?: number;
}

export type PipelineMessage = ListMessage | DocumentMessage | IndexMessage | CheckMessage | MoveMessage;

const TYPES: ReadonlySet<string> = new Set<PipelineMessage["type"]>(["list", "document", "index", "check", "move"]);

/** A body this code can run (anything else on the queue is acknowledged and dropped). */
export function isPipelineMessage(body: unknown): body is PipelineMessage {
  if (!body || typeof body !== "object" || !("type" in body) || !("accountId" in body)) return false;
  return typeof body.type === "string" && TYPES.has(body.type) && typeof body.accountId === "string";
}

/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH = 100;

export async function enqueue(env: Env, messages: PipelineMessage[], delaySeconds?: number): Promise<void> {
  for (let i = 0; i < messages.length; i += SEND_BATCH) {
    await env.PIPELINE.sendBatch(
      messages.slice(i, i + SEND_BATCH).map((body) => ({ body, contentType: "json" as const, ...(delaySeconds ? { delaySeconds } : {}) })),
    );
  }
}
