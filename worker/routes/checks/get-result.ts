/** @module GET /checks/{id}/results/{registrationId}: one result with its registration and evidence. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { evidenceOfResult } from "../../db/evidence";
import { loadRegistrationDetail, registrationById } from "../../db/registration-detail";
import { ApiError } from "../../errors";
import { toPublicCheckResult } from "../../serializers/check-result";
import { toPublicRegistration } from "../../serializers/registration";
import { requireResult } from "../../services/lookups";
import { CheckResultSchema, ResultParams } from "../../schemas/check-result";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/results/{registrationId}",
  operationId: "getCheckResult",
  tags: ["Checks"],
  summary: "Read one result with its evidence",
  request: { params: ResultParams },
  responses: { 200: { description: "The result", ...json(CheckResultSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetCheckResult(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { id, registrationId } = c.req.valid("param");
    const result = await requireResult(c.env.DB, accountDb(c), c.get("principal").accountId, id, registrationId);
    const [registration, evidence] = await Promise.all([
      registrationById(accountDb(c), registrationId),
      evidenceOfResult(accountDb(c), id, registrationId),
    ]);
    if (!registration) throw new ApiError("NOT_FOUND");
    const detail = await loadRegistrationDetail(accountDb(c), registration);
    return c.json(toPublicCheckResult(result, toPublicRegistration(detail), evidence), 200);
  });
}
