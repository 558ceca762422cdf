/** @module GET /account/entitlements: reads balances, reserves nothing. */
import { createRoute } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { loadEntitlements } from "../../db/entitlements";
import { toPublicEntitlements } from "../../serializers/entitlements";
import { errorResponses } from "../responses";
import { EntitlementsSchema } from "../../schemas/entitlements";

const route = createRoute({
  method: "get",
  path: "/account/entitlements",
  operationId: "getEntitlements",
  tags: ["Account"],
  summary: "Read the account's subscription and allowances",
  responses: {
    200: { description: "Entitlements", content: { "application/json": { schema: EntitlementsSchema } } },
    ...errorResponses(),
  },
});

export function registerEntitlementRoutes(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const principal = c.get("principal");
    return c.json(toPublicEntitlements(await loadEntitlements(c.env.DB, principal.accountId, principal.subscription, Date.now())), 200);
  });
}
