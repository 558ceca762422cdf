/** @module PUT /me/totp: a code from the app confirms the pending secret; from then on sign-in asks for a code. */
import { createRoute } from "@hono/zod-openapi";
import { confirmTotp, userOf } from "../../db/console-users";
import { ApiError } from "../../errors";
import { auditEventOf, deliverAuditSoon } from "../../lib/audit-trail";
import { verifyTotp } from "../../lib/totp";
import { TotpConfirmBody } from "../../schemas/console";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";

const route = createRoute({
  method: "put",
  path: "/me/totp",
  request: { body: { required: true, content: { "application/json": { schema: TotpConfirmBody } } } },
  responses: { 204: { description: "Enrolled" }, ...errorResponses("VALIDATION_FAILED", "TOTP_REQUIRED", "CSRF_TOKEN_INVALID") },
});

export function registerTotpConfirm(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    const user = await userOf(c.env.DB, accountId, actor.id);
    const pending = user?.totpPendingSecret;
    if (!pending || !verifyTotp(pending, c.req.valid("json").code)) throw new ApiError("TOTP_REQUIRED");
    await confirmTotp(
      c.env.DB,
      actor.id,
      pending,
      Date.now(),
      auditEventOf(c, { accountId, kind: "user.totp_enrolled", actor, target: { type: "user", id: actor.id } }),
    );
    deliverAuditSoon(c, accountId);
    return c.body(null, 204);
  });
}
