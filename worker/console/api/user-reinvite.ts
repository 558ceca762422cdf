/**
 * @module POST /users/{userId}/invitation (owner): a new invitation for a user who has not accepted one;
 * the old link stops working. Delivered as POST /users delivers (by email to the address when the
 * deployment has a mail service); 409 USER_NOT_INVITED when the user is active or disabled.
 */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { ConsoleInvitedUserSchema, UserParams } from "../../schemas/console";
import { consoleDelivery, reinviteUser } from "../../services/console-users";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/users/{userId}/invitation",
  middleware: [requireRole(OWNER_ONLY)],
  request: { params: UserParams },
  responses: {
    201: { description: "Invited again", content: { "application/json": { schema: ConsoleInvitedUserSchema } } },
    ...errorResponses("NOT_FOUND", "USER_NOT_INVITED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID", "SERVICE_UNAVAILABLE"),
  },
});

export function registerUserReinvite(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await reinviteUser(c, accountId, c.req.valid("param").userId, actor, consoleDelivery(c)), 201);
  });
}
