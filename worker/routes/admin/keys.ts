/** @module API keys (management-api.md): at most 3 valid per account, plaintext returned once. */
import { createRoute, type z } from "@hono/zod-openapi";
import { unrevokedKeys } from "../../db/keys";
import { OPERATOR } from "../../domain/audit";
import { createApiKey, revokeApiKey } from "../../services/api-key-lifecycle";
import { toKeyListItem } from "../../serializers/admin";
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
      return c.json(await createApiKey(c, account.id, body, OPERATOR), 201);
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
      await revokeApiKey(c, id, keyId, OPERATOR);
      return c.body(null, 204);
    },
  );
}
