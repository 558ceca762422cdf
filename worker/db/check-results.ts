/** @module The check pipeline's result rows: one per registration and check, rewritten by a redelivered slice; and the tallies that finish a check. */
import { and, eq, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Write } from "./batch";
import { checkResults, type CheckResultRecord } from "./schema/shard";

/** Result ids are derived, so a redelivered slice rewrites the same rows. */
export function resultId(checkId: string, registrationId: string): string {
  return `res_${checkId.slice(4)}_${registrationId.slice(4)}`;
}

/** The system's decision for one registration (a result row without review, which comes later). */
export type DecidedResult = Omit<CheckResultRecord, "id" | "version" | "reviewDecision" | "reviewNote" | "reviewedAt">;

/**
 * Writes the result whole, as version 1 without review: a slice is only ever rewritten before the
 * check's processing is complete, and reviews are only taken after it.
 */
export function upsertResult(db: D1Database, result: DecidedResult): Write {
  const row: CheckResultRecord = {
    ...result,
    id: resultId(result.checkId, result.registrationId),
    version: 1,
    reviewDecision: null,
    reviewNote: null,
    reviewedAt: null,
  };
  const { id: _sameId, ...columns } = row;
  return drizzle(db).insert(checkResults).values(row).onConflictDoUpdate({ target: checkResults.id, set: columns });
}

export interface ResultTallies {
  matched: number;
  /** Matched, from an available source, not reviewed yet. */
  pendingReview: number;
  /** Matched results per criterion id. */
  matchedByCriterion: Map<string, number>;
  /** Each result's coverage issues (JSON lists), in registration order. */
  coverageIssues: string[];
}

/** Tallies of every result of the check (all its slices are in D1 by now), read together. */
export async function tallyResults(db: D1Database, checkId: string): Promise<ResultTallies> {
  const d = drizzle(db);
  const [[totals, issues], perCriterion] = await Promise.all([
    d.batch([
      d
        .select({
          matched: sql<number | null>`SUM(${checkResults.matchStatus} = 'matched')`,
          pending: sql<
            number | null
          >`SUM(${checkResults.matchStatus} = 'matched' AND ${checkResults.sourceAvailable} = 1 AND ${checkResults.reviewDecision} IS NULL)`,
        })
        .from(checkResults)
        .where(eq(checkResults.checkId, checkId)),
      d
        .select({ coverageIssues: checkResults.coverageIssues })
        .from(checkResults)
        .where(and(eq(checkResults.checkId, checkId), ne(checkResults.coverageIssues, "[]")))
        .orderBy(checkResults.ordinal),
    ]),
    // Raw SQL through drizzle's template: its builder cannot join a table-valued function (json_each
    // unpacks each result's matched criterion ids), and a raw query cannot join drizzle's D1 batch.
    d.all<{ criterionId: string; n: number }>(
      sql`SELECT j.value AS criterionId, COUNT(*) AS n FROM ${checkResults} r, json_each(r.matched_criterion_ids) j
          WHERE r.check_id = ${checkId} AND r.match_status = 'matched' GROUP BY j.value`,
    ),
  ]);
  const t = totals[0];
  return {
    matched: Number(t?.matched ?? 0),
    pendingReview: Number(t?.pending ?? 0),
    matchedByCriterion: new Map(perCriterion.map((r) => [r.criterionId, Number(r.n)])),
    coverageIssues: issues.map((r) => r.coverageIssues),
  };
}
