/** @module API keys (management-api.md): at most 3 valid per account, plaintext returned once. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { apiKeys } from "../../db/schema";
import { CURRENT_SUBSCRIPTION_SQL } from "../../db/auth";
import { DEFAULT_KEY_VALIDITY_MS, MAX_VALID_KEYS, displayPrefix, generateApiKey } from "../../domain/api-keys";
import { ApiError, validationError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { forgetAccount } from "../../lib/key-cache";
import { parseIsoWithOffset, toIso } from "../../lib/time";
import { errorResponses } from "../responses";
import { requireAccount } from "./accounts";
import type { RouteGroup } from "../router";
import { AccountParams, CreateKeyBody, CreatedKeySchema, KeyListItemSchema, KeyParams } from "./schema";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export function registerKeyRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({ method: "post", path: "/accounts/{id}/keys", request: { params: AccountParams, body: { ...json(CreateKeyBody), required: false } },
      responses: { 201: { description: "The key; `key` is shown only here", ...json(CreatedKeySchema) },
        ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "SUBSCRIPTION_REQUIRED", "KEY_LIMIT_REACHED") } }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const body = (c.req.valid("json") as z.infer<typeof CreateKeyBody> | undefined) ?? {};
      const now = Date.now();
      const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : now + DEFAULT_KEY_VALIDITY_MS;
      if (expiresAt <= now) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be in the future." }]);
      const subscription = await c.env.DB.prepare(CURRENT_SUBSCRIPTION_SQL).bind(account.id, now).first();
      if (!subscription) throw new ApiError("SUBSCRIPTION_REQUIRED");
      const key = generateApiKey();
      const row = { id: newId("key"), accountId: account.id, name: body.name ?? null, keyHash: await sha256Hex(key), prefix: displayPrefix(key), createdAt: now, expiresAt };
      // Count and insert in one statement, so concurrent creations cannot pass 3 valid keys together.
      const inserted = await c.env.DB.prepare(
        `INSERT INTO api_keys (id, account_id, name, key_hash, prefix, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
         WHERE (SELECT COUNT(*) FROM api_keys WHERE account_id = ?2 AND revoked_at IS NULL AND expires_at > ?6) < ?8`,
      ).bind(row.id, row.accountId, row.name, row.keyHash, row.prefix, row.createdAt, row.expiresAt, MAX_VALID_KEYS).run();
      if (inserted.meta.changes !== 1) throw new ApiError("KEY_LIMIT_REACHED");
      return c.json({ id: row.id, name: row.name, prefix: row.prefix, key, createdAt: toIso(now), expiresAt: toIso(expiresAt) }, 201);
    },
  );

  admin.openapi(
    createRoute({ method: "get", path: "/accounts/{id}/keys", request: { params: AccountParams },
      responses: { 200: { description: "Unrevoked keys, expired ones included", ...json(z.object({ items: z.array(KeyListItemSchema) })) }, ...errorResponses("NOT_FOUND") } }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const now = Date.now();
      const rows = await drizzle(c.env.DB).select().from(apiKeys)
        .where(and(eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt))).orderBy(apiKeys.createdAt).all();
      return c.json({ items: rows.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, createdAt: toIso(k.createdAt), expiresAt: toIso(k.expiresAt), expired: k.expiresAt <= now })) }, 200);
    },
  );

  admin.openapi(
    createRoute({ method: "delete", path: "/accounts/{id}/keys/{keyId}", request: { params: KeyParams },
      responses: { 204: { description: "Revoked" }, ...errorResponses("NOT_FOUND") } }),
    async (c) => {
      const { id, keyId } = c.req.valid("param");
      const result = await drizzle(c.env.DB).update(apiKeys).set({ revokedAt: Date.now() })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, id), isNull(apiKeys.revokedAt))).run();
      if (result.meta.changes !== 1) throw new ApiError("NOT_FOUND");
      forgetAccount(id);
      return c.body(null, 204);
    },
  );
}
