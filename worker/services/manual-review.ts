/**
 * @module Writing a manual review conclusion (management-api.md, console-api.md): only a matched
 * candidate whose source is available, after the check's automatic processing; each conclusion a new
 * version of the result, written with its audit event in one batch on the account's shard; then the
 * check's counts and status follow (review_pending becomes completed when nothing awaits review).
 */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { findReviewTarget, recordReview, reviewTallies, updateCheckReviews } from "../db/reviews";
import type { AuditActor } from "../domain/audit";
import { checkStatus } from "../domain/check-matching";
import { ApiError } from "../errors";
import { auditEventOf } from "./audit-trail";
import { newId } from "../lib/ids";
import type { ManualReview } from "../schemas/check-result";
import { toManualReview } from "../serializers/admin";
import { accountMoving } from "./account-moving";

export interface ReviewRequest {
  checkId: string;
  registrationId: string;
  decision: ManualReview["decision"];
  note: string;
}

/**
 * @param accountId the reviewer's account (a console user): another account's check is a 404; null
 * for the operator, who reviews for every account.
 */
export async function writeManualReview(
  c: Context<AppEnv>,
  request: ReviewRequest,
  actor: AuditActor,
  accountId: string | null,
): Promise<ManualReview> {
  const { checkId, registrationId, decision, note } = request;
  const target = await findReviewTarget(c.env, checkId, registrationId);
  if (!target || (accountId !== null && target.check.accountId !== accountId)) throw new ApiError("NOT_FOUND");
  const { check, result, shard, moving } = target;
  // While the check's account is copied to another shard, a write to its results could be lost (docs/capacity.md section 3).
  if (moving) throw accountMoving();
  if (check.processingCompletedAt === null || result.matchStatus !== "matched" || !result.sourceAvailable) throw new ApiError("REVIEW_NOT_ALLOWED");
  const now = Date.now();
  const event = auditEventOf(
    c,
    {
      accountId: check.accountId,
      kind: "review.written",
      actor,
      target: { type: "check_result", id: `${checkId}/${registrationId}` },
      detail: { checkId, registrationId, decision, note },
    },
    now,
  );
  await recordReview(shard, { id: newId("rev"), checkId, registrationId, decision, note, version: result.version + 1, reviewedAt: now }, event);
  const tallies = await reviewTallies(shard, checkId);
  await updateCheckReviews(c.env.DB, checkId, tallies, checkStatus(tallies.pending, check.coverageComplete), now);
  return toManualReview({ decision, note, reviewedAt: now });
}
