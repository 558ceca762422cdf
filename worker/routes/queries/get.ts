/** @module GET /queries/{id}: one query. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { toPublicQuery } from "../../serializers/query";
import { QueryParams, QuerySchema } from "../../schemas/query";
import { requireQuery } from "../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/queries/{id}",
  operationId: "getQuery",
  tags: ["Queries"],
  summary: "Read one query (not limited by the history window)",
  request: { params: QueryParams },
  responses: { 200: { description: "The query", ...json(QuerySchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetQuery(api: RouteGroup): void {
  api.openapi(route, async (c) => c.json(toPublicQuery(await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id)), 200));
}
