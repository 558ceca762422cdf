/** @module GET /audit (owner): the account's audit trail, newest first; filters kind, actor, from, to. */
import { createRoute } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { AuditPageSchema, AuditQuery } from "../../schemas/console";
import { toAuditEvent } from "../../serializers/console";
import { auditFilter, readAuditPage } from "../../services/audit-reading";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "get",
  path: "/audit",
  middleware: [requireRole(OWNER_ONLY)],
  request: { query: AuditQuery },
  responses: {
    200: { description: "Events", content: { "application/json": { schema: AuditPageSchema } } },
    ...errorResponses("VALIDATION_FAILED", "ROLE_FORBIDDEN"),
  },
});

export function registerAuditList(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const { rows, total } = await readAuditPage(c.env, c.get("principal").accountId, auditFilter(query), page, pageSize);
    return c.json({ items: rows.map(toAuditEvent), total, page, pageSize }, 200);
  });
}
