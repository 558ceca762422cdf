/**
 * @module Recording audit events from a request (console-api.md, Audit trail). How a change records
 * its event: build it with auditEventOf(c, …), put appendToAuditOutbox(c.env.DB, event) (a shared-D1
 * change) or appendAuditEvent(shard, event) (a shard change) into the change's own batch, and, for the
 * outbox, call deliverAuditSoon(c, accountId) after the batch. An event that records no change (a
 * download, a failed sign-in) is written alone with recordAuditEvent. The sweep delivers whatever a
 * request's delivery did not (queues/sweep.ts).
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { appendToAuditOutbox, deliverAuditOutbox } from "../db/audit";
import { runBatch } from "../db/batch";
import { newAuditEvent, type AuditEvent, type AuditEventInput, type RequestOrigin } from "../domain/audit";

export { appendAuditEvent, appendToAuditOutbox } from "../db/audit";
export { OPERATOR, type AuditActor, type AuditEvent, type AuditKind } from "../domain/audit";

/** The request's id, client address (Cloudflare's CF-Connecting-IP) and user agent. */
export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  return {
    requestId: c.get("requestId"),
    ip: c.req.header("CF-Connecting-IP") ?? null,
    userAgent: c.req.header("User-Agent") ?? null,
  };
}

/** An event of this request, now. */
export function auditEventOf(c: Context<AppEnv>, input: AuditEventInput, now: number = Date.now()): AuditEvent {
  return newAuditEvent(input, requestOrigin(c), now);
}

/** Moves the account's outbox events to its shard after the response; a failure leaves them for the sweep. */
export function deliverAuditSoon(c: Context<AppEnv>, accountId: string): void {
  const delivery = deliverAuditOutbox(c.env, accountId).catch((error: unknown) => {
    console.error("audit outbox delivery failed; the sweep retries", error);
  });
  c.executionCtx.waitUntil(delivery);
}

/** Writes an event that goes with no other write (a download, a failed sign-in), then delivers it. */
export async function recordAuditEvent(c: Context<AppEnv>, input: AuditEventInput): Promise<void> {
  await runBatch(c.env.DB, [appendToAuditOutbox(c.env.DB, auditEventOf(c, input))]);
  deliverAuditSoon(c, input.accountId);
}
