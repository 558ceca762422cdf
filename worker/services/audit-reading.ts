/**
 * @module Reading an account's audit trail (console and management API): first the account's waiting
 * outbox events are delivered, so a reader sees every change already answered; then a page, newest first.
 */
import { deliverAuditOutbox, readAuditEvents, type AuditFilter } from "../db/audit";
import type { AuditEventRecord } from "../db/schema";
import { resolveShard, shardOf } from "../db/shards";
import { validationError } from "../errors";
import { parseIsoWithOffset } from "../lib/time";

export interface AuditRequest {
  kind?: string;
  actor?: string;
  from?: string;
  to?: string;
  page?: string;
  pageSize?: string;
}

/** A date alone is that day from 00:00 Beijing time (+08:00), the time zone the API writes. */
function instant(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseIsoWithOffset(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+08:00` : value);
  if (parsed === null)
    throw validationError([{ path: field, code: "INVALID_FORMAT", message: "Must be a date or an ISO 8601 timestamp with an offset." }]);
  return parsed;
}

export function auditFilter(request: AuditRequest): AuditFilter {
  return {
    ...(request.kind ? { kind: request.kind } : {}),
    ...(request.actor ? { actor: request.actor } : {}),
    ...(request.from ? { from: instant(request.from, "from") } : {}),
    ...(request.to ? { to: instant(request.to, "to") } : {}),
  };
}

export async function readAuditPage(
  env: Env,
  accountId: string,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEventRecord[]; total: number }> {
  await deliverAuditOutbox(env, accountId);
  const shard = shardOf(env, (await resolveShard(env, accountId)).index);
  return readAuditEvents(shard, accountId, filter, { offset: (page - 1) * pageSize, limit: pageSize });
}
