/** @module DELETE /me/totp: remove the second factor, with step-up; the user's other sessions end. */
import { createRoute } from "@hono/zod-openapi";
import { removeTotp } from "../../db/console-users";
import { auditEventOf, deliverAuditSoon } from "../../lib/audit-trail";
import { StepUpBody } from "../../schemas/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { requireStepUp } from "../auth/step-up";

const route = createRoute({
  method: "delete",
  path: "/me/totp",
  request: { body: { required: true, content: { "application/json": { schema: StepUpBody } } } },
  responses: {
    204: { description: "Removed; sign-in asks for no code (unless the account requires one: then enrol again)" },
    ...errorResponses("VALIDATION_FAILED", "UNAUTHENTICATED", "INVALID_CREDENTIALS", "CSRF_TOKEN_INVALID", "RATE_LIMITED", "SERVICE_UNAVAILABLE"),
  },
});

export function registerTotpRemove(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { user, detail } = await requireStepUp(c, c.req.valid("json"));
    const { accountId, actor } = c.get("principal");
    const event = auditEventOf(c, { accountId, kind: "user.totp_removed", actor, target: { type: "user", id: user.id }, detail: { ...detail } });
    await removeTotp(c.env.DB, user.id, Date.now(), event, detail.session);
    deliverAuditSoon(c, accountId);
    return c.body(null, 204);
  });
}
