/**
 * @module Manual reviews: each conclusion is a new version of the result (kept in manual_reviews
 * too), and the check's counts and status follow from its results' reviews.
 */
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { REVIEW_DECISIONS } from "../schemas/check-vocabulary";
import { checkResults, checks, manualReviews, type CheckRecord, type CheckResultRecord } from "./schema";

/** The check (whatever its account: the operator reviews for every account) and its result for that registration. */
export async function findReviewTarget(
  db: D1Database,
  checkId: string,
  registrationId: string,
): Promise<{ check: CheckRecord; result: CheckResultRecord } | undefined> {
  const d = drizzle(db);
  const [check, result] = await d.batch([
    d.select().from(checks).where(eq(checks.id, checkId)),
    d
      .select()
      .from(checkResults)
      .where(and(eq(checkResults.checkId, checkId), eq(checkResults.registrationId, registrationId))),
  ]);
  return check[0] && result[0] ? { check: check[0], result: result[0] } : undefined;
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

/** The review row and the result's new version (confirmed, or excluded as a false positive), in one batch. */
export async function recordReview(db: D1Database, review: Review): Promise<void> {
  const d = drizzle(db);
  await d.batch([
    d.insert(manualReviews).values(review),
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

export async function reviewTallies(db: D1Database, checkId: string): Promise<ReviewTallies> {
  const sum = (condition: ReturnType<typeof sql>) => sql<number | null>`SUM(${condition})`;
  const row = await drizzle(db)
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
