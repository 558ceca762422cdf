/**
 * @module Console sessions: only the cookie value's SHA-256 is stored. A session is read with its
 * user, account and shard on every console request, so a revocation, a disabled user or a disabled
 * account takes effect on the next request (no cache).
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditEvent } from "../domain/audit";
import { appendToAuditOutbox } from "./audit";
import { runBatch, type Write } from "./batch";
import { accountSecurity, accounts, sessions, shardDirectory, users, type SessionRecord, type UserRecord } from "./schema";
import type { AccountShard } from "./shards";

export interface SessionLookup {
  session: SessionRecord;
  user: UserRecord;
  account: { id: string; name: string; disabled: boolean; requireTotp: boolean };
  shard: AccountShard;
}

export async function createSession(db: D1Database, session: SessionRecord, event: AuditEvent): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [d.insert(sessions).values(session), appendToAuditOutbox(db, event)]);
}

export async function findSession(db: D1Database, tokenHash: string): Promise<SessionLookup | undefined> {
  const row = await drizzle(db)
    .select({
      session: sessions,
      user: users,
      account: { id: accounts.id, name: accounts.name, disabled: accounts.disabled },
      requireTotp: accountSecurity.requireTotp,
      shard: { index: shardDirectory.shard, state: shardDirectory.state },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(shardDirectory, eq(shardDirectory.accountId, accounts.id))
    .leftJoin(accountSecurity, eq(accountSecurity.accountId, accounts.id))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return undefined;
  const { requireTotp, ...rest } = row;
  return { ...rest, account: { ...row.account, requireTotp: requireTotp ?? false } };
}

/** Marks the session used now (its idle clock restarts). */
export async function touchSession(db: D1Database, sessionId: string, now: number): Promise<void> {
  await drizzle(db).update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends the session server-side, with its event (none if it had already ended). */
export async function endSession(db: D1Database, sessionId: string, now: number, event: AuditEvent): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),
    appendToAuditOutbox(db, event),
  ]);
}

/**
 * Revokes every live session of the user but `keptSessionId` (the one that made the change): written in
 * the batch that changes the user's password or second factor, so a stolen session ends with it.
 */
export function endOtherSessions(db: D1Database, userId: string, keptSessionId: string, now: number): Write {
  return drizzle(db)
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isNull(sessions.revokedAt)));
}
