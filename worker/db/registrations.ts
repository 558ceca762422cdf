/** @module Registration rows as the pipeline writes and reads them (the endpoints' reads: registration-detail.ts). */
import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { newId } from "../lib/ids";
import type { ListedRegistration } from "../schemas/listed-registration";
import { runInBatches, type Write } from "./batch";
import { D1_MAX_PARAMETERS } from "./limits";
import { registrations, type NewRegistrationRecord, type RegistrationRecord } from "./schema/shard";

// ---- The pipeline's reads and writes (queues/query/…, queues/check/…).

/** The initial certificate number a listing's summary names (the sandbox's does; the registry's own list does not). */
function listedInitialNumber(summary: ListedRegistration["summary"]): string | null {
  const named = summary?.initialCertificateNumber;
  return typeof named === "string" && /^\d{20}$/.test(named) ? named : null;
}

/**
 * The listed registrations, insert-or-ignore by (query, certificate number) so a redelivered listing
 * adds nothing. In batches of statements (5 000 registrations is too much for one batch), each
 * statement as many rows as D1's 100 bound parameters allow.
 */
export async function insertListed(
  db: D1Database,
  query: { id: string; accountId: string },
  listed: readonly ListedRegistration[],
  sourceStatus: string,
  now: number,
): Promise<void> {
  const rows: NewRegistrationRecord[] = listed.map((r, ordinal) => ({
    id: newId("reg"),
    queryId: query.id,
    accountId: query.accountId,
    ordinal,
    certificateNumber: r.certificateNumber,
    registerType: r.registerType ?? null,
    registerTime: r.registerTime ?? null,
    expiresAt: r.expiresAt ?? null,
    upstreamSummary: JSON.stringify(r.summary ?? {}),
    // Where the listing names the chain, a registration whose certificate is never read still joins
    // it (a chain with an unread member is a standing not known: domain/standing.ts); the certificate,
    // once read, has the last word (queues/query/record.ts).
    initialCertificateNumber: listedInitialNumber(r.summary),
    sourceStatus,
    searchText: r.certificateNumber,
    updatedAt: now,
  }));
  const d = drizzle(db);
  const insert = (chunk: NewRegistrationRecord[]) => d.insert(registrations).values(chunk).onConflictDoNothing();
  const [first] = rows;
  if (!first) return;
  const perStatement = Math.max(1, Math.floor(D1_MAX_PARAMETERS / insert([first]).toSQL().params.length));
  const writes: Write[] = [];
  for (let i = 0; i < rows.length; i += perStatement) writes.push(insert(rows.slice(i, i + perStatement)));
  await runInBatches(db, writes);
}

/** Ids of the query's registrations whose documents are not processed yet, in listing order. */
export async function unprocessedIds(db: D1Database, queryId: string): Promise<string[]> {
  const rows = await drizzle(db)
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.queryId, queryId), eq(registrations.processed, false)))
    .orderBy(asc(registrations.ordinal))
    .all();
  return rows.map((r) => r.id);
}

/** A registration with the subject its query listed it for (the subject is the query's, in the shared D1). */
export type RegistrationWithSubject = RegistrationRecord & { subjectName: string };

/** The registration of this query. */
export async function loadRegistration(shard: D1Database, queryId: string, registrationId: string): Promise<RegistrationRecord | undefined> {
  return drizzle(shard)
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.queryId, queryId)))
    .get();
}

/**
 * The query's processed registrations, for the end of the shard batch that marks one processed (its
 * result is the last of the batch: `processedCountOf`); the count is then copied to the query row in
 * the shared D1 (queries.ts `recordProcessedCount`).
 */
export function countProcessed(shard: D1Database, queryId: string): Write {
  return drizzle(shard)
    .select({ n: sql<number>`COUNT(*)`.as("n") })
    .from(registrations)
    .where(and(eq(registrations.queryId, queryId), eq(registrations.processed, true)));
}

/** The count `countProcessed` read, from its batch result. */
export function processedCountOf(result: D1Result | undefined): number {
  const row = result?.results[0] as { n?: number } | undefined;
  return Number(row?.n ?? 0);
}

/** What processing a registration's documents found (queues/query/record.ts decides it). */
export type ProcessedRegistration = Pick<
  RegistrationRecord,
  | "parseStatus"
  | "dataSource"
  | "coverageComplete"
  | "certificate"
  | "initialCertificateNumber"
  | "businessTypeCode"
  | "subBusinessTypeCode"
  | "debtorNames"
  | "securedPartyNames"
  | "propertySummary"
  | "registrationMonths"
  | "registerType"
  | "registerTime"
  | "expiresAt"
  | "searchText"
>;

/** The registration flips to processed at most once (a redelivered step changes nothing). */
export function markProcessed(db: D1Database, registrationId: string, processed: ProcessedRegistration, now: number): Write {
  return drizzle(db)
    .update(registrations)
    .set({ ...processed, processed: true, updatedAt: now })
    .where(and(eq(registrations.id, registrationId), eq(registrations.processed, false)));
}

/** A registration whose documents could never be fetched counts as processed, its certificate missing. */
export function markMissing(db: D1Database, registrationId: string, now: number): Write {
  return drizzle(db)
    .update(registrations)
    .set({ processed: true, parseStatus: "missing", coverageComplete: false, updatedAt: now })
    .where(and(eq(registrations.id, registrationId), eq(registrations.processed, false)));
}

/** Registrations processed, and those not processed or whose certificate is not completely parsed. */
export async function tallyDocuments(db: D1Database, queryId: string): Promise<{ processed: number; incomplete: number }> {
  const row = await drizzle(db)
    .select({
      processed: sql<number>`COALESCE(SUM(${registrations.processed} = 1), 0)`,
      incomplete: sql<number>`COALESCE(SUM(${registrations.processed} = 0 OR ${registrations.parseStatus} <> 'completed'), 0)`,
    })
    .from(registrations)
    .where(eq(registrations.queryId, queryId))
    .get();
  return { processed: Number(row?.processed ?? 0), incomplete: Number(row?.incomplete ?? 0) };
}

/** What a check reads of each registration it matches. */
export type RegistrationToMatch = Pick<
  RegistrationRecord,
  | "id"
  | "ordinal"
  | "certificateNumber"
  | "parseStatus"
  | "certificate"
  | "sourceStatus"
  | "coverageComplete"
  | "indexStatus"
  // Where it stands (domain/standing.ts): its chain and its own dates.
  | "initialCertificateNumber"
  | "registerType"
  | "registerTime"
  | "expiresAt"
>;

/** One slice of the query's registrations, in listing order. */
export function sliceToMatch(db: D1Database, queryId: string, limit: number, offset: number) {
  return drizzle(db)
    .select({
      id: registrations.id,
      ordinal: registrations.ordinal,
      certificateNumber: registrations.certificateNumber,
      parseStatus: registrations.parseStatus,
      certificate: registrations.certificate,
      sourceStatus: registrations.sourceStatus,
      coverageComplete: registrations.coverageComplete,
      indexStatus: registrations.indexStatus,
      initialCertificateNumber: registrations.initialCertificateNumber,
      registerType: registrations.registerType,
      registerTime: registrations.registerTime,
      expiresAt: registrations.expiresAt,
    })
    .from(registrations)
    .where(eq(registrations.queryId, queryId))
    .orderBy(asc(registrations.ordinal))
    .limit(limit)
    .offset(offset);
}
