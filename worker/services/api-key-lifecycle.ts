/**
 * @module Creating and revoking an account's API keys, for both doors that may (the operator's
 * management API and the account's console): the open API's key rules (open-api-v1.md,
 * Authentication 4–7), and each change with its audit event in the change's own batch.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { hasCurrentSubscription, insertKeyWithinLimit, revokeKey } from "../db/keys";
import type { AuditActor } from "../domain/audit";
import { DEFAULT_KEY_VALIDITY_MS, MAX_VALID_KEYS, displayPrefix, generateApiKey } from "../domain/api-keys";
import { ApiError, validationError } from "../errors";
import { auditEventOf, deliverAuditSoon } from "../lib/audit-trail";
import { sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { forgetAccount } from "../auth/key-cache";
import { parseIsoWithOffset } from "../lib/time";
import { toCreatedKey } from "../serializers/admin";
import type { CreatedKey } from "../schemas/admin";

export async function createApiKey(
  c: Context<AppEnv>,
  accountId: string,
  request: { name?: string; expiresAt?: string },
  actor: AuditActor,
  /** For a key minted from a console session: the session and what proved the user (worker/console/auth/step-up.ts). */
  origin: { fromSession?: { session: string; provenBy: string } } = {},
): Promise<CreatedKey> {
  const now = Date.now();
  const expiresAt = request.expiresAt ? parseIsoWithOffset(request.expiresAt)! : now + DEFAULT_KEY_VALIDITY_MS;
  if (expiresAt <= now) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be in the future." }]);
  if (!(await hasCurrentSubscription(c.env.DB, accountId, now))) throw new ApiError("SUBSCRIPTION_REQUIRED");
  const key = generateApiKey();
  const row = {
    id: newId("key"),
    accountId,
    name: request.name ?? null,
    keyHash: await sha256Hex(key),
    prefix: displayPrefix(key),
    createdAt: now,
    expiresAt,
    createdBy: JSON.stringify(actor),
  };
  const event = auditEventOf(
    c,
    { accountId, kind: "key.created", actor, target: { type: "api_key", id: row.id }, detail: { prefix: row.prefix, ...origin } },
    now,
  );
  if (!(await insertKeyWithinLimit(c.env.DB, row, MAX_VALID_KEYS, event))) throw new ApiError("KEY_LIMIT_REACHED");
  deliverAuditSoon(c, accountId);
  return toCreatedKey(row, key);
}

/** Revokes at once: this isolate forgets the account's cached keys; others within AUTH_CACHE_MS. */
export async function revokeApiKey(c: Context<AppEnv>, accountId: string, keyId: string, actor: AuditActor): Promise<void> {
  const now = Date.now();
  const event = auditEventOf(c, { accountId, kind: "key.revoked", actor, target: { type: "api_key", id: keyId } }, now);
  if (!(await revokeKey(c.env.DB, accountId, keyId, now, event))) throw new ApiError("NOT_FOUND");
  forgetAccount(accountId);
  deliverAuditSoon(c, accountId);
}
