/**
 * @module The account's memory of a number or keyword (console-api.md, GET /hits): the checks that
 * looked for it (their criteria, folded as the matcher folds: criteria.folded_value, indexed) in the
 * shared D1, newest first, and what each of them hit with it, from the account's shard.
 */
import { and, asc, count, desc, eq, exists, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { inJsonList } from "./json-list";
import { checks, criteria, type CheckRecord } from "./schema";
import { checkResults, registrations, type CheckResultRecord } from "./schema/shard";

export interface CheckThatLooked {
  check: CheckRecord;
  /** Its criteria that name the value. */
  criterionIds: string[];
}

/** One page of the account's checks with a criterion folded to `folded`, newest first, and their total. */
export async function pageOfChecksLookingFor(db: D1Database, accountId: string, folded: string, page: { pageSize: number; offset: number }) {
  const d = drizzle(db);
  const where = and(
    eq(checks.accountId, accountId),
    exists(
      d
        .select({ one: criteria.id })
        .from(criteria)
        .where(and(eq(criteria.checkId, checks.id), eq(criteria.foldedValue, folded))),
    ),
  );
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(checks).where(where),
    d.select().from(checks).where(where).orderBy(desc(checks.createdAt), desc(checks.id)).limit(page.pageSize).offset(page.offset),
  ]);
  const named =
    rows.length === 0
      ? []
      : await d
          .select({ id: criteria.id, checkId: criteria.checkId })
          .from(criteria)
          .where(
            and(
              eq(criteria.foldedValue, folded),
              inJsonList(
                criteria.checkId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(criteria.ordinal))
          .all();
  const items: CheckThatLooked[] = rows.map((check) => ({ check, criterionIds: named.filter((c) => c.checkId === check.id).map((c) => c.id) }));
  return { items, total: total[0]?.n ?? 0 };
}

export type HitResult = CheckResultRecord & { certificateNumber: string };

/** The matched results of these checks that matched one of these criteria, with their certificate numbers, by check, in certificate order. */
export async function resultsMatching(
  shard: D1Database,
  checkIds: readonly string[],
  criterionIds: readonly string[],
): Promise<Map<string, HitResult[]>> {
  const byCheck = new Map<string, HitResult[]>();
  if (checkIds.length === 0 || criterionIds.length === 0) return byCheck;
  const rows = await drizzle(shard)
    .select({ result: checkResults, certificateNumber: registrations.certificateNumber })
    .from(checkResults)
    .innerJoin(registrations, eq(registrations.id, checkResults.registrationId))
    .where(
      and(
        inJsonList(checkResults.checkId, checkIds),
        eq(checkResults.matchStatus, "matched"),
        // drizzle's builder cannot join the table-valued json_each: the matched ids are a JSON list.
        sql`EXISTS (SELECT 1 FROM json_each(${checkResults.matchedCriterionIds}) WHERE value IN (SELECT value FROM json_each(${JSON.stringify(criterionIds)})))`,
      ),
    )
    .orderBy(asc(checkResults.checkId), asc(checkResults.ordinal))
    .all();
  for (const { result, certificateNumber } of rows)
    byCheck.set(result.checkId, [...(byCheck.get(result.checkId) ?? []), { ...result, certificateNumber }]);
  return byCheck;
}
