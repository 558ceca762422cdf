/** @module GET /checks: the account's checks, newest first. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { pageOfChecks } from "../../db/account-checks";
import { foldedCriterion } from "../../domain/criteria";
import { queriesWithCertificate } from "../../db/registration-detail";
import { toPage } from "../../serializers/page";
import { pagination } from "../../services/list-params";
import { CheckListQuery, CheckPageSchema } from "../../schemas/check";
import { presentChecks } from "../../services/check-views";

/** The queries a certificate-number search follows: a number is in one registration of each query of its subject. */
const SOURCE_QUERIES_SEARCHED = 200;

const route = createRoute({
  method: "get",
  path: "/checks",
  operationId: "listChecks",
  tags: ["Checks"],
  summary: "List checks, newest first",
  description:
    "`search` matches a substring of the applicant, of an invoice number or keyword among the criteria (or a criterion that folds to the same value as the matcher folds it: width, case, white space, traditional characters), or of a certificate number the check read; or a whole check id.",
  request: { query: CheckListQuery },
  responses: { 200: { description: "Page of checks", ...json(CheckPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
});

export function registerListChecks(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const { accountId } = c.get("principal");
    // Certificate numbers live with the registrations in the account's shard: the queries holding one go along with the search.
    const searchSourceQueryIds = q.search ? await queriesWithCertificate(accountDb(c), accountId, q.search, SOURCE_QUERIES_SEARCHED) : [];
    const filter = {
      ...(q.search ? { search: q.search, searchFolded: foldedCriterion(q.search), searchSourceQueryIds } : {}),
      ...(q.status ? { status: q.status } : {}),
    };
    const { rows, total } = await pageOfChecks(c.env.DB, accountId, filter, { pageSize, offset });
    return c.json(toPage(await presentChecks(c.env.DB, rows), { total, page, pageSize }), 200);
  });
}
