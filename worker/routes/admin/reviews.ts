/**
 * @module Manual review conclusions (management-api.md): only a matched candidate whose source is
 * available; each conclusion is a new version; the check's counts and status follow.
 */
import { createRoute } from "@hono/zod-openapi";
import { OPERATOR } from "../../domain/audit";
import { writeManualReview } from "../../services/manual-review";
import { ReviewBody, ReviewParams } from "../../schemas/admin";
import { ManualReviewSchema } from "../../schemas/check-result";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";

export function registerReviewRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({
      method: "put",
      path: "/checks/{checkId}/results/{registrationId}/review",
      request: { params: ReviewParams, body: { required: true, content: { "application/json": { schema: ReviewBody } } } },
      responses: {
        200: { description: "The stored review", content: { "application/json": { schema: ManualReviewSchema } } },
        ...errorResponses("NOT_FOUND", "REVIEW_NOT_ALLOWED", "VALIDATION_FAILED"),
      },
    }),
    async (c) => {
      const { checkId, registrationId } = c.req.valid("param");
      const { decision, note } = c.req.valid("json");
      return c.json(await writeManualReview(c, { checkId, registrationId, decision, note }, OPERATOR, null), 200);
    },
  );
}
