/** @module GET /checks/{id}/results: a page of the check's results, with the counts per review state. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { registrationsWithDocuments } from "../../db/registration-detail";
import { pageOfResults, resultCounts } from "../../db/results";
import { toResultPage, toResultSummary } from "../../serializers/check-result";
import { pagination } from "../../services/list-params";
import { resultFilter } from "../../services/list-params";
import { requireCheck } from "../../services/lookups";
import { CheckParams } from "../../schemas/check";
import { ResultListQuery, ResultPageSchema } from "../../schemas/check-result";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/results",
  operationId: "listCheckResults",
  tags: ["Checks"],
  summary: "List a check's results",
  description:
    "Filters: resultStatus, matchStatus, strength (each repeatable or comma-separated), criterionId. Order: sort=registration|strength|hits. counts ignore the filters.",
  request: { params: CheckParams, query: ResultListQuery },
  responses: { 200: { description: "Page of results", ...json(ResultPageSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerListCheckResults(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const check = await requireCheck(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const { rows, total } = await pageOfResults(accountDb(c), check.id, resultFilter(q), { pageSize, offset });
    const [registrations, tallies] = await Promise.all([
      registrationsWithDocuments(
        accountDb(c),
        rows.map((r) => r.registrationId),
      ),
      resultCounts(accountDb(c), check.id),
    ]);
    const items = rows.map((r) => toResultSummary(r, registrations.byId.get(r.registrationId)!, registrations.documents.get(r.registrationId) ?? []));
    return c.json(toResultPage(items, { page, pageSize, total }, tallies), 200);
  });
}
