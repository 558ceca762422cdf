/**
 * @module The accepting half of task creation, run inside the AccountGate one at a time per account:
 * check the allowance, reserve it, and write task rows + reservation in one D1 batch.
 */
import type { ErrorCode } from "../worker/errors";
import { pickBuckets, type AllowanceKind } from "../worker/domain/allowance";
import { loadEffectiveBuckets, reserveStatement } from "../worker/db/allowance";
import { writeTaskRows, type BoundStatement } from "../worker/db/bound-statement";

export type { BoundStatement };

export interface CreationRequest {
  accountId: string;
  idempotencyKey: string;
  /** SHA-256 of the operation and the canonical body: same key with another body is a conflict. */
  fingerprint: string;
  /** The fingerprint as it was computed before (method and the door's path): a stored record of either matches. */
  formerFingerprint?: string;
  /** Set by the worker when entitlement refuses the request (checked after replay, so replays pass). */
  refusal?: ErrorCode;
  /** Task ids to reserve one unit for, per allowance kind. */
  reserve: Partial<Record<AllowanceKind, string[]>>;
  /** The task rows, written in the same batch as the reservation. */
  statements: BoundStatement[];
  response: { status: number; body: string };
  now?: number;
}

export type CreationOutcome =
  | { kind: "accepted"; status: number; body: string }
  | { kind: "replay"; status: number; body: string }
  | { kind: "refused"; code: ErrorCode }
  | { kind: "conflict" }
  | { kind: "in_flight" }
  | { kind: "rate_limited"; retryAfterSeconds: number };

const INSUFFICIENT: Record<AllowanceKind, ErrorCode> = {
  query: "QUERY_ALLOWANCE_INSUFFICIENT",
  check: "CHECK_ALLOWANCE_INSUFFICIENT",
};

export async function runCreation(db: D1Database, request: CreationRequest, now: number): Promise<CreationOutcome> {
  if (request.refusal) return { kind: "refused", code: request.refusal };
  const buckets = await loadEffectiveBuckets(db, request.accountId, now);
  const reservations: D1PreparedStatement[] = [];
  // Checks first: a check that also needs a query reports the check shortfall as the governing one.
  for (const kind of ["check", "query"] as const) {
    const taskIds = request.reserve[kind] ?? [];
    if (taskIds.length === 0) continue;
    const picks = pickBuckets(buckets, kind, taskIds.length);
    if (!picks) return { kind: "refused", code: INSUFFICIENT[kind] };
    taskIds.forEach((taskId, i) => reservations.push(reserveStatement(db, { accountId: request.accountId, bucketId: picks[i]!, kind, taskId, now })));
  }
  await writeTaskRows(db, request.statements, reservations);
  return { kind: "accepted", status: request.response.status, body: request.response.body };
}
