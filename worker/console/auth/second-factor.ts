/**
 * @module The console's second factor (TOTP, console-api.md Session): the secret is kept only sealed
 * under CONSOLE_SECRET_KEY (worker/console/auth/secret-box.ts), and a code is accepted once: the step it
 * belongs to must be later than the last step accepted for the user, claimed by a guarded update (two
 * sign-ins racing with one code: one wins). A secret sealed under the previous key during a rotation is
 * sealed again under the current key when it is next used.
 */
import { readConfig } from "../../config";
import { claimTotpStep, confirmTotp, setPendingTotp } from "../../db/console-users";
import type { UserRecord } from "../../db/schema";
import type { AuditEvent } from "../../domain/audit";
import { ApiError } from "../../errors";
import { seal, secretKeys, unseal, type SecretKeys } from "./secret-box";
import { matchingTotpStep, newTotpSecret } from "./totp";

async function keysOf(env: Env): Promise<SecretKeys> {
  const keys = readConfig(env).consoleSecretKeys;
  if (!keys) throw new ApiError("SERVICE_UNAVAILABLE", { message: "The second factor is not configured on this deployment." });
  return secretKeys(keys.current, keys.previous);
}

/** A new secret, stored sealed and pending until a code of it confirms it; the plaintext goes to the user's app once. */
export async function startTotpEnrolment(env: Env, userId: string, now: number): Promise<string> {
  const secret = newTotpSecret();
  await setPendingTotp(env.DB, userId, await seal(await keysOf(env), secret, userId), now);
  return secret;
}

/**
 * The pending secret becomes the user's second factor when `code` is one of its codes (that step counts
 * as used); the user's sessions but `keptSessionId` end.
 */
export async function confirmTotpEnrolment(
  env: Env,
  user: Pick<UserRecord, "id" | "totpPendingSecret">,
  code: string,
  now: number,
  event: AuditEvent,
  keptSessionId: string,
): Promise<boolean> {
  if (!user.totpPendingSecret) return false;
  const keys = await keysOf(env);
  const opened = await unseal(keys, user.totpPendingSecret, user.id);
  const step = opened ? matchingTotpStep(opened.plaintext, code, now) : null;
  if (!opened || step === null) return false;
  const sealed = opened.stale ? await seal(keys, opened.plaintext, user.id) : user.totpPendingSecret;
  await confirmTotp(env.DB, user.id, sealed, step, now, event, keptSessionId);
  return true;
}

/** Sign-in's check of a code: one of the user's secret, of a step not accepted before; that step is then used up. */
export async function acceptTotpCode(env: Env, user: Pick<UserRecord, "id"> & { totpSecret: string }, code: string, now: number): Promise<boolean> {
  const keys = await keysOf(env);
  const opened = await unseal(keys, user.totpSecret, user.id);
  if (!opened) {
    // Not the user's fault and not theirs to hear about: the operator's key does not open what it sealed.
    console.error("a TOTP secret did not open: was CONSOLE_SECRET_KEY replaced without CONSOLE_SECRET_KEY_PREVIOUS?");
    return false;
  }
  const step = matchingTotpStep(opened.plaintext, code, now);
  if (step === null) return false;
  return claimTotpStep(env.DB, user.id, step, now, opened.stale ? await seal(keys, opened.plaintext, user.id) : undefined);
}
