/**
 * @module The reads behind the registration shapes (PublicRegistrationSummary, PublicRegistration):
 * registrations of an account, a query's filtered page, and a registration's documents and chain.
 */
import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { documentsOf } from "./documents";
import { inJsonList } from "./json-list";
import { documents, registrations, type DocumentRecord, type RegistrationRecord } from "./schema/shard";

export type { DocumentRecord, RegistrationRecord };
import { containsText } from "./text-search";

/** The account's registration in that query, or undefined (another account's is as absent as a missing one). */
export async function findOwnRegistration(db: D1Database, accountId: string, queryId: string, registrationId: string) {
  return drizzle(db)
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.queryId, queryId), eq(registrations.accountId, accountId)))
    .get();
}

/** Up to `limit` of the account's queries holding a registration whose certificate number contains `text`. */
export async function queriesWithCertificate(db: D1Database, accountId: string, text: string, limit: number): Promise<string[]> {
  const rows = await drizzle(db)
    .selectDistinct({ queryId: registrations.queryId })
    .from(registrations)
    .where(and(eq(registrations.accountId, accountId), containsText(registrations.certificateNumber, text)))
    .limit(limit)
    .all();
  return rows.map((r) => r.queryId);
}

/** A registration by id (its check result was found through the account's check already). */
export async function registrationById(db: D1Database, id: string): Promise<RegistrationRecord | undefined> {
  return drizzle(db).select().from(registrations).where(eq(registrations.id, id)).get();
}

/** Registrations with their documents, by id, in one round trip each. */
export async function registrationsWithDocuments(db: D1Database, ids: readonly string[]) {
  const [rows, docs] = await Promise.all([
    ids.length === 0 ? [] : drizzle(db).select().from(registrations).where(inJsonList(registrations.id, ids)).all(),
    documentsOf(db, ids),
  ]);
  return { byId: new Map(rows.map((r) => [r.id, r])), documents: docs };
}

export interface RegistrationListFilter {
  search?: string;
  parseStatuses: readonly string[];
}

/** One page of a query's registrations (registration order) with their documents, and the filter's total. */
export async function pageOfRegistrations(db: D1Database, queryId: string, f: RegistrationListFilter, page: { pageSize: number; offset: number }) {
  const d = drizzle(db);
  const where: SQL | undefined = and(
    eq(registrations.queryId, queryId),
    f.search ? containsText(registrations.searchText, f.search) : undefined,
    f.parseStatuses.length > 0 ? inJsonList(registrations.parseStatus, f.parseStatuses) : undefined,
  );
  const [total, rows] = await d.batch([
    d.select({ n: count() }).from(registrations).where(where),
    d.select().from(registrations).where(where).orderBy(asc(registrations.ordinal)).limit(page.pageSize).offset(page.offset),
  ]);
  return {
    rows,
    total: total[0]?.n ?? 0,
    documents: await documentsOf(
      db,
      rows.map((r) => r.id),
    ),
  };
}

export const CHAIN_LIMIT = 50;

export type ChainRegistration = Pick<RegistrationRecord, "id" | "certificateNumber" | "expiresAt" | "parseStatus" | "registerTime" | "registerType">;

export interface RegistrationChain {
  initialCertificateNumber: string;
  items: ChainRegistration[];
  truncated: boolean;
}

/** Registrations of the same query sharing an initial certificate number, in registration order (at most CHAIN_LIMIT). */
async function chainOf(db: D1Database, queryId: string, initialCertificateNumber: string): Promise<RegistrationChain> {
  const rows = await drizzle(db)
    .select({
      id: registrations.id,
      certificateNumber: registrations.certificateNumber,
      expiresAt: registrations.expiresAt,
      parseStatus: registrations.parseStatus,
      registerTime: registrations.registerTime,
      registerType: registrations.registerType,
    })
    .from(registrations)
    .where(and(eq(registrations.queryId, queryId), eq(registrations.initialCertificateNumber, initialCertificateNumber)))
    .orderBy(asc(registrations.registerTime), asc(registrations.ordinal))
    .limit(CHAIN_LIMIT + 1)
    .all();
  return { initialCertificateNumber, items: rows.slice(0, CHAIN_LIMIT), truncated: rows.length > CHAIN_LIMIT };
}

export interface RegistrationDetail {
  registration: RegistrationRecord;
  documents: DocumentRecord[];
  chain?: RegistrationChain;
}

/** A registration's documents and its chain, read together. */
export async function loadRegistrationDetail(db: D1Database, registration: RegistrationRecord): Promise<RegistrationDetail> {
  const initial = registration.initialCertificateNumber;
  const [docs, chain] = await Promise.all([documentsOf(db, [registration.id]), initial ? chainOf(db, registration.queryId, initial) : undefined]);
  return { registration, documents: docs.get(registration.id) ?? [], ...(chain ? { chain } : {}) };
}

/** A registration's document by id (evidence names its document). */
export async function documentOfRegistration(db: D1Database, registrationId: string, documentId: string): Promise<DocumentRecord | undefined> {
  return drizzle(db)
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.registrationId, registrationId)))
    .get();
}

/** The account's document with its registration's source status (downloads refuse quarantined and unavailable sources). */
export async function findOwnDocument(db: D1Database, accountId: string, documentId: string) {
  return drizzle(db)
    .select({ document: documents, sourceStatus: registrations.sourceStatus })
    .from(documents)
    .innerJoin(registrations, eq(registrations.id, documents.registrationId))
    .where(and(eq(documents.id, documentId), eq(documents.accountId, accountId)))
    .get();
}
