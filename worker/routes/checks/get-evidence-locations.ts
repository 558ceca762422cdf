/** @module GET /checks/{id}/results/{registrationId}/evidence-locations: where a result's evidence lies on one page. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { evidenceInDocument } from "../../db/evidence";
import { documentOfRegistration } from "../../db/registration-detail";
import { parsePageReadings } from "../../domain/page-reading";
import { ApiError, validationError } from "../../errors";
import { toEvidenceLocations } from "../../serializers/evidence";
import { locate, pageLayout } from "../../services/evidence-locations";
import { requireResult } from "../../services/lookups";
import { ResultParams } from "../../schemas/check-result";
import { EvidenceLocationsQuery, EvidenceLocationsSchema } from "../../schemas/evidence";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/results/{registrationId}/evidence-locations",
  operationId: "getEvidenceLocations",
  tags: ["Checks"],
  summary: "Where the evidence lies on one page (word, OCR-line region, or page precision)",
  request: { params: ResultParams, query: EvidenceLocationsQuery },
  responses: { 200: { description: "Locations", ...json(EvidenceLocationsSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetEvidenceLocations(api: RouteGroup): void {
  api.openapi(route, async (c) => {
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
  });
}
