/** @module Reads of a check's results: one result, a filtered page, the tallies, and navigation under the list's order. */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { MATCH_STATUSES, RESULT_SORTS, RESULT_STATUSES, STRENGTHS } from "../schemas/check-vocabulary";
import { inJsonList } from "./json-list";
import { checkResults, type CheckResultRecord } from "./schema/shard";

export type { CheckResultRecord };

/** The list's filters, already checked against their value sets (services/list-params.ts). */
export interface ResultFilter {
  resultStatuses: ReadonlyArray<(typeof RESULT_STATUSES)[number]>;
  matchStatuses: ReadonlyArray<(typeof MATCH_STATUSES)[number]>;
  strengths: ReadonlyArray<(typeof STRENGTHS)[number]>;
  criterionId?: string;
  sort: (typeof RESULT_SORTS)[number];
}

function filtered(checkId: string, f: ResultFilter): SQL | undefined {
  return and(
    eq(checkResults.checkId, checkId),
    f.resultStatuses.length > 0 ? inJsonList(checkResults.resultStatus, f.resultStatuses) : undefined,
    f.matchStatuses.length > 0 ? inJsonList(checkResults.matchStatus, f.matchStatuses) : undefined,
    f.strengths.length > 0 ? inJsonList(checkResults.strength, f.strengths) : undefined,
    // drizzle's builder cannot join the table-valued json_each: the matched ids are a JSON list.
    f.criterionId !== undefined
      ? sql`EXISTS (SELECT 1 FROM json_each(${checkResults.matchedCriterionIds}) WHERE value = ${f.criterionId})`
      : undefined,
  );
}

/** Invoice matches, then keyword-only ones, then the rest. */
const STRENGTH_ORDER = sql`CASE ${checkResults.strength} WHEN 'invoice_match' THEN 0 WHEN 'keyword_only' THEN 1 ELSE 2 END`;

/**
 * Live conflicts first: matched results by their standing's rank (domain/standing.ts liveRank: in force
 * and still described, unknown, no longer described, expired, cancelled; a result without a standing
 * after those), then every other result in the same order.
 */
const STANDING_ORDER = sql`(CASE WHEN ${checkResults.matchStatus} = 'matched' THEN 0 ELSE 10 END) + COALESCE(${checkResults.standingRank}, 5)`;

/**
 * registration: certificate order; strength: invoice matches first; hits: most matched criteria first;
 * standing: live conflicts first, invoice matches first among equals. Ties in certificate order.
 */
const ORDER: Record<ResultFilter["sort"], SQL[]> = {
  registration: [asc(checkResults.ordinal)],
  strength: [STRENGTH_ORDER, asc(checkResults.ordinal)],
  hits: [desc(sql`json_array_length(${checkResults.matchedCriterionIds})`), asc(checkResults.ordinal)],
  standing: [STANDING_ORDER, STRENGTH_ORDER, asc(checkResults.ordinal)],
};

export async function findResult(db: D1Database, checkId: string, registrationId: string): Promise<CheckResultRecord | undefined> {
  return drizzle(db)
    .select()
    .from(checkResults)
    .where(and(eq(checkResults.checkId, checkId), eq(checkResults.registrationId, registrationId)))
    .get();
}

/** One page of the filtered results and the filter's total, in one D1 round trip. */
export async function pageOfResults(db: D1Database, checkId: string, f: ResultFilter, page: { pageSize: number; offset: number }) {
  const d = drizzle(db);
  const where = filtered(checkId, f);
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(checkResults).where(where),
    d
      .select()
      .from(checkResults)
      .where(where)
      .orderBy(...ORDER[f.sort])
      .limit(page.pageSize)
      .offset(page.offset),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The check's results by review state (filters ignored), and how many still await a review. */
export async function resultCounts(db: D1Database, checkId: string) {
  const sum = (condition: SQL) => sql<number | null>`SUM(${condition})`;
  const row = await drizzle(db)
    .select({
      all: count(),
      confirmed: sum(sql`${checkResults.resultStatus} = 'confirmed'`),
      excluded: sum(sql`${checkResults.resultStatus} = 'excluded'`),
      pending: sum(sql`${checkResults.resultStatus} = 'pending'`),
      unmatched: sum(sql`${checkResults.resultStatus} = 'unmatched'`),
      reviewable: sum(
        sql`${checkResults.matchStatus} = 'matched' AND ${checkResults.sourceAvailable} = 1 AND ${checkResults.reviewDecision} IS NULL`,
      ),
    })
    .from(checkResults)
    .where(eq(checkResults.checkId, checkId))
    .get();
  return {
    counts: {
      all: row?.all ?? 0,
      confirmed: row?.confirmed ?? 0,
      excluded: row?.excluded ?? 0,
      pending: row?.pending ?? 0,
      unmatched: row?.unmatched ?? 0,
    },
    reviewable: row?.reviewable ?? 0,
  };
}

export interface ResultPosition {
  total: number;
  /** From 1; null when the result is not in the filtered list. */
  position: number | null;
  previousRegistrationId: string | null;
  nextRegistrationId: string | null;
}

/** Where a result stands in the filtered, ordered list (window functions: drizzle has no builder for them). */
export async function resultPosition(db: D1Database, checkId: string, registrationId: string, f: ResultFilter): Promise<ResultPosition> {
  const d = drizzle(db);
  const where = filtered(checkId, f);
  const order = sql.join(ORDER[f.sort], sql`, `);
  const ranked = d
    .select({
      registrationId: checkResults.registrationId,
      position: sql<number>`ROW_NUMBER() OVER (ORDER BY ${order})`.as("position"),
      previous: sql<string | null>`LAG(${checkResults.registrationId}) OVER (ORDER BY ${order})`.as("previous"),
      next: sql<string | null>`LEAD(${checkResults.registrationId}) OVER (ORDER BY ${order})`.as("next"),
    })
    .from(checkResults)
    .where(where)
    .as("ranked");
  const [total, hit] = await d.batch([
    d.select({ n: count() }).from(checkResults).where(where),
    d.select().from(ranked).where(eq(ranked.registrationId, registrationId)),
  ]);
  const found = hit[0];
  return {
    total: total[0]?.n ?? 0,
    position: found?.position ?? null,
    previousRegistrationId: found?.previous ?? null,
    nextRegistrationId: found?.next ?? null,
  };
}
