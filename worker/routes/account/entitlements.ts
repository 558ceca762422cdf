/** @module GET /account/entitlements: reads balances, reserves nothing. */
import { createRoute } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { loadEntitlements } from "../../db/entitlements";
import { toIso } from "../../lib/time";
import { errorResponses } from "../responses";
import { EntitlementsSchema } from "./schema";

const route = createRoute({
  method: "get",
  path: "/account/entitlements", operationId: "getEntitlements", tags: ["Account"],
  summary: "Read the account's subscription and allowances",
  responses: {
    200: { description: "Entitlements", content: { "application/json": { schema: EntitlementsSchema } } },
    ...errorResponses(),
  },
});

export function registerEntitlementRoutes(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const principal = c.get("principal");
    const e = await loadEntitlements(c.env.DB, principal.accountId, principal.subscription, Date.now());
    return c.json(
      {
        ...e,
        subscription: e.subscription && {
          cycle: e.subscription.cycle,
          startsAt: toIso(e.subscription.startsAt),
          endsAt: toIso(e.subscription.endsAt),
          periodEndsAt: toIso(e.subscription.periodEndsAt),
          plan: {
            id: e.subscription.plan.id,
            name: e.subscription.plan.name,
            checkAllowance: e.subscription.plan.checkAllowance,
            queryAllowance: e.subscription.plan.queryAllowance,
          },
        },
      },
      200,
    );
  });
}
