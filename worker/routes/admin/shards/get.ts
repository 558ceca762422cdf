/** @module GET /accounts/{id}/shard (an extension of management-api.md): where the account's data lives. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../../responses";
import { toAccountShard } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { AccountParams, AccountShardSchema } from "../../../schemas/admin";
import { requireShardEntry } from "../../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/accounts/{id}/shard",
  request: { params: AccountParams },
  responses: { 200: { description: "The account's shard", ...json(AccountShardSchema) }, ...errorResponses("NOT_FOUND") },
});

export function registerGetAccountShard(admin: RouteGroup): void {
  admin.openapi(route, async (c) => c.json(toAccountShard(await requireShardEntry(c.env.DB, c.req.valid("param").id)), 200));
}
