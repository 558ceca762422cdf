/** @module GET /keys: the account's unrevoked keys (expired ones included) and who made each. */
import { createRoute } from "@hono/zod-openapi";
import { unrevokedKeys } from "../../db/keys";
import { ConsoleKeyListSchema } from "../../schemas/console";
import { toConsoleKey } from "../../serializers/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "get",
  path: "/keys",
  responses: { 200: { description: "Unrevoked keys", content: { "application/json": { schema: ConsoleKeyListSchema } } }, ...errorResponses() },
});

export function registerKeysList(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const now = Date.now();
    const rows = await unrevokedKeys(c.env.DB, c.get("principal").accountId);
    return c.json({ items: rows.map((k) => toConsoleKey(k, now)) }, 200);
  });
}
