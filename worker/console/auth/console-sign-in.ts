/**
 * @module Console sign-in (console-api.md, Session): email and password, then the second factor when
 * the user has one. Failures are counted in SignInGuard objects per email from one client address,
 * per client address (429 with Retry-After over either limit), and per email from everywhere, which
 * paces each address that tries an email many addresses have failed (worker/domain/sign-in-limits.ts):
 * a distributed guesser is slowed, the owner never locked out, and a correct password with a correct
 * second factor passes the pacing and ends it.
 *
 * The doors say nothing by timing or wording: a known and an unknown email get the same answer after
 * the same work on every path. Slowed (429), the answer comes from the guards alone, before any lookup
 * of the email, and writes nothing. A failure derives as many PBKDF2 hashes whatever the email names
 * (./password-match.ts) and runs the same outbox statement, which records `session.failed` in the
 * account of a known user and inserts nothing for an unknown one. A session is created with its event
 * in one batch.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { appendToAuditOutboxOrNot } from "../../db/audit";
import { runBatch } from "../../db/batch";
import { createSession } from "../../db/console-sessions";
import { SESSION_MAX_MS } from "../../domain/console-session";
import { FAILURES_PER_ADDRESS, FAILURES_PER_EMAIL } from "../../domain/sign-in-limits";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon, requestOrigin } from "../../lib/audit-trail";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { userByPassword } from "./password-match";
import { acceptTotpCode } from "./second-factor";
import { newToken, tokenHash } from "./session-token";
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
  const address = origin.ip ?? "unknown";
  const addressKey = await sha256Hex(address);
  // One email from one address: someone who knows an owner's email and guesses from their own
  // machine slows only themselves; the owner, from anywhere else, still signs in.
  const byEmail = guard(c.env, `email:${await sha256Hex(`${email}\n${address}`)}`);
  const byAddress = guard(c.env, `ip:${address}`);
  const everywhere = guard(c.env, `email-wide:${await sha256Hex(email)}`);
  const [emailWait, addressWait] = await Promise.all([byEmail.retryAfter(FAILURES_PER_EMAIL), byAddress.retryAfter(FAILURES_PER_ADDRESS)]);
  if (emailWait > 0 || addressWait > 0) throw rateLimited(Math.max(emailWait, addressWait));
  // Paced, only an attempt with a code is heard (the owner's way through); it is answered 429 unless
  // both the password and the code are right, so a guess of the password alone learns nothing.
  const pace = await everywhere.admit(addressKey);
  if (pace > 0 && request.totp === undefined) throw rateLimited(pace);
  // The password decides which account's user an email shared by several accounts names (./password-match.ts).
  const { user, passwordOk } = await userByPassword(c.env.DB, email, request.password);
  const failed = async (reason: string, error: ApiError): Promise<never> => {
    await Promise.all([byEmail.fail(FAILURES_PER_EMAIL), byAddress.fail(FAILURES_PER_ADDRESS), everywhere.failWide()]);
    await recordFailure(c, user, pace > 0 ? `${reason}_paced` : reason);
    throw pace > 0 ? rateLimited(pace) : error;
  };
  if (!user || !passwordOk || user.status !== "active" || user.accountDisabled) return failed("password", new ApiError("INVALID_CREDENTIALS"));
  const now = Date.now();
  const hasFactor = user.totpSecret !== null;
  if (pace > 0 && !hasFactor) return failed("no_second_factor", new ApiError("INVALID_CREDENTIALS"));
  if (
    user.totpSecret !== null &&
    (request.totp === undefined || !(await acceptTotpCode(c.env, { ...user, totpSecret: user.totpSecret }, request.totp, now)))
  )
    return failed(request.totp === undefined ? "totp_missing" : "totp", new ApiError("TOTP_REQUIRED"));
  // Both factors proven: the email's pacing ends; the password alone ends only this address's claim.
  await Promise.all([byEmail.clear(), hasFactor ? everywhere.clearWide() : everywhere.release(addressKey)]);
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

/**
 * session.failed in the known user's account (the reason, never the password or the code); for an
 * unknown email the same statement, inserting nothing, so that the failure's work does not tell.
 */
async function recordFailure(c: Context<AppEnv>, user: UserRecord | undefined, reason: string): Promise<void> {
  const event = auditEventOf(c, {
    accountId: user?.accountId ?? "",
    kind: "session.failed",
    actor: { type: "user", id: user?.id ?? "", label: user?.email ?? "" },
    detail: { reason },
  });
  await runBatch(c.env.DB, [appendToAuditOutboxOrNot(c.env.DB, event, user !== undefined)]);
  if (user) deliverAuditSoon(c, user.accountId);
}
