/** @module POST /users/{userId}/invitation (owner): a new invitation for a user who has not accepted; the old link stops working. */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { InvitedUserSchema, UserParams } from "../../schemas/console";
import { inviteAgain } from "../../services/invitation-resend";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/users/{userId}/invitation",
  middleware: [requireRole(OWNER_ONLY)],
  request: { params: UserParams },
  responses: {
    201: {
      description: "Invited again: the new link; the earlier one no longer works",
      content: { "application/json": { schema: InvitedUserSchema } },
    },
    ...errorResponses("NOT_FOUND", "USER_NOT_INVITED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerUserReinvite(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await inviteAgain(c, accountId, c.req.valid("param").userId, actor), 201);
  });
}
