/**
 * @module Open-API authentication by X-Api-Key only (cookies never authenticate). Unknown, expired,
 * revoked and malformed keys get one and the same 401, so a caller learns nothing about which. A
 * request that sends no X-Api-Key but an Authorization header gets the 401 with a hint of where the
 * key goes (the usual mistake with `Authorization: Bearer <key>`); the header's value is never read.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { readConfig } from "../config";
import { lookupKey, type KeyLookup } from "../db/auth";
import { isWellFormedKey } from "../domain/api-keys";
import { ApiError } from "../errors";
import { sha256Hex } from "../lib/crypto";
import { cachedLookup, cacheLookup } from "../auth/key-cache";

const KEY_HEADER_HINT = "The API key goes in the X-Api-Key header; the Authorization header is not read by the open API.";

export const apiKeyAuth = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("X-Api-Key");
  if (key === undefined && c.req.header("Authorization") !== undefined) throw new ApiError("UNAUTHENTICATED", { message: KEY_HEADER_HINT });
  if (!key || !isWellFormedKey(key)) throw new ApiError("UNAUTHENTICATED");
  const now = Date.now();
  const found = await findKey(c.env, await sha256Hex(key), now);
  if (!found || found.revokedAt !== null || found.expiresAt <= now) throw new ApiError("UNAUTHENTICATED");
  if (found.accountDisabled) throw new ApiError("ACCOUNT_DISABLED");
  c.set("principal", {
    accountId: found.accountId,
    actor: { type: "api_key", id: found.keyId, label: found.prefix },
    shard: found.shard,
    subscription: found.subscription,
  });
  await next();
});

/** The key's state, from the isolate's cache or from D1 (then cached for AUTH_CACHE_MS; auth/key-cache.ts). */
async function findKey(env: Env, keyHash: string, now: number): Promise<KeyLookup | null> {
  const cached = cachedLookup(keyHash, now);
  if (cached) return cached;
  const found = await lookupKey(env.DB, keyHash, now);
  if (found) cacheLookup(keyHash, found, now, readConfig(env).authCacheMs);
  return found;
}
