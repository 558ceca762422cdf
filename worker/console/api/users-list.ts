/** @module GET /users (owner): the account's users, no secrets. */
import { createRoute } from "@hono/zod-openapi";
import { usersOf } from "../../db/console-users";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { UserListSchema } from "../../schemas/console";
import { toConsoleUser } from "../../serializers/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "get",
  path: "/users",
  middleware: [requireRole(OWNER_ONLY)],
  responses: { 200: { description: "Users", content: { "application/json": { schema: UserListSchema } } }, ...errorResponses("ROLE_FORBIDDEN") },
});

export function registerUsersList(api: RouteGroup): void {
  api.openapi(route, async (c) => c.json({ items: (await usersOf(c.env.DB, c.get("principal").accountId)).map(toConsoleUser) }, 200));
}
