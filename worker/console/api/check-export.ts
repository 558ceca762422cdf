/**
 * @module GET /checks/{id}/export?format=csv|pdf (all roles): the check for the credit file
 * (console-api.md), in the reader's language (`lang`), recorded as `check.exported`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { recordAuditEvent } from "../../services/audit-trail";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { CheckParams } from "../../schemas/check";
import { CheckExportQuery } from "../../schemas/console-checks";
import { checkCsv } from "../export/check-csv";
import { checkPdf } from "../export/check-pdf";
import { readCheckReport } from "../export/check-report";
import { DEFAULT_LANG } from "../view/i18n";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/export",
  request: { params: CheckParams, query: CheckExportQuery },
  responses: {
    200: {
      description: "The check's results and conclusions as CSV (UTF-8 with BOM) or PDF",
      content: { "text/csv": { schema: z.string() }, "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerCheckExport(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { format, lang = DEFAULT_LANG } = c.req.valid("query");
    const { accountId, actor } = c.get("principal");
    const report = await readCheckReport(c, c.req.valid("param").id, format === "pdf");
    await recordAuditEvent(c, { accountId, kind: "check.exported", actor, target: { type: "check", id: report.check.id }, detail: { format } });
    const headers = { "Cache-Control": "no-store", "Content-Disposition": `attachment; filename="check-${report.check.id}.${format}"` };
    if (format === "csv") return c.body(checkCsv(lang, report), 200, { ...headers, "Content-Type": "text/csv; charset=utf-8" });
    const pdf = checkPdf(report, { lang, exportedBy: actor.label, exportedAt: Date.now() });
    return c.body(pdf.buffer as ArrayBuffer, 200, { ...headers, "Content-Type": "application/pdf" });
  });
}
