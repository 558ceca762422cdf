/**
 * @module The audit trail's rows (console-api.md, Audit trail). An event is written in the batch of
 * the change it records: into the account's shard (audit_events) when the change is there too, into
 * the shared D1's audit_outbox when the change is a shared-D1 row (keys, users, sessions, tasks).
 * deliverAuditOutbox moves outbox events to their shard exactly once: insert-or-ignore by event id,
 * then the outbox rows deleted, so a crash or a second deliverer in between adds nothing twice.
 * Nothing here updates or deletes an audit_events row (and the shard's triggers would refuse it).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditEvent } from "../domain/audit";
import { runBatch, type Write } from "./batch";
import { toBoundStatement, type BoundStatement } from "./bound-statement";
import { inJsonList } from "./json-list";
import { D1_MAX_PARAMETERS } from "./limits";
import { auditOutbox, type AuditOutboxRecord } from "./schema";
import { auditEvents, type AuditEventRecord } from "./schema/shard";
import { resolveShard, shardOf } from "./shards";

type AuditRow = AuditOutboxRecord;

function toRow(event: AuditEvent): AuditRow {
  return {
    id: event.id,
    accountId: event.accountId,
    at: event.at,
    kind: event.kind,
    actorType: event.actor.type,
    actorId: event.actor.id,
    actorLabel: event.actor.label,
    requestId: event.requestId,
    ip: event.ip,
    userAgent: event.userAgent,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    detail: event.detail === undefined ? null : JSON.stringify(event.detail),
  };
}

/** The event as a write into the account's shard: for a batch that changes rows of that shard. */
export function appendAuditEvent(shard: D1Database, event: AuditEvent): Write {
  return drizzle(shard).insert(auditEvents).values(toRow(event));
}

/** The event as a write into the shared D1's outbox: for a batch that changes shared-D1 rows. */
export function appendToAuditOutbox(db: D1Database, event: AuditEvent): Write {
  return drizzle(db).insert(auditOutbox).values(toRow(event));
}

/** A statement written with drizzle's sql template, prepared for a D1 batch (drizzle's raw query has no toSQL). */
export function preparedSql(db: D1Database, statement: SQL): D1PreparedStatement {
  const query = drizzle(db).run(statement).getQuery();
  return db.prepare(query.sql).bind(...query.params);
}

/**
 * The event into the outbox only if `condition` holds when the batch reaches this statement: for a
 * change whose own statement may change nothing (a key insert over the limit, a revocation of a key
 * already revoked), so that the event exists exactly when the change does. Raw SQL through drizzle's
 * template: its insert builder has no INSERT … SELECT … WHERE over constants.
 */
export function appendToAuditOutboxIf(db: D1Database, event: AuditEvent, condition: SQL): Write {
  const r = toRow(event);
  return preparedSql(
    db,
    sql`INSERT INTO ${auditOutbox} (id, account_id, at, kind, actor_type, actor_id, actor_label, request_id, ip, user_agent, target_type, target_id, detail)
        SELECT ${r.id}, ${r.accountId}, ${r.at}, ${r.kind}, ${r.actorType}, ${r.actorId}, ${r.actorLabel}, ${r.requestId}, ${r.ip}, ${r.userAgent}, ${r.targetType}, ${r.targetId}, ${r.detail}
        WHERE ${condition}`,
  );
}

/**
 * The event into the outbox when `write`, else the same statement inserting nothing: for a request
 * whose work must not tell whether there was an event to write (a failed sign-in of a known or an
 * unknown email: console-sign-in.ts).
 */
export function appendToAuditOutboxOrNot(db: D1Database, event: AuditEvent, write: boolean): Write {
  return appendToAuditOutboxIf(db, event, write ? sql`1` : sql`0`);
}

/** The outbox write as SQL and parameters, for batches the AccountGate runs (task creation). */
export function auditOutboxStatement(db: D1Database, event: AuditEvent): BoundStatement {
  return toBoundStatement(drizzle(db).insert(auditOutbox).values(toRow(event)));
}

/** Outbox events moved per call: one read, a few shard batches, one delete. */
const DELIVERY_LIMIT = 500;
const COLUMNS = 13;
const ROWS_PER_INSERT = Math.floor(D1_MAX_PARAMETERS / COLUMNS);

/**
 * Moves waiting outbox events (of one account, or of all) into their accounts' shards. An account
 * whose data is moving to another shard keeps its events in the outbox until the move is over.
 * @returns how many events were moved
 */
export async function deliverAuditOutbox(env: Env, accountId: string | null = null, now: number = Date.now()): Promise<number> {
  const shared = drizzle(env.DB);
  const waiting = await shared
    .select()
    .from(auditOutbox)
    .where(accountId === null ? undefined : eq(auditOutbox.accountId, accountId))
    .orderBy(asc(auditOutbox.at))
    .limit(DELIVERY_LIMIT)
    .all();
  const byAccount = new Map<string, AuditRow[]>();
  for (const row of waiting) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
  let moved = 0;
  for (const [account, rows] of byAccount) {
    const placed = await resolveShard(env, account, now);
    if (placed.state === "moving") continue;
    const shard = shardOf(env, placed.index);
    const d = drizzle(shard);
    const inserts: Write[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      inserts.push(
        d
          .insert(auditEvents)
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .onConflictDoNothing(),
      );
    await runBatch(shard, inserts);
    await shared.delete(auditOutbox).where(
      inJsonList(
        auditOutbox.id,
        rows.map((r) => r.id),
      ),
    );
    moved += rows.length;
  }
  return moved;
}

export interface AuditFilter {
  kind?: string;
  /** The actor's id: a user id, a key id, or "operator". */
  actor?: string;
  from?: number;
  to?: number;
}

/** A page of the account's events, newest first, and how many match in all. */
export async function readAuditEvents(
  shard: D1Database,
  accountId: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEventRecord[]; total: number }> {
  const conditions: SQL[] = [eq(auditEvents.accountId, accountId)];
  if (filter.kind !== undefined) conditions.push(eq(auditEvents.kind, filter.kind));
  if (filter.actor !== undefined) conditions.push(eq(auditEvents.actorId, filter.actor));
  if (filter.from !== undefined) conditions.push(gte(auditEvents.at, filter.from));
  if (filter.to !== undefined) conditions.push(lt(auditEvents.at, filter.to));
  const where = and(...conditions);
  const d = drizzle(shard);
  const [rows, total] = await Promise.all([
    d.select().from(auditEvents).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(page.limit).offset(page.offset).all(),
    d.select({ n: count() }).from(auditEvents).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
