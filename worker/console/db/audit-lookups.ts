/**
 * @module Facts the console reads back from the audit trail rather than keeping twice: who started a
 * task (its `*.created` event) and every review conclusion of a check's results (`review.written`,
 * written in the review's own batch, so it is there as soon as the review is).
 */
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditActor, AuditKind } from "../../domain/audit";
import { inJsonList } from "../../db/json-list";
import { auditEvents, type AuditEventRecord } from "../../db/schema/shard";

/** The actor of each target's creation event, by target id (absent: not delivered yet, or made before the trail). */
export async function creatorsOf(
  shard: D1Database,
  accountId: string,
  kinds: readonly AuditKind[],
  targetIds: readonly string[],
): Promise<Map<string, AuditActor>> {
  if (targetIds.length === 0) return new Map();
  const rows = await drizzle(shard)
    .select({ targetId: auditEvents.targetId, type: auditEvents.actorType, id: auditEvents.actorId, label: auditEvents.actorLabel })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), inJsonList(auditEvents.kind, kinds), inJsonList(auditEvents.targetId, targetIds)))
    .all();
  return new Map(rows.flatMap((r) => (r.targetId === null ? [] : [[r.targetId, { type: r.type, id: r.id, label: r.label }] as const])));
}

/** Every review conclusion written on the check's results, oldest first (target ids are `{checkId}/{registrationId}`). */
export async function reviewEventsOfCheck(shard: D1Database, accountId: string, checkId: string): Promise<AuditEventRecord[]> {
  // Every id that starts with "{checkId}/": from "{checkId}/" up to "{checkId}0", "0" being the character after "/".
  return drizzle(shard)
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.accountId, accountId),
        eq(auditEvents.kind, "review.written"),
        eq(auditEvents.targetType, "check_result"),
        gte(auditEvents.targetId, `${checkId}/`),
        lt(auditEvents.targetId, `${checkId}0`),
      ),
    )
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .all();
}
