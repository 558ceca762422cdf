/**
 * @module Inviting and changing an account's users, for the operator (management API) and an owner
 * (console): the invitation link carries a single-use token valid 72 hours (only its hash stored);
 * each change is one batch with its audit event; disabling ends the user's sessions in that batch.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { insertInvitedUser, updateUser, userOf } from "../db/console-users";
import type { AuditActor } from "../domain/audit";
import { INVITE_VALIDITY_MS } from "../domain/invitation";
import { ApiError } from "../errors";
import { auditEventOf, deliverAuditSoon } from "./audit-trail";
import { newId } from "../lib/ids";
import { newToken, tokenHash } from "../lib/secret-token";
import { toIso } from "../lib/time";
import type { ConsoleUser } from "../schemas/console";
import type { UserRole } from "../schemas/console-vocabulary";
import { toConsoleUser } from "../serializers/console";

export async function inviteUser(
  c: Context<AppEnv>,
  accountId: string,
  request: { email: string; name?: string; role: UserRole },
  actor: AuditActor,
): Promise<ConsoleUser & { inviteUrl: string; inviteExpiresAt: string }> {
  const now = Date.now();
  const token = newToken();
  const user = {
    id: newId("usr"),
    accountId,
    email: request.email,
    name: request.name ?? null,
    role: request.role,
    status: "invited" as const,
    passwordHash: null,
    totpSecret: null,
    totpPendingSecret: null,
    totpLastStep: null,
    createdAt: now,
    updatedAt: now,
  };
  const invite = { id: newId("inv"), tokenHash: await tokenHash(token), expiresAt: now + INVITE_VALIDITY_MS };
  const event = auditEventOf(
    c,
    { accountId, kind: "user.invited", actor, target: { type: "user", id: user.id }, detail: { email: user.email, role: user.role } },
    now,
  );
  if (!(await insertInvitedUser(c.env.DB, user, invite, event))) throw new ApiError("EMAIL_TAKEN");
  deliverAuditSoon(c, accountId);
  // The token rides in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
  const inviteUrl = `${new URL(c.req.url).origin}/console/invite#${token}`;
  return { ...toConsoleUser(user), inviteUrl, inviteExpiresAt: toIso(invite.expiresAt) };
}

export async function changeUser(
  c: Context<AppEnv>,
  accountId: string,
  userId: string,
  change: { status?: "active" | "disabled"; role?: UserRole },
  actor: AuditActor,
): Promise<ConsoleUser> {
  const user = await userOf(c.env.DB, accountId, userId);
  if (!user) throw new ApiError("NOT_FOUND");
  // An invited user becomes active by accepting the invitation, not by a PATCH (it has no password yet).
  const status = change.status === "active" && user.status === "invited" ? undefined : change.status;
  const now = Date.now();
  const applied = { ...(status ? { status } : {}), ...(change.role ? { role: change.role } : {}) };
  const event = auditEventOf(c, { accountId, kind: "user.updated", actor, target: { type: "user", id: userId }, detail: applied }, now);
  await updateUser(c.env.DB, userId, applied, now, event);
  deliverAuditSoon(c, accountId);
  return toConsoleUser({ ...user, ...applied, updatedAt: now });
}
