/**
 * @module Driving the pipeline by hand in tests: batches built with createMessageBatch and handed to
 * the Worker's own queue handler (the main queue or the dead-letter queue), and queries accepted
 * through the real AccountGate (allowance reserved) without their first message, so the test decides
 * what the consumer sees.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../worker/index";
import { insertQueryStatement, newQueryRecord } from "../worker/db/account-queries";
import { newId } from "../worker/lib/ids";
import { accountGate } from "../worker/lib/gate";
import type { PipelineMessage } from "../queues/messages";
import { upstreamPool } from "../durable-objects/upstream-pool";
import { idempotencyKey, ledgerOf } from "./helpers";

export const PIPELINE_QUEUE = "registry-pipeline";
let messageCounter = 0;

/** Delivers the bodies as one batch to the Worker's queue handler and returns the ack/retry state. */
export async function deliver(queue: string, bodies: PipelineMessage[], attempts = 1) {
  const batch = createMessageBatch<PipelineMessage>(
    queue,
    bodies.map((b) => ({ id: `msg-${++messageCounter}`, timestamp: new Date(), attempts, body: b })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env);
  const result = await getQueueResult(batch, ctx);
  return { ids: batch.messages.map((m) => m.id), result };
}

/** POST /queries without the enqueue: the same gate call (rows + reservation), no first message. */
export async function acceptWithoutMessage(accountId: string, subject: string): Promise<string> {
  const row = newQueryRecord(newId("qry"), accountId, subject, Date.now());
  const outcome = await accountGate(env, accountId).create({
    accountId,
    idempotencyKey: idempotencyKey(),
    fingerprint: row.id,
    reserve: { query: [row.id] },
    statements: [insertQueryStatement(env.DB, row)],
    response: { status: 202, body: "{}" },
  });
  expect(outcome.kind).toBe("accepted");
  expect(await ledgerOf(row.id)).toEqual(["reserve"]);
  return row.id;
}

/**
 * Waits until no upstream slot has been held for a while: no step of the real consumer is still
 * fetching or extracting. The handler called from a test runs in the test's context, and workerd
 * refuses I/O that crosses from it into a concurrently running queue event of the same isolate, so
 * direct deliveries that do work are kept apart from the real consumer's.
 */
export async function quiesce(): Promise<void> {
  const pool = upstreamPool(env);
  let idle = 0;
  const until = Date.now() + 20_000;
  while (idle < 5 && Date.now() < until) {
    idle = (await pool.usage()).held === 0 ? idle + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}
