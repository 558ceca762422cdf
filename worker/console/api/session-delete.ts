/** @module DELETE /session: sign out; the session is revoked server-side and the cookie cleared. */
import { createRoute } from "@hono/zod-openapi";
import { deleteCookie } from "hono/cookie";
import { endSession } from "../../db/console-sessions";
import { auditEventOf, deliverAuditSoon } from "../../services/audit-trail";
import { SESSION_COOKIE } from "../auth/console-session";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "delete",
  path: "/session",
  responses: { 204: { description: "Signed out" }, ...errorResponses("CSRF_TOKEN_INVALID") },
});

export function registerSessionDelete(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const user = c.get("consoleUser");
    const { accountId, actor } = c.get("principal");
    await endSession(
      c.env.DB,
      user.sessionId,
      Date.now(),
      auditEventOf(c, { accountId, kind: "session.ended", actor, target: { type: "session", id: user.sessionId } }),
    );
    deliverAuditSoon(c, accountId);
    deleteCookie(c, SESSION_COOKIE, { prefix: "host", path: "/", secure: true });
    return c.body(null, 204);
  });
}
