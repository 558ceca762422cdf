/** @module POST /users (owner): invite a user; the response carries the single-use link. */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { InvitedUserSchema, InviteUserBody } from "../../schemas/console";
import { inviteUser } from "../../services/console-users";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/users",
  middleware: [requireRole(OWNER_ONLY)],
  request: { body: { required: true, content: { "application/json": { schema: InviteUserBody } } } },
  responses: {
    201: { description: "Invited", content: { "application/json": { schema: InvitedUserSchema } } },
    ...errorResponses("VALIDATION_FAILED", "EMAIL_TAKEN", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerUserInvite(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await inviteUser(c, accountId, c.req.valid("json"), actor), 201);
  });
}
