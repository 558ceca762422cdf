/**
 * @module GET /checks/{id}/export?format=csv|xlsx|pdf (all roles): the check for the credit file
 * (console-api.md), in the reader's language (`lang`) and time zone (`tz`), recorded as `check.exported`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { recordAuditEvent } from "../../lib/audit-trail";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { CheckParams } from "../../schemas/check";
import { CheckExportQuery } from "../../schemas/console-checks";
import { checkCsv } from "../export/check-csv";
import { checkPdf } from "../export/check-pdf";
import { readCheckReport } from "../export/check-report";
import { checkXlsx } from "../export/check-xlsx";
import { exportFontFile } from "../export/export-font";
import { DEFAULT_TIME_ZONE } from "../export/zoned-time";
import { DEFAULT_LANG } from "../view/i18n";

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

const binary = z.string().openapi({ format: "binary" });

const route = createRoute({
  method: "get",
  path: "/checks/{id}/export",
  request: { params: CheckParams, query: CheckExportQuery },
  responses: {
    200: {
      description: "The check's summary, results and conclusions as CSV (UTF-8 with BOM), XLSX or PDF",
      content: {
        [CONTENT_TYPES.csv]: { schema: z.string() },
        [CONTENT_TYPES.xlsx]: { schema: binary },
        [CONTENT_TYPES.pdf]: { schema: binary },
      },
    },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerCheckExport(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { format, lang = DEFAULT_LANG, tz = DEFAULT_TIME_ZONE } = c.req.valid("query");
    const { accountId, actor } = c.get("principal");
    const report = await readCheckReport(c, c.req.valid("param").id);
    const context = { lang, zone: tz, exportedBy: actor.label, exportedAt: Date.now() };
    const file =
      format === "csv"
        ? checkCsv(report, tz)
        : format === "xlsx"
          ? checkXlsx(report, context)
          : await checkPdf(report, context, await exportFontFile(c.env.ASSETS));
    await recordAuditEvent(c, { accountId, kind: "check.exported", actor, target: { type: "check", id: report.check.id }, detail: { format } });
    const headers = {
      "Cache-Control": "no-store",
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="check-${report.check.id}.${format}"`,
    };
    return c.body(typeof file === "string" ? file : (file as Uint8Array<ArrayBuffer>), 200, headers);
  });
}
