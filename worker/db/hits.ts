/**
 * @module The account's memory of a number or keyword (console-api.md, GET /hits), its reads: the
 * checks whose criteria fold to it (criteria.folded_value, indexed) in the shared D1; the registrations
 * the account's checks hit whose text may name it, and the results themselves, in the account's shard.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { inJsonList } from "./json-list";
import { checks, criteria, type CheckRecord } from "./schema";
import { checkResults, registrations, type CheckResultRecord } from "./schema/shard";
import { containsText } from "./text-search";

/** The account's checks with a criterion folded to `folded`, each with those criteria (at most `limit` criteria read). */
export async function checksLookingFor(db: D1Database, accountId: string, folded: string, limit: number): Promise<Map<string, string[]>> {
  const rows = await drizzle(db)
    .select({ criterionId: criteria.id, checkId: criteria.checkId })
    .from(criteria)
    .innerJoin(checks, eq(checks.id, criteria.checkId))
    .where(and(eq(criteria.foldedValue, folded), eq(checks.accountId, accountId)))
    .limit(limit)
    .all();
  const byCheck = new Map<string, string[]>();
  for (const r of rows) byCheck.set(r.checkId, [...(byCheck.get(r.checkId) ?? []), r.criterionId]);
  return byCheck;
}

export interface HitRegistrationText {
  checkId: string;
  registrationId: string;
  searchText: string;
}

/** The account's newest `limit` check ids (the checks whose hits the memory reads for text). */
export async function newestCheckIds(db: D1Database, accountId: string, limit: number): Promise<string[]> {
  const rows = await drizzle(db)
    .select({ id: checks.id })
    .from(checks)
    .where(eq(checks.accountId, accountId))
    .orderBy(desc(checks.createdAt), desc(checks.id))
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/**
 * Matched results of these checks whose registration's text contains `text` (at most `limit`), with
 * that text: read from the checks' results (their index), never from every registration of the shard.
 */
export async function matchedRegistrationsContaining(
  shard: D1Database,
  checkIds: readonly string[],
  text: string,
  limit: number,
): Promise<HitRegistrationText[]> {
  if (checkIds.length === 0) return [];
  return drizzle(shard)
    .select({ checkId: checkResults.checkId, registrationId: checkResults.registrationId, searchText: registrations.searchText })
    .from(checkResults)
    .innerJoin(registrations, eq(registrations.id, checkResults.registrationId))
    .where(and(inJsonList(checkResults.checkId, checkIds), eq(checkResults.matchStatus, "matched"), containsText(registrations.searchText, text)))
    .limit(limit)
    .all();
}

/** One page of these checks of the account, newest first, and how many of them there are. */
export async function pageOfChecksById(db: D1Database, accountId: string, ids: readonly string[], page: { pageSize: number; offset: number }) {
  if (ids.length === 0) return { rows: [] as CheckRecord[], total: 0 };
  const d = drizzle(db);
  const where = and(eq(checks.accountId, accountId), inJsonList(checks.id, ids));
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(checks).where(where),
    d.select().from(checks).where(where).orderBy(desc(checks.createdAt), desc(checks.id)).limit(page.pageSize).offset(page.offset),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export type HitResult = CheckResultRecord & { certificateNumber: string };

/**
 * The matched results of these checks that matched one of `criterionIds` or hold one of
 * `registrationIds`, with their certificate numbers, in check and certificate order (the caller keeps
 * each registration with the check that touched it).
 */
export async function matchedResultsOf(
  shard: D1Database,
  checkIds: readonly string[],
  criterionIds: readonly string[],
  registrationIds: readonly string[],
): Promise<HitResult[]> {
  if (checkIds.length === 0) return [];
  const rows = await drizzle(shard)
    .select({ result: checkResults, certificateNumber: registrations.certificateNumber })
    .from(checkResults)
    .innerJoin(registrations, eq(registrations.id, checkResults.registrationId))
    .where(
      and(
        inJsonList(checkResults.checkId, checkIds),
        eq(checkResults.matchStatus, "matched"),
        // drizzle's builder cannot join the table-valued json_each: the matched ids are a JSON list.
        sql`(EXISTS (SELECT 1 FROM json_each(${checkResults.matchedCriterionIds}) WHERE value IN (SELECT value FROM json_each(${JSON.stringify(criterionIds)})))
          OR ${inJsonList(checkResults.registrationId, registrationIds)})`,
      ),
    )
    .orderBy(asc(checkResults.checkId), asc(checkResults.ordinal))
    .all();
  return rows.map(({ result, certificateNumber }) => ({ ...result, certificateNumber }));
}
