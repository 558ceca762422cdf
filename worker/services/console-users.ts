/**
 * @module Inviting and changing an account's users, for the operator (management API) and an owner
 * (console): the invitation link carries a single-use token valid 72 hours (only its hash stored);
 * each change is one batch with its audit event; disabling ends the user's sessions in that batch.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { insertInvitedUser, replaceInvite, updateUser, userOf } from "../db/console-users";
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
import { invitationMailer, sendInvitation, type InvitationMailer } from "./invitation-mail";

/** How an invitation's link travels: to the invited address by email, or back to the inviter. */
export type InviteDelivery = { by: "link" } | { by: "email"; mailer: InvitationMailer; accountName: string };

export type Invitation = ConsoleUser & { inviteExpiresAt: string; delivery: "email" | "link"; inviteUrl?: string };

/** The delivery of an invitation made in the console: by email when the deployment has a mailer. */
export function consoleDelivery(c: Context<AppEnv>): InviteDelivery {
  const mailer = invitationMailer(c.env);
  return mailer ? { by: "email", mailer, accountName: c.get("consoleUser").accountName } : { by: "link" };
}

/** A fresh invitation: its token (for the link only) and the record stored of it (the token's hash). */
async function newInvite(delivery: InviteDelivery, email: string, now: number) {
  const token = newToken();
  const id = newId("inv");
  const expiresAt = now + INVITE_VALIDITY_MS;
  const record = { id, tokenHash: await tokenHash(token), expiresAt, emailedTo: delivery.by === "email" ? email : null };
  return { token, id, expiresAt, record };
}

/** After the invitation is stored: the audit delivered, the link sent or handed over, the answer. */
async function sentInvitation(
  c: Context<AppEnv>,
  accountId: string,
  delivery: InviteDelivery,
  invite: { token: string; id: string; expiresAt: number },
  user: Parameters<typeof toConsoleUser>[0],
): Promise<Invitation> {
  deliverAuditSoon(c, accountId);
  const sent = await deliver(c, delivery, invite, user.email);
  return { ...toConsoleUser(user), ...sent, inviteExpiresAt: toIso(invite.expiresAt), delivery: delivery.by };
}

/**
 * Sends the link (by email, then the answer carries no link: the inviter never holds it), or hands it
 * to the inviter. The token rides in the fragment: browsers never send it to a server, so it stays out
 * of logs and Referer.
 */
async function deliver(
  c: Context<AppEnv>,
  delivery: InviteDelivery,
  invite: { token: string; id: string },
  email: string,
): Promise<{ inviteUrl?: string }> {
  const inviteUrl = `${new URL(c.req.url).origin}/console/invite#${invite.token}`;
  if (delivery.by === "link") return { inviteUrl };
  await sendInvitation(delivery.mailer, email, inviteUrl, delivery.accountName, invite.id);
  return {};
}

export async function inviteUser(
  c: Context<AppEnv>,
  accountId: string,
  request: { email: string; name?: string; role: UserRole },
  actor: AuditActor,
  delivery: InviteDelivery = { by: "link" },
): Promise<Invitation> {
  const now = Date.now();
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
    emailProvenAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const invite = await newInvite(delivery, user.email, now);
  const event = auditEventOf(
    c,
    {
      accountId,
      kind: "user.invited",
      actor,
      target: { type: "user", id: user.id },
      detail: { email: user.email, role: user.role, delivery: delivery.by },
    },
    now,
  );
  if (!(await insertInvitedUser(c.env.DB, user, invite.record, event))) throw new ApiError("EMAIL_TAKEN");
  return sentInvitation(c, accountId, delivery, invite, user);
}

/** A new invitation for a user who has not accepted (console-api.md: POST /users/{id}/invitation); the old link stops working. */
export async function reinviteUser(
  c: Context<AppEnv>,
  accountId: string,
  userId: string,
  actor: AuditActor,
  delivery: InviteDelivery,
): Promise<Invitation> {
  const user = await userOf(c.env.DB, accountId, userId);
  if (!user) throw new ApiError("NOT_FOUND");
  const now = Date.now();
  const invite = await newInvite(delivery, user.email, now);
  const event = auditEventOf(
    c,
    {
      accountId,
      kind: "user.invited",
      actor,
      target: { type: "user", id: user.id },
      detail: { email: user.email, role: user.role, delivery: delivery.by, again: true },
    },
    now,
  );
  if (!(await replaceInvite(c.env.DB, user.id, invite.record, now, event))) throw new ApiError("USER_NOT_INVITED");
  return sentInvitation(c, accountId, delivery, invite, user);
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
