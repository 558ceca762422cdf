/**
 * @module Manual review conclusions (management-api.md): only a matched candidate whose source is
 * available; each conclusion is a new version; the check's counts and status follow.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { CheckRow, ResultRow } from "../../db/checks";
import { checkStatus } from "../../domain/check-matching";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { toIso } from "../../lib/time";
import { ManualReviewSchema } from "../checks/schema";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";

const ReviewBody = z.strictObject({ decision: z.enum(["confirmed", "false_positive"]), note: z.string().max(2000) });
const ReviewParams = z.object({ checkId: z.string().min(1).max(100), registrationId: z.string().min(1).max(100) });

export function registerReviewRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({
      method: "put", path: "/checks/{checkId}/results/{registrationId}/review",
      request: { params: ReviewParams, body: { required: true, content: { "application/json": { schema: ReviewBody } } } },
      responses: { 200: { description: "The stored review", content: { "application/json": { schema: ManualReviewSchema } } }, ...errorResponses("NOT_FOUND", "REVIEW_NOT_ALLOWED", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { checkId, registrationId } = c.req.valid("param");
      const { decision, note } = c.req.valid("json");
      const db = c.env.DB;
      const [check, result] = await Promise.all([
        db.prepare("SELECT * FROM checks WHERE id = ?").bind(checkId).first<CheckRow>(),
        db.prepare("SELECT * FROM check_results WHERE check_id = ? AND registration_id = ?").bind(checkId, registrationId).first<ResultRow>(),
      ]);
      if (!check || !result) throw new ApiError("NOT_FOUND");
      if (check.processing_completed_at === null || result.match_status !== "matched" || result.source_available !== 1) throw new ApiError("REVIEW_NOT_ALLOWED");
      const now = Date.now();
      const version = result.version + 1;
      await db.batch([
        db.prepare("INSERT INTO manual_reviews (id, check_id, registration_id, decision, note, version, reviewed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .bind(newId("rev"), checkId, registrationId, decision, note, version, now),
        db.prepare(`UPDATE check_results SET review_decision = ?3, review_note = ?4, reviewed_at = ?5, version = ?6,
            result_status = CASE ?3 WHEN 'confirmed' THEN 'confirmed' ELSE 'excluded' END WHERE check_id = ?1 AND registration_id = ?2`)
          .bind(checkId, registrationId, decision, note, now, version),
      ]);
      const tallies = await db.prepare(
        `SELECT SUM(review_decision = 'confirmed') AS confirmed, SUM(review_decision = 'false_positive') AS excluded,
           SUM(match_status = 'matched' AND source_available = 1 AND review_decision IS NULL) AS pending
         FROM check_results WHERE check_id = ?`,
      ).bind(checkId).first<{ confirmed: number | null; excluded: number | null; pending: number | null }>();
      const pending = tallies?.pending ?? 0;
      const state = checkStatus(pending, check.coverage_complete === 1);
      await db.prepare(
        `UPDATE checks SET confirmed_risk_count = ?2, excluded_count = ?3, pending_review_count = ?4, status = ?5,
           completed_at = CASE WHEN ?6 = 1 THEN COALESCE(completed_at, ?7) ELSE NULL END, updated_at = ?7 WHERE id = ?1`,
      ).bind(checkId, tallies?.confirmed ?? 0, tallies?.excluded ?? 0, pending, state.status, state.finished ? 1 : 0, now).run();
      return c.json({ decision, note, reviewedAt: toIso(now) }, 200);
    },
  );
}
