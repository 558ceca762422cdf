/**
 * @module Manual reviews: each conclusion is a new version of the result (kept in manual_reviews
 * too), and the check's counts and status follow from its results' reviews. The check is in the
 * shared D1; its results and reviews in its account's shard.
 */
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { REVIEW_DECISIONS } from "../schemas/check-vocabulary";
import type { AuditEvent } from "../domain/audit";
import { appendAuditEvent } from "./audit";
import { runBatch } from "./batch";
import { checks, type CheckRecord } from "./schema";
import { resolveShard, shardOf } from "./shards";
import { checkResults, manualReviews, type CheckResultRecord } from "./schema/shard";

/**
 * The check (whatever its account: the operator reviews for every account), its result for that
 * registration, and the shard of the check's account where the result and its reviews are written
 * (`moving`: the account is being copied to another shard, and nothing of it may be written now).
 */
export async function findReviewTarget(
  env: Env,
  checkId: string,
  registrationId: string,
): Promise<{ check: CheckRecord; result: CheckResultRecord; shard: D1Database; moving: boolean } | undefined> {
  const check = await drizzle(env.DB).select().from(checks).where(eq(checks.id, checkId)).get();
  if (!check) return undefined;
  const account = await resolveShard(env, check.accountId);
  const shard = shardOf(env, account.index);
  const result = await drizzle(shard)
    .select()
    .from(checkResults)
    .where(and(eq(checkResults.checkId, checkId), eq(checkResults.registrationId, registrationId)))
    .get();
  return result ? { check, result, shard, moving: account.state === "moving" } : undefined;
}

export interface Review {
  id: string;
  checkId: string;
  registrationId: string;
  decision: (typeof REVIEW_DECISIONS)[number];
  note: string;
  /** The result's next version. */
  version: number;
  reviewedAt: number;
}

/**
 * The review row, the result's new version (confirmed, or excluded as a false positive) and the
 * review's audit event, in one batch on the account's shard.
 */
export async function recordReview(shard: D1Database, review: Review, event: AuditEvent): Promise<void> {
  const d = drizzle(shard);
  await runBatch(shard, [
    d.insert(manualReviews).values(review),
    appendAuditEvent(shard, event),
    d
      .update(checkResults)
      .set({
        reviewDecision: review.decision,
        reviewNote: review.note,
        reviewedAt: review.reviewedAt,
        version: review.version,
        resultStatus: review.decision === "confirmed" ? "confirmed" : "excluded",
      })
      .where(and(eq(checkResults.checkId, review.checkId), eq(checkResults.registrationId, review.registrationId))),
  ]);
}

export interface ReviewTallies {
  confirmed: number;
  excluded: number;
  /** Matched, from an available source, not reviewed yet. */
  pending: number;
}

/** Counted from the check's results in the account's shard, then written whole to the check row (a retry recounts). */
export async function reviewTallies(shard: D1Database, checkId: string): Promise<ReviewTallies> {
  const sum = (condition: ReturnType<typeof sql>) => sql<number | null>`SUM(${condition})`;
  const row = await drizzle(shard)
    .select({
      confirmed: sum(sql`${checkResults.reviewDecision} = 'confirmed'`),
      excluded: sum(sql`${checkResults.reviewDecision} = 'false_positive'`),
      pending: sum(sql`${checkResults.matchStatus} = 'matched' AND ${checkResults.sourceAvailable} = 1 AND ${checkResults.reviewDecision} IS NULL`),
    })
    .from(checkResults)
    .where(eq(checkResults.checkId, checkId))
    .get();
  return { confirmed: row?.confirmed ?? 0, excluded: row?.excluded ?? 0, pending: row?.pending ?? 0 };
}

/**
 * The check's review counts and the status they lead to. A finished check keeps its first completion
 * time; one that awaits reviews again is not completed.
 */
export async function updateCheckReviews(
  db: D1Database,
  checkId: string,
  tallies: ReviewTallies,
  state: { status: string; finished: boolean },
  now: number,
): Promise<void> {
  await drizzle(db)
    .update(checks)
    .set({
      confirmedRiskCount: tallies.confirmed,
      excludedCount: tallies.excluded,
      pendingReviewCount: tallies.pending,
      status: state.status,
      completedAt: state.finished ? sql`COALESCE(${checks.completedAt}, ${now})` : null,
      updatedAt: now,
    })
    .where(eq(checks.id, checkId));
}
