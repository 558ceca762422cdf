/** @module GET /checks: the account's checks, newest first. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { pageOfChecks } from "../../db/account-checks";
import { toPage } from "../../serializers/page";
import { pagination } from "../../services/list-params";
import { CheckListQuery, CheckPageSchema } from "../../schemas/check";
import { presentChecks } from "../../services/check-views";

const route = createRoute({
  method: "get",
  path: "/checks",
  operationId: "listChecks",
  tags: ["Checks"],
  summary: "List checks, newest first",
  description: "`search` matches a substring of the applicant, or a whole check id.",
  request: { query: CheckListQuery },
  responses: { 200: { description: "Page of checks", ...json(CheckPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
});

export function registerListChecks(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const filter = { ...(q.search ? { search: q.search } : {}), ...(q.status ? { status: q.status } : {}) };
    const { rows, total } = await pageOfChecks(c.env.DB, c.get("principal").accountId, filter, { pageSize, offset });
    return c.json(toPage(await presentChecks(c.env.DB, rows), { total, page, pageSize }), 200);
  });
}
