/** @module PATCH /users/{userId} (owner): change a role, disable or re-enable; disabling ends the user's sessions at once. */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { ApiError } from "../../errors";
import { requireRole } from "../auth/console-session";
import { ConsolePatchUserBody, UserParams, UserSchema } from "../../schemas/console";
import { changeUser } from "../../services/console-users";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "patch",
  path: "/users/{userId}",
  middleware: [requireRole(OWNER_ONLY)],
  request: { params: UserParams, body: { required: true, content: { "application/json": { schema: ConsolePatchUserBody } } } },
  responses: {
    200: { description: "The user", content: { "application/json": { schema: UserSchema } } },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerUserUpdate(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    const { userId } = c.req.valid("param");
    const change = c.req.valid("json");
    // An owner cannot lock themselves out (demote or disable): another owner must do it.
    if (userId === actor.id && (change.status === "disabled" || (change.role !== undefined && change.role !== "owner")))
      throw new ApiError("ROLE_FORBIDDEN", { message: "An owner cannot demote or disable themselves." });
    return c.json(await changeUser(c, accountId, userId, change, actor), 200);
  });
}
