/**
 * @module The shared path of task creation (POST /queries, POST /checks): Idempotency-Key, body
 * fingerprint, and the one AccountGate call that admits, de-duplicates, reserves and writes.
 * Idempotency-Key semantics follow draft-ietf-httpapi-idempotency-key-header: same key and same
 * body → the first response again; same key, other body → 409. The fingerprint names the operation,
 * not the door's path: the console and the open API create the same tasks from the same body, share the
 * account's one idempotency space (open-api-v1.md, Idempotency rules 4) and so replay each other. The AccountGate keeps the accepted
 * body only as the idempotency record it replays; the route builds the response from the typed body
 * this module hands back.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { BoundStatement, CreationRequest } from "../../durable-objects/creation";
import { auditOutboxStatement } from "../db/audit";
import { ApiError, type ErrorCode } from "../errors";
import { auditEventOf, deliverAuditSoon } from "./audit-trail";
import { sha256Hex } from "../lib/crypto";
import { accountGate } from "../lib/gate";
import { rateLimited, recordWindow } from "../middleware/rate-limit";
import { accountMoving } from "./account-moving";

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

/** @typeParam T the public body of the accepted tasks (the route's 202 schema). */
export interface Submission<T> {
  /** The operation (its operationId), the same at every door that offers it. */
  operation: string;
  idempotencyKey: string;
  /** The validated request body (text already canonical): its fingerprint tells a retry from another intent under the same key. */
  body: unknown;
  refusal?: ErrorCode;
  reserve: CreationRequest["reserve"];
  statements: BoundStatement[];
  accepted: T;
  now: number;
}

/**
 * @returns the 202 body (this call's, or the one first accepted under the same key and body) and
 *   whether this call created the tasks (then the caller enqueues).
 */
export async function submitCreation<T>(c: Context<AppEnv>, s: Submission<T>): Promise<{ created: boolean; body: T }> {
  const principal = c.get("principal");
  // While the account's data is copied to another shard, no task is created (its pipeline would wait
  // anyway): 503, the spec's "retry the existing request later", nothing charged.
  if (principal.shard.state === "moving") throw accountMoving();
  c.set("creationAdmitted", true);
  const body = canonicalJson(s.body);
  const fingerprint = await sha256Hex(`${s.operation}\n${body}`);
  // Records written before fingerprints named the operation named the door's path; they live
  // IDEMPOTENCY_TTL_MS, and a retry across the deploy must still replay them.
  const formerFingerprint = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${body}`);
  const outcome = await accountGate(c.env, principal.accountId).create({
    accountId: principal.accountId,
    idempotencyKey: s.idempotencyKey,
    fingerprint,
    formerFingerprint,
    ...(s.refusal ? { refusal: s.refusal } : {}),
    reserve: s.reserve,
    statements: [...s.statements, ...creationEvents(c, s)],
    response: { status: 202, body: JSON.stringify(s.accepted) },
    now: s.now,
  });
  recordWindow(c, outcome.window);
  if (outcome.kind === "accepted") deliverAuditSoon(c, principal.accountId);
  switch (outcome.kind) {
    case "accepted":
      return { created: true, body: s.accepted };
    case "replay":
      // The record of the body accepted for this same method, path and body: the same route's T.
      return { created: false, body: JSON.parse(outcome.body) as T };
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
function creationEvents(c: Context<AppEnv>, s: Submission<unknown>): BoundStatement[] {
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
