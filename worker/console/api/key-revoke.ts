/** @module DELETE /keys/{keyId} (owner, analyst): revoked at once; accepted tasks go on. */
import { createRoute } from "@hono/zod-openapi";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { ConsoleKeyParams } from "../../schemas/console";
import { revokeApiKey } from "../../services/api-key-lifecycle";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "delete",
  path: "/keys/{keyId}",
  middleware: [requireRole(KEY_AND_REVIEW_ROLES)],
  request: { params: ConsoleKeyParams },
  responses: { 204: { description: "Revoked" }, ...errorResponses("NOT_FOUND", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID") },
});

export function registerKeyRevoke(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    await revokeApiKey(c, accountId, c.req.valid("param").keyId, actor);
    return c.body(null, 204);
  });
}
