/** @module Check results: the list, one result, navigation among results, and evidence locations. */
import { createRoute, type z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { evidenceInDocument, evidenceOfResult } from "../../db/evidence";
import { documentOfRegistration, loadRegistrationDetail, registrationById, registrationsWithDocuments } from "../../db/registration-detail";
import { findResult, pageOfResults, resultCounts, resultPosition } from "../../db/results";
import type { CheckResultRecord } from "../../db/results";
import { parsePageReadings } from "../../domain/page-reading";
import { ApiError, validationError } from "../../errors";
import { resultIndexStatus, toNavigation, toPublicCheckResult, toResultPage, toResultSummary } from "../../serializers/check-result";
import { toEvidenceLocations } from "../../serializers/evidence";
import { toPublicRegistration } from "../../serializers/registration";
import { errorResponses } from "../responses";
import { pagination } from "../shared";
import { resultFilter } from "./filters";
import { locate, pageLayout } from "./locations";
import { requireCheck } from "./read";
import { CheckParams } from "../../schemas/check";
import { CheckResultSchema, NavigationQuery, NavigationSchema, ResultListQuery, ResultPageSchema, ResultParams } from "../../schemas/check-result";
import { EvidenceLocationsQuery, EvidenceLocationsSchema } from "../../schemas/evidence";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

/** The account's check's result for that registration (another account's is as absent as a missing one). */
async function requireResult(
  db: D1Database,
  shard: D1Database,
  accountId: string,
  checkId: string,
  registrationId: string,
): Promise<CheckResultRecord> {
  // The check (shared D1) and the result (the account's shard) side by side: the check decides ownership.
  const [, result] = await Promise.all([requireCheck(db, accountId, checkId), findResult(shard, checkId, registrationId)]);
  if (!result) throw new ApiError("NOT_FOUND");
  return result;
}

export function registerCheckResults(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get",
      path: "/checks/{id}/results",
      operationId: "listCheckResults",
      tags: ["Checks"],
      summary: "List a check's results",
      description:
        "Filters: resultStatus, matchStatus, strength (each repeatable or comma-separated), criterionId. Order: sort=registration|strength|hits. counts ignore the filters.",
      request: { params: CheckParams, query: ResultListQuery },
      responses: { 200: { description: "Page of results", ...json(ResultPageSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
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
      const items = rows.map((r) =>
        toResultSummary(r, registrations.byId.get(r.registrationId)!, registrations.documents.get(r.registrationId) ?? []),
      );
      return c.json(toResultPage(items, { page, pageSize, total }, tallies), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/checks/{id}/results/{registrationId}",
      operationId: "getCheckResult",
      tags: ["Checks"],
      summary: "Read one result with its evidence",
      request: { params: ResultParams },
      responses: { 200: { description: "The result", ...json(CheckResultSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      const result = await requireResult(c.env.DB, accountDb(c), c.get("principal").accountId, id, registrationId);
      const [registration, evidence] = await Promise.all([
        registrationById(accountDb(c), registrationId),
        evidenceOfResult(accountDb(c), id, registrationId),
      ]);
      if (!registration) throw new ApiError("NOT_FOUND");
      const detail = await loadRegistrationDetail(accountDb(c), registration);
      return c.json(toPublicCheckResult(result, toPublicRegistration(detail, resultIndexStatus(result)), evidence), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/checks/{id}/results/{registrationId}/navigation",
      operationId: "getCheckResultNavigation",
      tags: ["Checks"],
      summary: "Position, previous and next under the list's filters and order",
      request: { params: ResultParams, query: NavigationQuery },
      responses: { 200: { description: "Navigation", ...json(NavigationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      await requireResult(c.env.DB, accountDb(c), c.get("principal").accountId, id, registrationId);
      return c.json(toNavigation(await resultPosition(accountDb(c), id, registrationId, resultFilter(c.req.valid("query")))), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/checks/{id}/results/{registrationId}/evidence-locations",
      operationId: "getEvidenceLocations",
      tags: ["Checks"],
      summary: "Where the evidence lies on one page (word, OCR-line region, or page precision)",
      request: { params: ResultParams, query: EvidenceLocationsQuery },
      responses: { 200: { description: "Locations", ...json(EvidenceLocationsSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      await requireResult(c.env.DB, accountDb(c), c.get("principal").accountId, id, registrationId);
      const { documentId, pageNumber: pageText } = c.req.valid("query");
      const pageNumber = Number(pageText);
      const doc = await documentOfRegistration(accountDb(c), registrationId, documentId);
      if (!doc) throw new ApiError("NOT_FOUND");
      const pageCount = doc.pageCount ?? 0;
      if (pageCount > 0 && pageNumber > pageCount)
        throw validationError([{ path: "pageNumber", code: "OUT_OF_RANGE", message: "The document has fewer pages." }]);
      const page = parsePageReadings(doc.pages)[pageNumber - 1];
      const [evidence, layout] = await Promise.all([
        evidenceInDocument(accountDb(c), id, registrationId, documentId),
        pageLayout(c.env.FILES, doc, pageNumber),
      ]);
      const located = evidence.filter((e) => e.pageNumber === pageNumber).map((e) => locate(e, page, layout));
      return c.json(toEvidenceLocations(doc, pageNumber, page, located), 200);
    },
  );
}
