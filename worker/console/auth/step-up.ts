/**
 * @module Step-up for the security settings: replacing or removing a second factor and changing the
 * password need proof that the person at the session is the user, not only the session cookie and its
 * CSRF token (a stolen session must not take over the sign-in). The proof is the current password, or
 * a current code of the enrolled factor (used up like a sign-in's). Failures are counted per session in a
 * SignInGuard (the sign-in's limit per email: a stolen session gets that many guesses, and its failures
 * never lock the user's own sessions out) and recorded as `user.step_up_failed`, without the value.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { userOf } from "../../db/console-users";
import type { UserRecord } from "../../db/schema";
import { FAILURES_PER_EMAIL } from "../policy/sign-in-limits";
import { ApiError } from "../../errors";
import { recordAuditEvent } from "../../services/audit-trail";
import { rateLimited } from "../../middleware/rate-limit";
import { verifyPassword } from "./password";
import { acceptTotpCode } from "./second-factor";

export interface StepUpProof {
  currentPassword?: string | undefined;
  totp?: string | undefined;
}

const NOT_PROVEN = "Confirm this change with your current password or a current code of your second factor.";

/**
 * The signed-in user's record once `proof` holds (a code counts only for a user with a factor);
 * otherwise 401 INVALID_CREDENTIALS, or 429 past the limit of failures.
 */
export async function requireStepUp(c: Context<AppEnv>, proof: StepUpProof): Promise<UserRecord> {
  const { accountId, actor } = c.get("principal");
  const guard = c.env.SIGN_IN_GUARD.get(c.env.SIGN_IN_GUARD.idFromName(`step-up:${c.get("consoleUser").sessionId}`));
  const wait = await guard.retryAfter(FAILURES_PER_EMAIL);
  if (wait > 0) throw rateLimited(wait);
  const user = await userOf(c.env.DB, accountId, actor.id);
  if (!user) throw new ApiError("NOT_FOUND");
  if (await proven(c.env, user, proof)) {
    await guard.clear();
    return user;
  }
  await guard.fail(FAILURES_PER_EMAIL);
  await recordAuditEvent(c, {
    accountId,
    kind: "user.step_up_failed",
    actor,
    target: { type: "user", id: user.id },
    detail: { with: proof.totp !== undefined ? "totp" : proof.currentPassword !== undefined ? "password" : "nothing" },
  });
  throw new ApiError("INVALID_CREDENTIALS", { message: NOT_PROVEN });
}

async function proven(env: Env, user: UserRecord, proof: StepUpProof): Promise<boolean> {
  if (proof.totp !== undefined && user.totpSecret !== null)
    return acceptTotpCode(env, { ...user, totpSecret: user.totpSecret }, proof.totp, Date.now());
  if (proof.currentPassword !== undefined) return verifyPassword(proof.currentPassword, user.passwordHash);
  return false;
}
