/** @module PUT /account/security (owner): whether every user of the account must have a second factor. */
import { createRoute } from "@hono/zod-openapi";
import { setAccountRequiresTotp } from "../../db/console-users";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { auditEventOf, deliverAuditSoon } from "../../services/audit-trail";
import { requireRole } from "../auth/console-session";
import { SecurityBody } from "../../schemas/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "put",
  path: "/account/security",
  middleware: [requireRole(OWNER_ONLY)],
  request: { body: { required: true, content: { "application/json": { schema: SecurityBody } } } },
  responses: {
    200: { description: "The policy", content: { "application/json": { schema: SecurityBody } } },
    ...errorResponses("VALIDATION_FAILED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerSecurityUpdate(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    const { requireTotp } = c.req.valid("json");
    await setAccountRequiresTotp(
      c.env.DB,
      accountId,
      requireTotp,
      Date.now(),
      auditEventOf(c, { accountId, kind: "account.security_changed", actor, detail: { requireTotp } }),
    );
    deliverAuditSoon(c, accountId);
    return c.json({ requireTotp }, 200);
  });
}
