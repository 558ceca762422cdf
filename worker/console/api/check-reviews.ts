/**
 * @module GET /checks/{id}/reviews (all roles): every conclusion written on the check's results, oldest
 * first, with who wrote it and when. A decided result may be reviewed again; the earlier conclusions
 * stay here (they are the audit trail's review.written events).
 */
import { createRoute } from "@hono/zod-openapi";
import { accountDb } from "../../context";
import { reviewEventsOfCheck } from "../db/audit-lookups";
import { toIso } from "../../lib/time";
import { errorResponses, json } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { CheckParams } from "../../schemas/check";
import { ReviewHistorySchema, type ReviewHistoryItem } from "../../schemas/console-checks";
import { requireCheck } from "../../services/lookups";

const route = createRoute({
  method: "get",
  path: "/checks/{id}/reviews",
  request: { params: CheckParams },
  responses: { 200: { description: "The check's review conclusions, oldest first", ...json(ReviewHistorySchema) }, ...errorResponses("NOT_FOUND") },
});

export function registerCheckReviews(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId } = c.get("principal");
    const check = await requireCheck(c.env.DB, accountId, c.req.valid("param").id);
    const events = await reviewEventsOfCheck(accountDb(c), accountId, check.id);
    const items = events.map((e): ReviewHistoryItem => {
      const detail = JSON.parse(e.detail ?? "{}") as { registrationId?: string; decision?: ReviewHistoryItem["decision"]; note?: string };
      return {
        registrationId: detail.registrationId ?? (e.targetId ?? "").slice(check.id.length + 1),
        decision: detail.decision ?? "confirmed",
        note: detail.note ?? "",
        reviewer: { type: e.actorType, id: e.actorId, label: e.actorLabel },
        reviewedAt: toIso(e.at),
      };
    });
    return c.json({ items }, 200);
  });
}
