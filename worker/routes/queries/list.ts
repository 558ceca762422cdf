/** @module GET /queries: the account's queries of the last 6 calendar months, newest first. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { pageOfQueries } from "../../db/account-queries";
import { historyWindowStart } from "../../lib/time";
import { toPublicQuery } from "../../serializers/query";
import { pagination } from "../../services/list-params";
import { toPage } from "../../serializers/page";
import { QueryListQuery, QueryPageSchema } from "../../schemas/query";

const route = createRoute({
  method: "get",
  path: "/queries",
  operationId: "listQueries",
  tags: ["Queries"],
  summary: "List queries of the last 6 calendar months, newest first",
  description:
    "Only queries created on or after 00:00 Beijing time of today minus 6 months. `search` matches a substring of the subject name, or a whole query id.",
  request: { query: QueryListQuery },
  responses: { 200: { description: "Page of queries", ...json(QueryPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
});

export function registerListQueries(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const filter = { since: historyWindowStart(Date.now()), ...(q.search ? { search: q.search } : {}), ...(q.status ? { status: q.status } : {}) };
    const { rows, total } = await pageOfQueries(c.env.DB, c.get("principal").accountId, filter, { pageSize, offset });
    return c.json(toPage(rows.map(toPublicQuery), { total, page, pageSize }), 200);
  });
}
