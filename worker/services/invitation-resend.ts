/**
 * @module Sending an invitation again (console-api.md: POST /users/{id}/invitation, owner): a user who
 * has not accepted gets a new single-use link valid 72 hours, and the old one stops working. The
 * owner who lost the link, or whose colleague let it expire, no longer meets 409 EMAIL_TAKEN; a user
 * who has accepted is answered 409 USER_NOT_INVITED (there is nothing to accept again).
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { userOf } from "../db/console-users";
import { replaceInvite } from "../db/invitations";
import type { AuditActor } from "../domain/audit";
import { INVITE_VALIDITY_MS } from "../domain/invitation";
import { ApiError } from "../errors";
import { newId } from "../lib/ids";
import { newToken, tokenHash } from "../lib/secret-token";
import { toIso } from "../lib/time";
import type { ConsoleUser } from "../schemas/console";
import { toConsoleUser } from "../serializers/console";
import { auditEventOf, deliverAuditSoon } from "./audit-trail";

export async function inviteAgain(
  c: Context<AppEnv>,
  accountId: string,
  userId: string,
  actor: AuditActor,
): Promise<ConsoleUser & { inviteUrl: string; inviteExpiresAt: string }> {
  const user = await userOf(c.env.DB, accountId, userId);
  if (!user) throw new ApiError("NOT_FOUND");
  if (user.status !== "invited") throw new ApiError("USER_NOT_INVITED");
  const now = Date.now();
  const token = newToken();
  const invite = { id: newId("inv"), tokenHash: await tokenHash(token), expiresAt: now + INVITE_VALIDITY_MS };
  const event = auditEventOf(
    c,
    { accountId, kind: "user.invited", actor, target: { type: "user", id: userId }, detail: { email: user.email, role: user.role, again: true } },
    now,
  );
  if (!(await replaceInvite(c.env.DB, userId, invite, now, event))) throw new ApiError("USER_NOT_INVITED");
  deliverAuditSoon(c, accountId);
  // As the first invitation's link: the token in the fragment, which browsers never send to a server.
  const inviteUrl = `${new URL(c.req.url).origin}/console/invite#${token}`;
  return { ...toConsoleUser(user), inviteUrl, inviteExpiresAt: toIso(invite.expiresAt) };
}
