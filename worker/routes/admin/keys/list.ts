/** @module GET /accounts/{id}/keys (management-api.md): the account's unrevoked keys. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../../responses";
import { unrevokedKeys } from "../../../db/keys";
import { toKeyListItem } from "../../../serializers/admin";
import { toItems } from "../../../serializers/page";
import { requireAccount } from "../../../services/lookups";
import type { RouteGroup } from "../../router";
import { AccountParams, KeyListSchema } from "../../../schemas/admin";

const route = createRoute({
  method: "get",
  path: "/accounts/{id}/keys",
  request: { params: AccountParams },
  responses: {
    200: { description: "Unrevoked keys, expired ones included", ...json(KeyListSchema) },
    ...errorResponses("NOT_FOUND"),
  },
});

export function registerListKeys(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const now = Date.now();
    const rows = await unrevokedKeys(c.env.DB, account.id);
    return c.json(toItems(rows.map((k) => toKeyListItem(k, now))), 200);
  });
}
