/**
 * @module An operator's hand re-drive of a query or check (POST /api/admin/v1/tasks/{id}/redrive,
 * docs/operations.md). A task the dead-letter queue ended is put back where its dead-lettered
 * messages left it (worker/db/redrive.ts) and its pending messages are sent; a task still open (stuck)
 * only gets its pending messages again, as the sweep would send them. Idempotent: every step is, and a
 * second call finds the dead letters taken up (an open task is resent, a finished one left alone).
 * Charged nothing twice: the allowance ledger is not touched, and a settle or release already
 * recorded for the task is its one outcome. The re-drive's audit event goes in the batch of its writes.
 */
import { enqueue, type PipelineMessage } from "../../queues/messages";
import { documentMessages } from "../../queues/query/document-messages";
import { registrationOfKey } from "../../queues/failures";
import { runBatch, type Write } from "../db/batch";
import { loadCheck, touchChecks } from "../db/checks";
import { loadQuery, touchQueries } from "../db/queries";
import { recountQuery, reopenCheck, reopenQuery, unmarkMissing } from "../db/redrive";
import { tallyDocuments } from "../db/registrations";
import { resolveShard, shardOf } from "../db/shards";
import { markRedriven, pendingDeadLetters } from "../db/step-failures";
import type { StepFailureRecord } from "../db/schema";
import { appendToAuditOutbox, OPERATOR, type AuditEvent } from "./audit-trail";
import type { AuditEventInput } from "../domain/audit";
import type { Redrive } from "../schemas/admin-operations";

export type RedriveOutcome =
  | { kind: "redriven"; redrive: Redrive; accountId: string }
  | { kind: "not_found" }
  /** The account's data is being copied to another shard: nothing may touch its rows until the move ends. */
  | { kind: "moving" };

/** Builds the audit event of the re-drive (from the request: its id, address, user agent). */
export type AuditOf = (input: AuditEventInput) => AuditEvent;

export async function redriveTask(env: Env, id: string, auditOf: AuditOf, now: number = Date.now()): Promise<RedriveOutcome> {
  if (id.startsWith("qry_")) return redriveQuery(env, id, auditOf, now);
  if (id.startsWith("chk_")) return redriveCheck(env, id, auditOf, now);
  return { kind: "not_found" };
}

async function redriveQuery(env: Env, id: string, auditOf: AuditOf, now: number): Promise<RedriveOutcome> {
  const query = await loadQuery(env.DB, id);
  if (!query) return { kind: "not_found" };
  const account = await resolveShard(env, query.accountId, now);
  if (account.state === "moving") return { kind: "moving" };
  const shard = shardOf(env, account.index);
  // A dead-lettered index message (a registration's attachments for the checks) is shown in the status, not re-driven here.
  const dead = (await pendingDeadLetters(env.DB, id)).filter((d) => d.step === "list" || d.step === "document");
  const finished = query.completedAt !== null;
  if (finished && dead.length === 0) return unchanged("query", query.id, query.accountId, query.status);

  const missing = dead.map((d) => registrationOfKey(d.messageKey)).filter((r) => r !== null);
  if (missing.length > 0) await runBatch(shard, [unmarkMissing(shard, missing, now)]);
  const processed = query.listed ? (await tallyDocuments(shard, id)).processed : 0;
  const action = finished ? "reopened" : "resent";
  const write: Write = finished
    ? reopenQuery(env.DB, id, query.listed, processed, now)
    : missing.length > 0
      ? recountQuery(env.DB, id, processed, now)
      : touchQueries(env.DB, [id], now);
  const messages: PipelineMessage[] = query.listed
    ? await documentMessages(shard, query)
    : [{ type: "list", accountId: query.accountId, queryId: id }];
  return commit(env, { kind: "query", id, accountId: query.accountId, action, write, dead, messages, auditOf, now });
}

async function redriveCheck(env: Env, id: string, auditOf: AuditOf, now: number): Promise<RedriveOutcome> {
  const check = await loadCheck(env.DB, id);
  if (!check) return { kind: "not_found" };
  const account = await resolveShard(env, check.accountId, now);
  if (account.state === "moving") return { kind: "moving" };
  const dead = await pendingDeadLetters(env.DB, id);
  const finished = check.processingCompletedAt !== null;
  // A check the dead-letter queue ended is failed; one that finished otherwise since is left as it is.
  if (finished && (dead.length === 0 || check.status !== "failed")) return unchanged("check", check.id, check.accountId, check.status);
  const action = finished ? "reopened" : "resent";
  const write = finished ? reopenCheck(env.DB, id, now) : touchChecks(env.DB, [id], now);
  const messages: PipelineMessage[] = [{ type: "check", accountId: check.accountId, checkId: id }];
  return commit(env, { kind: "check", id, accountId: check.accountId, action, write, dead, messages, auditOf, now });
}

interface Plan {
  kind: "query" | "check";
  id: string;
  accountId: string;
  action: "resent" | "reopened";
  write: Write;
  dead: readonly StepFailureRecord[];
  messages: PipelineMessage[];
  auditOf: AuditOf;
  now: number;
}

/** The task's writes, its dead letters marked and the audit event in one batch; then its messages. */
async function commit(env: Env, plan: Plan): Promise<RedriveOutcome> {
  const event = plan.auditOf({
    accountId: plan.accountId,
    kind: "operator.redrive",
    actor: OPERATOR,
    target: { type: plan.kind, id: plan.id },
    detail: { action: plan.action, messages: plan.messages.length, deadLettered: plan.dead.map((d) => ({ step: d.step, reason: d.reason })) },
  });
  await runBatch(env.DB, [
    plan.write,
    markRedriven(
      env.DB,
      plan.dead.map((d) => d.messageKey),
      plan.now,
    ),
    appendToAuditOutbox(env.DB, event),
  ]);
  // Sent after the writes: if the send fails, the task is open and untouched from now, and the sweep re-drives it.
  await enqueue(env, plan.messages);
  const status = plan.kind === "query" ? (await loadQuery(env.DB, plan.id))?.status : (await loadCheck(env.DB, plan.id))?.status;
  return {
    kind: "redriven",
    accountId: plan.accountId,
    redrive: { id: plan.id, kind: plan.kind, action: plan.action, status: status ?? "deleted", messages: plan.messages.length },
  };
}

function unchanged(kind: "query" | "check", id: string, accountId: string, status: string): RedriveOutcome {
  return { kind: "redriven", accountId, redrive: { id, kind, action: "none", status, messages: 0 } };
}
