/** @module GET /audit.csv (owner): the filtered audit trail as CSV (RFC 4180, UTF-8 with BOM for spreadsheets), newest first. */
import { createRoute, z } from "@hono/zod-openapi";
import { OWNER_ONLY } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { AuditQuery } from "../../schemas/console";
import { auditCsvHeader, toAuditCsvRow } from "../../serializers/console";
import { auditFilter, readAuditPage } from "../../services/audit-reading";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

/** Rows read per page of the export; the export ends after EXPORT_MAX rows (a narrower filter gives the rest). */
const CHUNK = 500;
const EXPORT_MAX = 100_000;

const route = createRoute({
  method: "get",
  path: "/audit.csv",
  middleware: [requireRole(OWNER_ONLY)],
  request: { query: AuditQuery.omit({ page: true, pageSize: true }) },
  responses: {
    200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses("VALIDATION_FAILED", "ROLE_FORBIDDEN"),
  },
});

export function registerAuditExport(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const filter = auditFilter(c.req.valid("query"));
    const accountId = c.get("principal").accountId;
    let body = `\uFEFF${auditCsvHeader()}`;
    for (let page = 1; (page - 1) * CHUNK < EXPORT_MAX; page++) {
      const { rows } = await readAuditPage(c.env, accountId, filter, page, CHUNK);
      body += rows.map(toAuditCsvRow).join("");
      if (rows.length < CHUNK) break;
    }
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${accountId}.csv"`,
      "Cache-Control": "no-store",
    });
  });
}
