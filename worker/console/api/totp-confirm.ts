/**
 * @module PUT /me/totp: a code from the app confirms the pending secret, with step-up (the current
 * password, or a current code of the factor it replaces); from then on sign-in asks for a code, and the
 * user's other sessions end (a factor changed). The event names the session that made the change.
 */
import { createRoute } from "@hono/zod-openapi";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon } from "../../lib/audit-trail";
import { TotpConfirmBody } from "../../schemas/console";
import { confirmTotpEnrolment } from "../auth/second-factor";
import { requireStepUp } from "../auth/step-up";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "put",
  path: "/me/totp",
  request: { body: { required: true, content: { "application/json": { schema: TotpConfirmBody } } } },
  responses: {
    204: { description: "Enrolled" },
    ...errorResponses(
      "VALIDATION_FAILED",
      "UNAUTHENTICATED",
      "INVALID_CREDENTIALS",
      "TOTP_REQUIRED",
      "CSRF_TOKEN_INVALID",
      "RATE_LIMITED",
      "SERVICE_UNAVAILABLE",
    ),
  },
});

export function registerTotpConfirm(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { code, ...proof } = c.req.valid("json");
    const { user, detail } = await requireStepUp(c, proof);
    const { accountId, actor } = c.get("principal");
    const event = auditEventOf(c, { accountId, kind: "user.totp_enrolled", actor, target: { type: "user", id: actor.id }, detail: { ...detail } });
    if (!(await confirmTotpEnrolment(c.env, user, code, Date.now(), event, detail.session))) throw new ApiError("TOTP_REQUIRED");
    deliverAuditSoon(c, accountId);
    return c.body(null, 204);
  });
}
