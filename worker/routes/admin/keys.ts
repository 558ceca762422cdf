/** @module API keys (management-api.md): at most 3 valid per account, plaintext returned once. */
import { createRoute, type z } from "@hono/zod-openapi";
import { hasCurrentSubscription, insertKeyWithinLimit, revokeKey, unrevokedKeys } from "../../db/keys";
import { DEFAULT_KEY_VALIDITY_MS, MAX_VALID_KEYS, displayPrefix, generateApiKey } from "../../domain/api-keys";
import { ApiError, validationError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { forgetAccount } from "../../lib/key-cache";
import { parseIsoWithOffset } from "../../lib/time";
import { toCreatedKey, toKeyListItem } from "../../serializers/admin";
import { toItems } from "../../serializers/page";
import { errorResponses } from "../responses";
import { requireAccount } from "./accounts";
import type { RouteGroup } from "../router";
import { AccountParams, CreateKeyBody, CreatedKeySchema, KeyListSchema, KeyParams } from "../../schemas/admin";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export function registerKeyRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({
      method: "post",
      path: "/accounts/{id}/keys",
      request: { params: AccountParams, body: { ...json(CreateKeyBody), required: false } },
      responses: {
        201: { description: "The key; `key` is shown only here", ...json(CreatedKeySchema) },
        ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "SUBSCRIPTION_REQUIRED", "KEY_LIMIT_REACHED"),
      },
    }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const body = (c.req.valid("json") as z.infer<typeof CreateKeyBody> | undefined) ?? {};
      const now = Date.now();
      const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : now + DEFAULT_KEY_VALIDITY_MS;
      if (expiresAt <= now) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be in the future." }]);
      if (!(await hasCurrentSubscription(c.env.DB, account.id, now))) throw new ApiError("SUBSCRIPTION_REQUIRED");
      const key = generateApiKey();
      const row = {
        id: newId("key"),
        accountId: account.id,
        name: body.name ?? null,
        keyHash: await sha256Hex(key),
        prefix: displayPrefix(key),
        createdAt: now,
        expiresAt,
      };
      if (!(await insertKeyWithinLimit(c.env.DB, row, MAX_VALID_KEYS))) throw new ApiError("KEY_LIMIT_REACHED");
      return c.json(toCreatedKey(row, key), 201);
    },
  );

  admin.openapi(
    createRoute({
      method: "get",
      path: "/accounts/{id}/keys",
      request: { params: AccountParams },
      responses: {
        200: { description: "Unrevoked keys, expired ones included", ...json(KeyListSchema) },
        ...errorResponses("NOT_FOUND"),
      },
    }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const now = Date.now();
      const rows = await unrevokedKeys(c.env.DB, account.id);
      return c.json(toItems(rows.map((k) => toKeyListItem(k, now))), 200);
    },
  );

  admin.openapi(
    createRoute({
      method: "delete",
      path: "/accounts/{id}/keys/{keyId}",
      request: { params: KeyParams },
      responses: { 204: { description: "Revoked" }, ...errorResponses("NOT_FOUND") },
    }),
    async (c) => {
      const { id, keyId } = c.req.valid("param");
      if (!(await revokeKey(c.env.DB, id, keyId, Date.now()))) throw new ApiError("NOT_FOUND");
      forgetAccount(id);
      return c.body(null, 204);
    },
  );
}
