/** @module GET /accounts/{id} (management-api.md). */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../../responses";
import { toAdminAccount } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { AccountParams, AccountSchema } from "../../../schemas/admin";
import { requireAccount } from "../../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/accounts/{id}",
  request: { params: AccountParams },
  responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND") },
});

export function registerGetAccount(admin: RouteGroup): void {
  admin.openapi(route, async (c) => c.json(toAdminAccount(await requireAccount(c.env.DB, c.req.valid("param").id)), 200));
}
