/** @module POST /invites/{token}: the invited user sets a password; the invitation is used up. */
import { createRoute } from "@hono/zod-openapi";
import { acceptInvite, openInvite } from "../../db/console-users";
import { ApiError, validationError } from "../../errors";
import { auditEventOf, deliverAuditSoon } from "../../services/audit-trail";
import { hashPassword, passwordWeakness } from "../auth/password";
import { TOKEN_PATTERN, tokenHash } from "../../lib/secret-token";
import { InviteAcceptBody, InviteAcceptedSchema, InviteParams } from "../../schemas/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/invites/{token}",
  request: { params: InviteParams, body: { required: true, content: { "application/json": { schema: InviteAcceptBody } } } },
  responses: {
    200: { description: "The password is set and the user active", content: { "application/json": { schema: InviteAcceptedSchema } } },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerInviteAccept(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { token } = c.req.valid("param");
    const { password } = c.req.valid("json");
    const now = Date.now();
    const invite = TOKEN_PATTERN.test(token) ? await openInvite(c.env.DB, await tokenHash(token), now) : undefined;
    if (!invite) throw new ApiError("NOT_FOUND");
    const weakness = await passwordWeakness(password, { email: invite.user.email, name: invite.user.name, accountName: invite.accountName });
    if (weakness) throw validationError([{ path: "password", code: "INVALID_VALUE", message: weakness }]);
    const { user } = invite;
    const event = auditEventOf(
      c,
      {
        accountId: user.accountId,
        kind: "user.activated",
        actor: { type: "user", id: user.id, label: user.email },
        target: { type: "user", id: user.id },
      },
      now,
    );
    // The link was emailed to this very address: whoever holds it reads that mailbox.
    const addressProven = invite.emailedTo !== null && invite.emailedTo === user.email;
    if (!(await acceptInvite(c.env.DB, invite.inviteId, user.id, await hashPassword(password), now, event, addressProven)))
      throw new ApiError("NOT_FOUND");
    deliverAuditSoon(c, user.accountId);
    return c.json({ email: user.email }, 200);
  });
}
