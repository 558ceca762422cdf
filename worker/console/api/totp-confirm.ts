/**
 * @module PUT /me/totp: a code from the app confirms the pending secret; from then on sign-in asks for a
 * code, and the user's other sessions end (a factor changed).
 */
import { createRoute } from "@hono/zod-openapi";
import { userOf } from "../../db/console-users";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon } from "../../services/audit-trail";
import { TotpConfirmBody } from "../../schemas/console";
import { confirmTotpEnrolment } from "../auth/second-factor";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "put",
  path: "/me/totp",
  request: { body: { required: true, content: { "application/json": { schema: TotpConfirmBody } } } },
  responses: {
    204: { description: "Enrolled" },
    ...errorResponses("VALIDATION_FAILED", "TOTP_REQUIRED", "CSRF_TOKEN_INVALID", "SERVICE_UNAVAILABLE"),
  },
});

export function registerTotpConfirm(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    const user = await userOf(c.env.DB, accountId, actor.id);
    const event = auditEventOf(c, { accountId, kind: "user.totp_enrolled", actor, target: { type: "user", id: actor.id } });
    if (!user || !(await confirmTotpEnrolment(c.env, user, c.req.valid("json").code, Date.now(), event, c.get("consoleUser").sessionId)))
      throw new ApiError("TOTP_REQUIRED");
    deliverAuditSoon(c, accountId);
    return c.body(null, 204);
  });
}
