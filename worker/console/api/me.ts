/** @module GET /me: the signed-in user, the account, and its entitlements (the open API's PublicEntitlements). */
import { createRoute } from "@hono/zod-openapi";
import { loadEntitlements } from "../../db/entitlements";
import { MeSchema } from "../../schemas/console";
import { toSessionUser } from "../../serializers/console";
import { toPublicEntitlements } from "../../serializers/entitlements";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "get",
  path: "/me",
  responses: { 200: { description: "Who is signed in, where", content: { "application/json": { schema: MeSchema } } }, ...errorResponses() },
});

export function registerMe(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const user = c.get("consoleUser");
    const principal = c.get("principal");
    const entitlements = toPublicEntitlements(await loadEntitlements(c.env.DB, principal.accountId, principal.subscription, Date.now()));
    return c.json(
      {
        user: { ...toSessionUser(user), totpEnabled: user.totpEnabled },
        account: { id: principal.accountId, name: user.accountName, requireTotp: user.accountRequiresTotp },
        entitlements,
      },
      200,
    );
  });
}
