/** @module API key rows (only SHA-256 hashes are stored) and the subscription a new key needs. */
import { and, asc, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditEvent } from "../domain/audit";
import { appendToAuditOutboxIf, preparedSql } from "./audit";
import { runBatch } from "./batch";
import { apiKeys, subscriptions, type ApiKeyRecord, type NewApiKeyRecord } from "./schema";

/** Whether the account has a subscription in force at `now` (started, not ended). */
export async function hasCurrentSubscription(db: D1Database, accountId: string, now: number): Promise<boolean> {
  const row = await drizzle(db)
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), lte(subscriptions.startsAt, now), gt(subscriptions.endsAt, now)))
    .orderBy(desc(subscriptions.startsAt), desc(subscriptions.createdAt))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * Inserts the key unless the account already has `limit` valid ones, counted and inserted in one
 * statement so concurrent creations cannot pass the limit together, and its audit event in the same
 * batch, written only if the key was. Raw SQL through drizzle's template: its insert builder has no
 * INSERT … SELECT … WHERE over constants.
 * @returns whether the key was inserted
 */
export async function insertKeyWithinLimit(
  db: D1Database,
  key: Required<Omit<NewApiKeyRecord, "revokedAt">>,
  limit: number,
  event: AuditEvent,
): Promise<boolean> {
  const [inserted] = await runBatch(db, [
    preparedSql(
      db,
      sql`INSERT INTO ${apiKeys} (id, account_id, name, key_hash, prefix, created_at, expires_at, created_by)
        SELECT ${key.id}, ${key.accountId}, ${key.name}, ${key.keyHash}, ${key.prefix}, ${key.createdAt}, ${key.expiresAt}, ${key.createdBy}
        WHERE (SELECT COUNT(*) FROM ${apiKeys} WHERE account_id = ${key.accountId} AND revoked_at IS NULL AND expires_at > ${key.createdAt}) < ${limit}`,
    ),
    appendToAuditOutboxIf(db, event, sql`EXISTS (SELECT 1 FROM ${apiKeys} WHERE id = ${key.id})`),
  ]);
  return inserted?.meta.changes === 1;
}

/** The account's unrevoked keys (expired ones included), oldest first. */
export async function unrevokedKeys(db: D1Database, accountId: string): Promise<ApiKeyRecord[]> {
  return drizzle(db)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt))
    .all();
}

/** Revokes the account's key, with its audit event in the same batch; false when there is no such unrevoked key. */
export async function revokeKey(db: D1Database, accountId: string, keyId: string, now: number, event: AuditEvent): Promise<boolean> {
  const d = drizzle(db);
  const [revoked] = await runBatch(db, [
    d
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt))),
    appendToAuditOutboxIf(
      db,
      event,
      sql`EXISTS (SELECT 1 FROM ${apiKeys} WHERE id = ${keyId} AND account_id = ${accountId} AND revoked_at = ${now})`,
    ),
  ]);
  return revoked?.meta.changes === 1;
}
