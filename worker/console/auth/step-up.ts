/**
 * @module Step-up for every change to a user's security (console-api.md; STYLE 16): enrolling or
 * confirming a second factor, removing it, changing the password and minting an API key need proof
 * that the person at the session is the user, not only the session cookie and its CSRF token (a stolen
 * session must not take over the sign-in, nor mint itself a key). The proof is the current password,
 * or a current code of the enrolled factor (used up like a sign-in's).
 *
 * Failures are counted in SignInGuard objects per session and per user: the session's fifth failure
 * ends that session (a stolen cookie gets five guesses of the password, then it must sign in, which it
 * cannot); ten failures of the user across sessions within the window answer 429 to every step-up of
 * the user until the oldest leaves the window (sign-in and the user's other work are not slowed); a
 * success clears neither count. Each
 * failure is a `user.step_up_failed` event, without the value; each change's event names the session
 * that made it and what proved it (`stepUpDetail`).
 */
import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppEnv } from "../../context";
import { endSession } from "../../db/console-sessions";
import { userOf } from "../../db/console-users";
import type { UserRecord } from "../../db/schema";
import { STEP_UP_FAILURES_PER_SESSION, STEP_UP_FAILURES_PER_USER } from "../../domain/sign-in-limits";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon, recordAuditEvent } from "../../lib/audit-trail";
import { rateLimited } from "../../middleware/rate-limit";
import { SESSION_COOKIE } from "./console-session";
import { verifyPassword } from "./password";
import { acceptTotpCode } from "./second-factor";

export interface StepUpProof {
  currentPassword?: string | undefined;
  totp?: string | undefined;
}

/** What an audit event of a stepped-up change says: the session that made it and what proved the user. */
export interface StepUpDetail {
  session: string;
  provenBy: "password" | "totp";
}

export interface SteppedUp {
  user: UserRecord;
  detail: StepUpDetail;
}

const NOT_PROVEN = "Confirm this change with your current password or a current code of your second factor.";
const SESSION_ENDED = "Too many failed confirmations: this session has ended. Sign in again.";

function guard(env: Env, name: string) {
  return env.SIGN_IN_GUARD.get(env.SIGN_IN_GUARD.idFromName(name));
}

/**
 * The signed-in user's record once `proof` holds (a code counts only for a user with a factor);
 * otherwise 401 INVALID_CREDENTIALS (UNAUTHENTICATED when that failure ended the session), or 429 past
 * the user's limit.
 */
export async function requireStepUp(c: Context<AppEnv>, proof: StepUpProof): Promise<SteppedUp> {
  const { accountId, actor } = c.get("principal");
  const { sessionId } = c.get("consoleUser");
  const bySession = guard(c.env, `step-up:session:${sessionId}`);
  const byUser = guard(c.env, `step-up:user:${actor.id}`);
  const wait = await byUser.retryAfter(STEP_UP_FAILURES_PER_USER);
  if (wait > 0) throw rateLimited(wait);
  const user = await userOf(c.env.DB, accountId, actor.id);
  if (!user) throw new ApiError("NOT_FOUND");
  const provenBy = await proven(c.env, user, proof);
  // A success clears no count: a thief sharing the session must not have the user's next success
  // give back its guesses. Failures leave the count with the window (15 minutes).
  if (provenBy) return { user, detail: { session: sessionId, provenBy } };
  const [sessionWait] = await Promise.all([bySession.fail(STEP_UP_FAILURES_PER_SESSION), byUser.fail(STEP_UP_FAILURES_PER_USER)]);
  const tried = proof.totp !== undefined ? "totp" : proof.currentPassword !== undefined ? "password" : "nothing";
  await recordAuditEvent(c, {
    accountId,
    kind: "user.step_up_failed",
    actor,
    target: { type: "user", id: user.id },
    detail: { with: tried, session: sessionId },
  });
  if (sessionWait > 0) {
    const event = auditEventOf(c, {
      accountId,
      kind: "session.ended",
      actor,
      target: { type: "session", id: sessionId },
      detail: { reason: "step_up_failures" },
    });
    await endSession(c.env.DB, sessionId, Date.now(), event);
    deliverAuditSoon(c, accountId);
    deleteCookie(c, SESSION_COOKIE, { prefix: "host", path: "/", secure: true });
    throw new ApiError("UNAUTHENTICATED", { message: SESSION_ENDED });
  }
  throw new ApiError("INVALID_CREDENTIALS", { message: NOT_PROVEN });
}

async function proven(env: Env, user: UserRecord, proof: StepUpProof): Promise<StepUpDetail["provenBy"] | null> {
  if (proof.totp !== undefined && user.totpSecret !== null)
    return (await acceptTotpCode(env, { ...user, totpSecret: user.totpSecret }, proof.totp, Date.now())) ? "totp" : null;
  if (proof.currentPassword !== undefined) return (await verifyPassword(proof.currentPassword, user.passwordHash)) ? "password" : null;
  return null;
}
