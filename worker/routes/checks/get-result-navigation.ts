/** @module GET /checks/{id}/results/{registrationId}/navigation: where a result stands in the filtered, ordered list. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { resultPosition } from "../../db/results";
import { toNavigation } from "../../serializers/check-result";
import { resultFilter } from "../../services/list-params";
import { requireResult } from "../../services/lookups";
import { NavigationQuery, NavigationSchema, ResultParams } from "../../schemas/check-result";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/results/{registrationId}/navigation",
  operationId: "getCheckResultNavigation",
  tags: ["Checks"],
  summary: "Position, previous and next under the list's filters and order",
  request: { params: ResultParams, query: NavigationQuery },
  responses: { 200: { description: "Navigation", ...json(NavigationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetCheckResultNavigation(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { id, registrationId } = c.req.valid("param");
    await requireResult(c.env.DB, accountDb(c), c.get("principal").accountId, id, registrationId);
    return c.json(toNavigation(await resultPosition(accountDb(c), id, registrationId, resultFilter(c.req.valid("query")))), 200);
  });
}
