/** @module GET /accounts/{id}/audit (management API): the same events the account's owners read in the console. */
import { createRoute } from "@hono/zod-openapi";
import { AccountParams } from "../../../schemas/admin";
import { AuditPageSchema, AuditQuery } from "../../../schemas/console";
import { toAuditEvent } from "../../../serializers/console";
import { auditFilter, readAuditPage } from "../../../services/audit-reading";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";
import { requireAccount } from "../../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/accounts/{id}/audit",
  request: { params: AccountParams, query: AuditQuery },
  responses: {
    200: { description: "Events, newest first", content: { "application/json": { schema: AuditPageSchema } } },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerAdminAuditList(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const query = c.req.valid("query");
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const { rows, total } = await readAuditPage(c.env, account.id, auditFilter(query), page, pageSize);
    return c.json({ items: rows.map(toAuditEvent), total, page, pageSize }, 200);
  });
}
