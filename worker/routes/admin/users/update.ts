/** @module PATCH /accounts/{id}/users/{userId} (management API): status and role; disabling ends the user's sessions at once. */
import { createRoute } from "@hono/zod-openapi";
import { OPERATOR } from "../../../domain/audit";
import { AdminPatchUserBody, AdminUserParams, UserSchema } from "../../../schemas/console";
import { changeUser } from "../../../services/console-users";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";

const route = createRoute({
  method: "patch",
  path: "/accounts/{id}/users/{userId}",
  request: { params: AdminUserParams, body: { required: true, content: { "application/json": { schema: AdminPatchUserBody } } } },
  responses: {
    200: { description: "The user", content: { "application/json": { schema: UserSchema } } },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerAdminUserUpdate(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const { id, userId } = c.req.valid("param");
    return c.json(await changeUser(c, id, userId, c.req.valid("json"), OPERATOR), 200);
  });
}
