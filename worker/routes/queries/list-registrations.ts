/** @module GET /queries/{id}/registrations: a page of the query's registrations. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { pageOfRegistrations } from "../../db/registration-detail";
import { toRegistrationSummary } from "../../serializers/registration";
import { enumList, pagination } from "../../services/list-params";
import { toPage } from "../../serializers/page";
import { QueryParams } from "../../schemas/query";
import { REGISTRATION_PARSE_STATUSES } from "../../schemas/query-vocabulary";
import { RegistrationListQuery, RegistrationPageSchema } from "../../schemas/registration";
import { requireQuery } from "../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/queries/{id}/registrations",
  operationId: "listRegistrations",
  tags: ["Queries"],
  summary: "List a query's registrations",
  description: "`search` matches the certificate number, party names and the property description.",
  request: { params: QueryParams, query: RegistrationListQuery },
  responses: {
    200: { description: "Page of registrations", ...json(RegistrationPageSchema) },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
  },
});

export function registerListRegistrations(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const query = await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const filter = {
      ...(q.search ? { search: q.search } : {}),
      parseStatuses: enumList("parseStatus", q.parseStatus, REGISTRATION_PARSE_STATUSES),
    };
    const { rows, total, documents } = await pageOfRegistrations(accountDb(c), query.id, filter, { pageSize, offset });
    return c.json(
      toPage(
        rows.map((r) => toRegistrationSummary(r, documents.get(r.id) ?? [])),
        { total, page, pageSize },
      ),
      200,
    );
  });
}
