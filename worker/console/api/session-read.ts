/** @module GET /session: the signed-in user and the session's CSRF token (a page reloaded gets it again). */
import { createRoute } from "@hono/zod-openapi";
import { csrfTokenOf } from "../auth/session-token";
import { SessionSchema } from "../../schemas/console";
import { toSessionUser } from "../../serializers/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "get",
  path: "/session",
  responses: { 200: { description: "The session", content: { "application/json": { schema: SessionSchema } } }, ...errorResponses() },
});

export function registerSessionRead(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const user = c.get("consoleUser");
    c.header("Cache-Control", "no-store");
    return c.json({ user: toSessionUser(user), csrfToken: await csrfTokenOf(user.sessionToken) }, 200);
  });
}
