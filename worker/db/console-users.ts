/**
 * @module The console's people: users, their invitations and second factors, the account's sign-in
 * policy. Each change is one batch with its audit event (the shared D1's outbox).
 */
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditEvent } from "../domain/audit";
import { appendToAuditOutbox, appendToAuditOutboxIf, preparedSql } from "./audit";
import { runBatch, type Write } from "./batch";
import { endOtherSessions } from "./console-sessions";
import { accountSecurity, accounts, invites, sessions, users, type NewUserRecord, type UserRecord } from "./schema";

export type UserRole = UserRecord["role"];
export type UserStatus = UserRecord["status"];

/** A new user (status invited) and its invitation; false when the email is taken in the user's account. */
export async function insertInvitedUser(
  db: D1Database,
  user: NewUserRecord,
  invite: { id: string; tokenHash: string; expiresAt: number; emailedTo: string | null },
  event: AuditEvent,
): Promise<boolean> {
  const d = drizzle(db);
  const [inserted] = await runBatch(db, [
    d
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: [users.accountId, users.email] }),
    appendToAuditOutboxIf(db, event, sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${user.id})`),
    // Only for the user this batch inserted (a taken email inserted nothing).
    preparedSql(
      db,
      sql`INSERT INTO ${invites} (id, user_id, token_hash, expires_at, emailed_to, created_at)
          SELECT ${invite.id}, ${user.id}, ${invite.tokenHash}, ${invite.expiresAt}, ${invite.emailedTo}, ${user.createdAt}
          WHERE EXISTS (SELECT 1 FROM ${users} WHERE id = ${user.id})`,
    ),
  ]);
  return inserted?.meta.changes === 1;
}

export async function usersOf(db: D1Database, accountId: string): Promise<UserRecord[]> {
  return drizzle(db).select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.createdAt)).all();
}

export async function userOf(db: D1Database, accountId: string, userId: string): Promise<UserRecord | undefined> {
  return drizzle(db)
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .get();
}

/**
 * The users an email names, in as many accounts (an email is unique within an account only), oldest
 * first and at most `limit`, each with whether its account is disabled.
 */
export async function usersByEmail(db: D1Database, email: string, limit: number): Promise<Array<UserRecord & { accountDisabled: boolean }>> {
  const rows = await drizzle(db)
    .select({ user: users, accountDisabled: accounts.disabled })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email))
    .orderBy(asc(users.createdAt))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row.user, accountDisabled: row.accountDisabled }));
}

/**
 * Status and role, with the event in one batch; disabling also revokes every session of the user in
 * that batch (the next request of any of them is refused: sessions are read from D1 on every request).
 */
export async function updateUser(
  db: D1Database,
  userId: string,
  change: { status?: UserStatus; role?: UserRole },
  now: number,
  event: AuditEvent,
): Promise<void> {
  const d = drizzle(db);
  const writes: Write[] = [
    d
      .update(users)
      .set({ ...change, updatedAt: now })
      .where(eq(users.id, userId)),
    appendToAuditOutbox(db, event),
  ];
  if (change.status === "disabled")
    writes.push(
      d
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    );
  await runBatch(db, writes);
}

/** The invitation a token names, if unused and unexpired, with its user and the account's name (words a password must avoid). */
export async function openInvite(
  db: D1Database,
  tokenHash: string,
  now: number,
): Promise<{ inviteId: string; emailedTo: string | null; user: UserRecord; accountName: string } | undefined> {
  const row = await drizzle(db)
    .select({ inviteId: invites.id, emailedTo: invites.emailedTo, user: users, accountName: accounts.name })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, now), eq(users.status, "invited")))
    .get();
  return row ?? undefined;
}

/**
 * A new invitation for a user who has not accepted one: every earlier unused invitation of the user is
 * used up (its link stops working) and the new one inserted, with the event, in one batch, only while
 * the user is still invited. @returns false when the user is not (active or disabled: nothing written)
 */
export async function replaceInvite(
  db: D1Database,
  userId: string,
  invite: { id: string; tokenHash: string; expiresAt: number; emailedTo: string | null },
  now: number,
  event: AuditEvent,
): Promise<boolean> {
  const d = drizzle(db);
  const stillInvited = sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${userId} AND status = 'invited')`;
  const results = await runBatch(db, [
    d
      .update(invites)
      .set({ usedAt: now })
      .where(and(eq(invites.userId, userId), isNull(invites.usedAt), stillInvited)),
    preparedSql(
      db,
      sql`INSERT INTO ${invites} (id, user_id, token_hash, expires_at, emailed_to, created_at)
          SELECT ${invite.id}, ${userId}, ${invite.tokenHash}, ${invite.expiresAt}, ${invite.emailedTo}, ${now}
          WHERE ${stillInvited}`,
    ),
    appendToAuditOutboxIf(db, event, stillInvited),
  ]);
  return results[1]?.meta.changes === 1;
}

