/** @module An account's checks as the open API creates and lists them (the pipeline's writes are in checks.ts). */
import { and, asc, count, desc, eq, exists, or, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { toBoundStatement, type BoundStatement } from "./bound-statement";
import { inJsonList } from "./json-list";
import { checks, criteria, queries, type CheckRecord, type CriterionRecord } from "./schema";
import { containsText } from "./text-search";

export type { CheckRecord, CriterionRecord };

/** The account's own check (another account's is as absent as a missing one). */
export async function findOwnCheck(db: D1Database, accountId: string, id: string): Promise<CheckRecord | undefined> {
  return drizzle(db)
    .select()
    .from(checks)
    .where(and(eq(checks.id, id), eq(checks.accountId, accountId)))
    .get();
}

/** A check as POST /checks accepts it: processing, queued, nothing matched yet. */
export function newCheckRecord(c: Pick<CheckRecord, "id" | "accountId" | "applicant" | "sourceStatus" | "sourceQueryId">, now: number): CheckRecord {
  return {
    ...c,
    status: "processing",
    executionStatus: "queued",
    coverageComplete: false,
    coverageIssues: "[]",
    criterionCounts: "[]",
    unmatchedCriterionIds: "[]",
    candidateCount: 0,
    pendingReviewCount: 0,
    confirmedRiskCount: 0,
    excludedCount: 0,
    failureCode: null,
    createdAt: now,
    updatedAt: now,
    processingCompletedAt: null,
    completedAt: null,
  };
}

/** The check's and its criteria's inserts, for the AccountGate's batch (written with the allowance reservation). */
export function insertCheckStatements(db: D1Database, check: CheckRecord, checkCriteria: readonly CriterionRecord[]): BoundStatement[] {
  const d = drizzle(db);
  return [d.insert(checks).values(check), ...checkCriteria.map((c) => d.insert(criteria).values(c))].map(toBoundStatement);
}

export interface CheckListFilter {
  /** A substring of the applicant or of a criterion (invoice number, keyword), or a whole check id. */
  search?: string;
  /** `search` folded as the matcher folds (domain/criteria.ts foldedCriterion): a check that looked for it however typed matches. */
  searchFolded?: string;
  /** Checks reading one of these queries also match `search` (the queries holding a certificate number it names). */
  searchSourceQueryIds?: readonly string[];
  status?: string;
}

/** One page of the account's checks, newest first, and the filter's total, in one round trip. */
export async function pageOfChecks(db: D1Database, accountId: string, f: CheckListFilter, page: { pageSize: number; offset: number }) {
  const d = drizzle(db);
  const where: SQL | undefined = and(
    eq(checks.accountId, accountId),
    // An id matches whole, not as a substring: every id shares its prefix.
    f.search
      ? or(
          containsText(checks.applicant, f.search),
          eq(checks.id, f.search),
          exists(
            d
              .select({ one: criteria.id })
              .from(criteria)
              .where(
                and(
                  eq(criteria.checkId, checks.id),
                  or(containsText(criteria.value, f.search), f.searchFolded ? eq(criteria.foldedValue, f.searchFolded) : undefined),
                ),
              ),
          ),
          f.searchSourceQueryIds?.length ? inJsonList(checks.sourceQueryId, f.searchSourceQueryIds) : undefined,
        )
      : undefined,
    f.status ? eq(checks.status, f.status) : undefined,
  );
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(checks).where(where),
    d.select().from(checks).where(where).orderBy(desc(checks.createdAt), desc(checks.id)).limit(page.pageSize).offset(page.offset),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Criteria of many checks, by check, in order. */
export async function criteriaOfChecks(db: D1Database, checkIds: readonly string[]): Promise<Map<string, CriterionRecord[]>> {
  const byCheck = new Map<string, CriterionRecord[]>();
  if (checkIds.length === 0) return byCheck;
  const rows = await drizzle(db).select().from(criteria).where(inJsonList(criteria.checkId, checkIds)).orderBy(asc(criteria.ordinal)).all();
  for (const c of rows) byCheck.set(c.checkId, [...(byCheck.get(c.checkId) ?? []), c]);
  return byCheck;
}

/** Execution status of each check's source query (a waiting check shows the query's wait). */
export async function sourceExecutionOf(db: D1Database, queryIds: readonly string[]): Promise<Map<string, string>> {
  if (queryIds.length === 0) return new Map();
  const rows = await drizzle(db)
    .select({ id: queries.id, executionStatus: queries.executionStatus })
    .from(queries)
    .where(inJsonList(queries.id, [...new Set(queryIds)]))
    .all();
  return new Map(rows.map((r) => [r.id, r.executionStatus]));
}
