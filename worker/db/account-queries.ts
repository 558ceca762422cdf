/** @module An account's queries as the open API creates and lists them (the pipeline's writes are in queries.ts). */
import { and, count, desc, eq, gte, or, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { toBoundStatement, type BoundStatement } from "./bound-statement";
import { queries, type QueryRecord } from "./schema";
import { containsText } from "./text-search";

export type { QueryRecord };
export { findOwnQuery } from "./queries";

/** A query as POST /queries accepts it: queued, nothing listed yet. */
export function newQueryRecord(id: string, accountId: string, subjectName: string, now: number): QueryRecord {
  return {
    id,
    accountId,
    subjectName,
    status: "queued",
    executionStatus: "queued",
    sourceStatus: "available",
    coverageComplete: false,
    registrationCount: 0,
    totalDocumentCount: 0,
    processedDocumentCount: 0,
    failureCode: null,
    listed: false,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
}

/** The row's insert, for the AccountGate's batch (written with the allowance reservation). */
export function insertQueryStatement(db: D1Database, query: QueryRecord): BoundStatement {
  return toBoundStatement(drizzle(db).insert(queries).values(query));
}

export interface QueryListFilter {
  /** Created at or after (the history window's start). */
  since: number;
  /** A substring of the subject name, or a whole query id. */
  search?: string;
  status?: string;
}

/** One page of the account's queries, newest first, and the filter's total, in one round trip. */
export async function pageOfQueries(db: D1Database, accountId: string, f: QueryListFilter, page: { pageSize: number; offset: number }) {
  const d = drizzle(db);
  const where: SQL | undefined = and(
    eq(queries.accountId, accountId),
    gte(queries.createdAt, f.since),
    // An id matches whole, not as a substring: every id shares its prefix.
    f.search ? or(containsText(queries.subjectName, f.search), eq(queries.id, f.search)) : undefined,
    f.status ? eq(queries.status, f.status) : undefined,
  );
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(queries).where(where),
    d.select().from(queries).where(where).orderBy(desc(queries.createdAt), desc(queries.id)).limit(page.pageSize).offset(page.offset),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
