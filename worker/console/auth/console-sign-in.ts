/**
 * @module Console sign-in (console-api.md, Session): email and password, then the second factor when
 * the user has one; failures counted per email from one client address, and per client address, in
 * SignInGuard objects (429
 * with Retry-After over the limit); a wrong email and a wrong password get the same answer after the
 * same work (./password-match.ts: as many PBKDF2 derivations whatever the email names). Failed attempts of a known user are in the account's
 * audit trail (without the password); a session is created with its event in one batch.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { createSession } from "../../db/console-sessions";
import { SESSION_MAX_MS } from "../policy/sessions-and-roles";
import { FAILURES_PER_ADDRESS, FAILURES_PER_EMAIL } from "../policy/sign-in-limits";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon, recordAuditEvent, requestOrigin } from "../../services/audit-trail";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { usersByEmail } from "../../db/console-users";
import { userByPassword } from "./password-match";
import { acceptTotpCode } from "./second-factor";
import { newToken, tokenHash } from "../../lib/secret-token";
import { rateLimited } from "../../middleware/rate-limit";
import type { UserRecord } from "../../db/schema";

function guard(env: Env, name: string) {
  return env.SIGN_IN_GUARD.get(env.SIGN_IN_GUARD.idFromName(name));
}

export interface SignedIn {
  user: UserRecord;
  token: string;
}

export async function signIn(c: Context<AppEnv>, request: { email: string; password: string; totp?: string }): Promise<SignedIn> {
  const email = request.email.trim().toLowerCase();
  const origin = requestOrigin(c);
  // One email from one address: someone who knows an owner's email and guesses from their own
  // machine slows only themselves; the owner, from anywhere else, still signs in.
  const byEmail = guard(c.env, `email:${await sha256Hex(`${email}\n${origin.ip ?? "unknown"}`)}`);
  const byAddress = guard(c.env, `ip:${origin.ip ?? "unknown"}`);
  const [emailWait, addressWait] = await Promise.all([byEmail.retryAfter(FAILURES_PER_EMAIL), byAddress.retryAfter(FAILURES_PER_ADDRESS)]);
  if (emailWait > 0 || addressWait > 0) {
    const [named] = await usersByEmail(c.env.DB, email, 1);
    if (named) await failure(c, named, "rate_limited");
    throw rateLimited(Math.max(emailWait, addressWait));
  }
  // The password decides which account's user an email shared by several accounts names (./password-match.ts).
  const { user, passwordOk } = await userByPassword(c.env.DB, email, request.password);
  const failed = async (reason: string, error: ApiError): Promise<never> => {
    await Promise.all([byEmail.fail(FAILURES_PER_EMAIL), byAddress.fail(FAILURES_PER_ADDRESS)]);
    if (user) await failure(c, user, reason);
    throw error;
  };
  if (!user || !passwordOk || user.status !== "active" || user.accountDisabled) return failed("password", new ApiError("INVALID_CREDENTIALS"));
  const now = Date.now();
  if (
    user.totpSecret !== null &&
    (request.totp === undefined || !(await acceptTotpCode(c.env, { ...user, totpSecret: user.totpSecret }, request.totp, now)))
  )
    return failed(request.totp === undefined ? "totp_missing" : "totp", new ApiError("TOTP_REQUIRED"));
  await byEmail.clear();
  const token = newToken();
  const session = {
    id: newId("ses"),
    userId: user.id,
    tokenHash: await tokenHash(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_MAX_MS,
    revokedAt: null,
    ip: origin.ip,
    userAgent: origin.userAgent,
  };
  const actor = { type: "user" as const, id: user.id, label: user.email };
  await createSession(
    c.env.DB,
    session,
    auditEventOf(c, { accountId: user.accountId, kind: "session.created", actor, target: { type: "session", id: session.id } }, now),
  );
  deliverAuditSoon(c, user.accountId);
  return { user, token };
}

/** session.failed in the user's account: the reason, never the password or the code. */
async function failure(c: Context<AppEnv>, user: UserRecord, reason: string): Promise<void> {
  await recordAuditEvent(c, {
    accountId: user.accountId,
    kind: "session.failed",
    actor: { type: "user", id: user.id, label: user.email },
    detail: { reason },
  });
}
