/**
 * @module The shared path of task creation (POST /queries, POST /checks): Idempotency-Key, body
 * fingerprint, and the one AccountGate call that admits, de-duplicates, reserves and writes.
 * Idempotency-Key semantics follow draft-ietf-httpapi-idempotency-key-header: same key and same
 * body → the first response again; same key, other body → 409.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import type { BoundStatement, CreationRequest } from "../../../durable-objects/creation";
import { ApiError, type ErrorCode } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { auditOutboxStatement } from "../../db/audit";
import { auditEventOf, deliverAuditSoon } from "../../lib/audit-trail";
import { accountGate } from "../../lib/gate";
import { rateLimited, recordWindow } from "../../middleware/rate-limit";
import { renderError } from "../../middleware/render-error";

/** Key order does not change the intent: {"a":1,"b":2} and {"b":2,"a":1} are one body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * A creation request refused before it reached the AccountGate (bad body, bad subject, unknown
 * source query) still counts in the creation window; over the limit, the answer becomes the 429.
 */
export const countRefusedCreation = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.get("creationAdmitted") || !c.get("principal")) return;
  const admission = await accountGate(c.env, c.get("principal").accountId).admit("create");
  recordWindow(c, admission.window);
  if (!admission.ok) c.res = renderError(c, rateLimited(admission.retryAfterSeconds));
});

export interface Submission {
  idempotencyKey: string;
  body: unknown;
  refusal?: ErrorCode;
  reserve: CreationRequest["reserve"];
  statements: BoundStatement[];
  response: unknown;
  now: number;
}

/**
 * How long a client is told to wait while its account's data moves to another shard: a move is about
 * a minute of queue work for 10,000 registrations (docs/capacity.md section 3).
 */
export const MOVING_RETRY_AFTER_S = 60;

/** The refusal of a write to an account whose data is moving to another shard: retry later, nothing done. */
export function accountMoving(): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", { headers: { "Retry-After": String(MOVING_RETRY_AFTER_S) } });
}

/** @returns the response to send and whether this call created the tasks (then the caller enqueues). */
export async function submitCreation(c: Context<AppEnv>, s: Submission): Promise<{ created: boolean; response: Response }> {
  const principal = c.get("principal");
  // While the account's data is copied to another shard, no task is created (its pipeline would wait
  // anyway): 503, the spec's "retry the existing request later", nothing charged.
  if (principal.shard.state === "moving") throw accountMoving();
  c.set("creationAdmitted", true);
  const fingerprint = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${canonicalJson(s.body)}`);
  const outcome = await accountGate(c.env, principal.accountId).create({
    accountId: principal.accountId,
    idempotencyKey: s.idempotencyKey,
    fingerprint,
    ...(s.refusal ? { refusal: s.refusal } : {}),
    reserve: s.reserve,
    statements: [...s.statements, ...creationEvents(c, s)],
    response: { status: 202, body: JSON.stringify(s.response) },
    now: s.now,
  });
  recordWindow(c, outcome.window);
  if (outcome.kind === "accepted") deliverAuditSoon(c, principal.accountId);
  switch (outcome.kind) {
    case "accepted":
    case "replay":
      return {
        created: outcome.kind === "accepted",
        response: new Response(outcome.body, { status: outcome.status, headers: { "Content-Type": "application/json" } }),
      };
    case "rate_limited":
      throw rateLimited(outcome.retryAfterSeconds);
    case "conflict":
      throw new ApiError("IDEMPOTENCY_CONFLICT");
    case "in_flight":
      throw new ApiError("IDEMPOTENCY_IN_FLIGHT", { headers: { "Retry-After": "1" } });
    case "refused":
      throw new ApiError(outcome.code);
  }
}

/**
 * One audit event per created task (every task reserves its allowance, so `reserve` names them all),
 * written to the outbox in the batch that writes the task rows: no task without its event.
 */
function creationEvents(c: Context<AppEnv>, s: Submission): BoundStatement[] {
  const { accountId, actor } = c.get("principal");
  const tasks = [
    ...(s.reserve.query ?? []).map((id) => ({ kind: "query.created" as const, target: { type: "query", id } })),
    ...(s.reserve.check ?? []).map((id) => ({ kind: "check.created" as const, target: { type: "check", id } })),
  ];
  return tasks.map((task) => auditOutboxStatement(c.env.DB, auditEventOf(c, { accountId, actor, ...task }, s.now)));
}

/** The entitlement refusal for a new task, if any (evaluated after replay inside the gate). */
export function entitlementRefusal(c: Context<AppEnv>, needsCheck: boolean): ErrorCode | undefined {
  const subscription = c.get("principal").subscription;
  if (!subscription || !subscription.plan.apiEnabled) return "SUBSCRIPTION_REQUIRED";
  if (needsCheck && !subscription.plan.checkEnabled) return "CHECK_PLAN_REQUIRED";
  return undefined;
}
