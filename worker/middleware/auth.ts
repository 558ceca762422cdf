/**
 * @module Open-API authentication by X-Api-Key only (cookies never authenticate). Unknown, expired,
 * revoked and malformed keys get one and the same 401, so a caller learns nothing about which.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { lookupKey } from "../db/auth";
import { isWellFormedKey } from "../domain/api-keys";
import { ApiError } from "../errors";
import { sha256Hex } from "../lib/crypto";

export const apiKeyAuth = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("X-Api-Key");
  if (!key || !isWellFormedKey(key)) throw new ApiError("UNAUTHENTICATED");
  const now = Date.now();
  const found = await lookupKey(c.env.DB, await sha256Hex(key), now);
  if (!found || found.revokedAt !== null || found.expiresAt <= now) throw new ApiError("UNAUTHENTICATED");
  if (found.accountDisabled) throw new ApiError("ACCOUNT_DISABLED");
  c.set("principal", { accountId: found.accountId, keyId: found.keyId, subscription: found.subscription });
  await next();
});
