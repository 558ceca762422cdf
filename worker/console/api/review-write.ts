/** @module PUT /checks/{checkId}/results/{registrationId}/review (owner, analyst): the management API's review rules, the account's own checks only. */
import { createRoute } from "@hono/zod-openapi";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { ReviewBody, ReviewParams } from "../../schemas/admin";
import { ManualReviewSchema } from "../../schemas/check-result";
import { writeManualReview } from "../../services/manual-review";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "put",
  path: "/checks/{checkId}/results/{registrationId}/review",
  middleware: [requireRole(KEY_AND_REVIEW_ROLES)],
  request: { params: ReviewParams, body: { required: true, content: { "application/json": { schema: ReviewBody } } } },
  responses: {
    200: { description: "The stored review", content: { "application/json": { schema: ManualReviewSchema } } },
    ...errorResponses("NOT_FOUND", "REVIEW_NOT_ALLOWED", "VALIDATION_FAILED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerReviewWrite(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId, actor } = c.get("principal");
    return c.json(await writeManualReview(c, { ...c.req.valid("param"), ...c.req.valid("json") }, actor, accountId), 200);
  });
}
