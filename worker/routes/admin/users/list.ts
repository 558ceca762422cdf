/** @module GET /accounts/{id}/users (management API): the account's users, no secrets. */
import { createRoute } from "@hono/zod-openapi";
import { usersOf } from "../../../db/console-users";
import { AccountParams } from "../../../schemas/admin";
import { UserListSchema } from "../../../schemas/console";
import { toConsoleUser } from "../../../serializers/console";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";
import { requireAccount } from "../../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/accounts/{id}/users",
  request: { params: AccountParams },
  responses: { 200: { description: "Users", content: { "application/json": { schema: UserListSchema } } }, ...errorResponses("NOT_FOUND") },
});

export function registerAdminUsersList(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    return c.json({ items: (await usersOf(c.env.DB, account.id)).map(toConsoleUser) }, 200);
  });
}
