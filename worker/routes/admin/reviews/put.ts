/**
 * @module PUT /checks/{checkId}/results/{registrationId}/review (management-api.md): a manual review
 * conclusion. Only a matched candidate whose source is available; each conclusion is a new version;
 * the check's counts and status follow.
 */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { findReviewTarget, recordReview, reviewTallies, updateCheckReviews } from "../../../db/reviews";
import { checkStatus } from "../../../domain/check-matching";
import { ApiError } from "../../../errors";
import { newId } from "../../../lib/ids";
import { toManualReview } from "../../../serializers/admin";
import { ReviewBody, ReviewParams } from "../../../schemas/admin";
import { ManualReviewSchema } from "../../../schemas/check-result";
import { accountMoving } from "../../../services/account-moving";
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
    const target = await findReviewTarget(c.env, checkId, registrationId);
    if (!target) throw new ApiError("NOT_FOUND");
    const { check, result, shard, moving } = target;
    // While the check's account is copied to another shard, a write to its results could be lost (docs/capacity.md section 3).
    if (moving) throw accountMoving();
    if (check.processingCompletedAt === null || result.matchStatus !== "matched" || !result.sourceAvailable) throw new ApiError("REVIEW_NOT_ALLOWED");
    const now = Date.now();
    await recordReview(shard, { id: newId("rev"), checkId, registrationId, decision, note, version: result.version + 1, reviewedAt: now });
    const tallies = await reviewTallies(shard, checkId);
    await updateCheckReviews(c.env.DB, checkId, tallies, checkStatus(tallies.pending, check.coverageComplete), now);
    return c.json(toManualReview({ decision, note, reviewedAt: now }), 200);
  });
}
