/**
 * @module PUT /me/password: a new password, with step-up; the user's other sessions end. The API keys
 * the user minted stay valid (an integration must not stop because a person changed a password), but
 * not silently: the event lists them (`detail.keysStillValid`), and the owner's overview marks each as
 * having outlived its creator's password change (view/session-keys.ts).
 */
import { createRoute } from "@hono/zod-openapi";
import { changePassword } from "../../db/console-users";
import { unrevokedKeys } from "../../db/keys";
import { parseActor } from "../../serializers/console";
import { auditEventOf, deliverAuditSoon } from "../../lib/audit-trail";
import { PasswordChangeBody } from "../../schemas/console";
import { validationError } from "../../errors";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { hashPassword, passwordWeakness } from "../auth/password";
import { requireStepUp } from "../auth/step-up";

const route = createRoute({
  method: "put",
  path: "/me/password",
  request: { body: { required: true, content: { "application/json": { schema: PasswordChangeBody } } } },
  responses: {
    204: { description: "Changed" },
    ...errorResponses("VALIDATION_FAILED", "UNAUTHENTICATED", "INVALID_CREDENTIALS", "CSRF_TOKEN_INVALID", "RATE_LIMITED", "SERVICE_UNAVAILABLE"),
  },
});

export function registerPasswordChange(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { newPassword, ...proof } = c.req.valid("json");
    const { user, detail } = await requireStepUp(c, proof);
    const weakness = await passwordWeakness(newPassword, { email: user.email, name: user.name, accountName: c.get("consoleUser").accountName });
    if (weakness) throw validationError([{ path: "newPassword", code: "INVALID_VALUE", message: weakness }]);
    const { accountId, actor } = c.get("principal");
    const now = Date.now();
    const keysStillValid = (await unrevokedKeys(c.env.DB, accountId))
      .filter((k) => k.expiresAt > now && parseActor(k.createdBy)?.id === user.id)
      .map((k) => ({ id: k.id, prefix: k.prefix }));
    const event = auditEventOf(c, {
      accountId,
      kind: "user.password_changed",
      actor,
      target: { type: "user", id: user.id },
      detail: { ...detail, keysStillValid },
    });
    await changePassword(c.env.DB, user.id, await hashPassword(newPassword), now, event, detail.session);
    deliverAuditSoon(c, accountId);
    return c.body(null, 204);
  });
}
