/**
 * @module POST /users (owner): invite a user. With a mail service the single-use link goes to the
 * invited address and the answer carries none; without, the answer carries it (`delivery`: link) and the
 * user's address stays unproven (worker/services/invitation-mail.ts).
 */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { ConsoleInvitedUserSchema, InviteUserBody } from "../../schemas/console";
import { consoleDelivery, inviteUser } from "../../services/console-users";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/users",
  middleware: [requireRole(OWNER_ONLY)],
  request: { body: { required: true, content: { "application/json": { schema: InviteUserBody } } } },
  responses: {
    201: { description: "Invited", content: { "application/json": { schema: ConsoleInvitedUserSchema } } },
    ...errorResponses("VALIDATION_FAILED", "EMAIL_TAKEN", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID", "SERVICE_UNAVAILABLE"),
  },
});

export function registerUserInvite(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await inviteUser(c, accountId, c.req.valid("json"), actor, consoleDelivery(c)), 201);
  });
}
