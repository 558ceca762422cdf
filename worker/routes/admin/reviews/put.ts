/**
 * @module PUT /checks/{checkId}/results/{registrationId}/review (management-api.md): a manual review
 * conclusion for any account's check, by the operator (services/manual-review.ts has the rules and
 * writes the review.written event).
 */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { OPERATOR } from "../../../domain/audit";
import { writeManualReview } from "../../../services/manual-review";
import { ReviewBody, ReviewParams } from "../../../schemas/admin";
import { ManualReviewSchema } from "../../../schemas/check-result";
import type { RouteGroup } from "../../router";

const route = createRoute({
  method: "put",
  path: "/checks/{checkId}/results/{registrationId}/review",
  request: { params: ReviewParams, body: { required: true, content: { "application/json": { schema: ReviewBody } } } },
  responses: {
    200: { description: "The stored review", content: { "application/json": { schema: ManualReviewSchema } } },
    ...errorResponses("NOT_FOUND", "REVIEW_NOT_ALLOWED", "VALIDATION_FAILED"),
  },
});

export function registerPutReview(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const { checkId, registrationId } = c.req.valid("param");
    const { decision, note } = c.req.valid("json");
    return c.json(await writeManualReview(c, { checkId, registrationId, decision, note }, OPERATOR, null), 200);
  });
}