/**
 * Uses the invitation (once: the guarded update changes one row only for the first caller) and, in
 * the same batch and only if this call used it, sets the password, activates the user, records the event.
 * @returns whether this call used the invitation
 */
export async function acceptInvite(
  db: D1Database,
  inviteId: string,
  userId: string,
  passwordHash: string,
  now: number,
  event: AuditEvent,
  /** Whether the invitation's link was emailed to the user's address: accepting it proves the address. */
  addressProven = false,
): Promise<boolean> {
  const d = drizzle(db);
  const usedNow = sql`EXISTS (SELECT 1 FROM ${invites} WHERE id = ${inviteId} AND used_at = ${now})`;
  const [used] = await runBatch(db, [
    d
      .update(invites)
      .set({ usedAt: now })
      .where(and(eq(invites.id, inviteId), isNull(invites.usedAt))),
    d
      .update(users)
      .set({ passwordHash, status: "active", updatedAt: now, ...(addressProven ? { emailProvenAt: now } : {}) })
      .where(and(eq(users.id, userId), eq(users.status, "invited"), usedNow)),
    appendToAuditOutboxIf(db, event, usedNow),
  ]);
  return used?.meta.changes === 1;
}

/** Starts TOTP enrolment: the (sealed) secret waits for its first code before it counts. */
export async function setPendingTotp(db: D1Database, userId: string, sealedSecret: string, now: number): Promise<void> {
  await drizzle(db).update(users).set({ totpPendingSecret: sealedSecret, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * The pending secret becomes the user's second factor, the confirming code's step used up, with the
 * event; the user's other sessions end in the same batch (a factor changed: whoever else held a session
 * signs in again, with the new factor).
 */
export async function confirmTotp(
  db: D1Database,
  userId: string,
  sealedSecret: string,
  step: number,
  now: number,
  event: AuditEvent,
  keptSessionId: string,
): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d.update(users).set({ totpSecret: sealedSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: now }).where(eq(users.id, userId)),
    endOtherSessions(db, userId, keptSessionId, now),
    appendToAuditOutbox(db, event),
  ]);
}

/** The user's second factor is removed (the last used step stays: a code of it never counts again), other sessions ended, with the event. */
export async function removeTotp(db: D1Database, userId: string, now: number, event: AuditEvent, keptSessionId: string): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d.update(users).set({ totpSecret: null, totpPendingSecret: null, updatedAt: now }).where(eq(users.id, userId)),
    endOtherSessions(db, userId, keptSessionId, now),
    appendToAuditOutbox(db, event),
  ]);
}

/** A new password hash, other sessions ended, with the event. */
export async function changePassword(
  db: D1Database,
  userId: string,
  passwordHash: string,
  now: number,
  event: AuditEvent,
  keptSessionId: string,
): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)),
    endOtherSessions(db, userId, keptSessionId, now),
    appendToAuditOutbox(db, event),
  ]);
}

/**
 * Uses up TOTP step `step` for the user if no later or equal step was used (RFC 6238 §5.2: a code is
 * accepted once); the secret sealed again under the current key when `resealed` is given.
 * @returns whether this call used it (false: the code was already used)
 */
export async function claimTotpStep(db: D1Database, userId: string, step: number, now: number, resealed?: string): Promise<boolean> {
  const result = await drizzle(db)
    .update(users)
    .set({ totpLastStep: step, updatedAt: now, ...(resealed ? { totpSecret: resealed } : {}) })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .run();
  return result.meta.changes === 1;
}

export async function accountRequiresTotp(db: D1Database, accountId: string): Promise<boolean> {
  const row = await drizzle(db)
    .select({ requireTotp: accountSecurity.requireTotp })
    .from(accountSecurity)
    .where(eq(accountSecurity.accountId, accountId))
    .get();
  return row?.requireTotp ?? false;
}

export async function setAccountRequiresTotp(db: D1Database, accountId: string, requireTotp: boolean, now: number, event: AuditEvent): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d
      .insert(accountSecurity)
      .values({ accountId, requireTotp, updatedAt: now })
      .onConflictDoUpdate({ target: accountSecurity.accountId, set: { requireTotp, updatedAt: now } }),
    appendToAuditOutbox(db, event),
  ]);
}
