/** @module POST /accounts/{id}/keys (management-api.md): a new API key, at most 3 valid per account; plaintext returned once, only its hash stored. */
import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { OPERATOR } from "../../../domain/audit";
import { createApiKey } from "../../../services/api-key-lifecycle";
import { requireAccount } from "../../../services/lookups";
import type { RouteGroup } from "../../router";
import { AccountParams, CreateKeyBody, CreatedKeySchema } from "../../../schemas/admin";
import { json } from "../../responses";

const route = createRoute({
  method: "post",
  path: "/accounts/{id}/keys",
  request: { params: AccountParams, body: { ...json(CreateKeyBody), required: false } },
  responses: {
    201: { description: "The key; `key` is shown only here", ...json(CreatedKeySchema) },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "SUBSCRIPTION_REQUIRED", "KEY_LIMIT_REACHED"),
  },
});

export function registerCreateKey(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const body = (c.req.valid("json") as z.infer<typeof CreateKeyBody> | undefined) ?? {};
    return c.json(await createApiKey(c, account.id, body, OPERATOR), 201);
  });
}
