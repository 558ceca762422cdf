/**
 * @module Registry queries: one row per (de-duplicated) subject; the registrations the upstream lists
 * for it; the documents obtained for them (metadata only: bytes and page texts live in R2).
 * Timestamps are epoch milliseconds; JSON columns are text (their shapes live with their readers).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bare, oneOf } from "./constraints";

export const DOCUMENT_KINDS = ["certificate", "attachment"] as const;
export const TEXT_STATUSES = ["extracted", "empty", "not_text", "unreadable"] as const;

export const queries = sqliteTable(
  "queries",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    subjectName: text("subject_name").notNull(),
    status: text("status").notNull(),
    executionStatus: text("execution_status").notNull(),
    sourceStatus: text("source_status").notNull().default("available"),
    // sql`0`, not false: the column's stored default stays the literal 0 the API has always had.
    coverageComplete: integer("coverage_complete", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    registrationCount: integer("registration_count").notNull().default(0),
    totalDocumentCount: integer("total_document_count").notNull().default(0),
    processedDocumentCount: integer("processed_document_count").notNull().default(0),
    failureCode: text("failure_code"),
    listed: integer("listed", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    // Newest first per account: the order GET /queries pages in. sqlite-core has no .desc(), hence SQL;
    // drizzle-kit 0.31 quotes it as a column name (`"created_at" DESC` in backticks) when a later
    // migration recreates this table: look for that line in such a migration and unquote it.
    index("queries_account_created").on(t.accountId, sql`${bare(t.createdAt)} DESC`),
    index("queries_open").on(t.executionStatus, t.updatedAt),
  ],
);

export const registrations = sqliteTable(
  "registrations",
  {
    id: text("id").primaryKey(),
    queryId: text("query_id").notNull(),
    accountId: text("account_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    certificateNumber: text("certificate_number").notNull(),
    registerType: text("register_type"),
    registerTime: text("register_time"),
    expiresAt: text("expires_at"),
    upstreamSummary: text("upstream_summary").notNull().default("{}"),
    sourceStatus: text("source_status").notNull().default("available"),
    processed: integer("processed", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    parseStatus: text("parse_status").notNull().default("pending"),
    dataSource: text("data_source").notNull().default("upstream"),
    coverageComplete: integer("coverage_complete", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    certificate: text("certificate"),
    initialCertificateNumber: text("initial_certificate_number"),
    businessTypeCode: text("business_type_code"),
    subBusinessTypeCode: text("sub_business_type_code"),
    debtorNames: text("debtor_names"),
    securedPartyNames: text("secured_party_names"),
    propertySummary: text("property_summary"),
    registrationMonths: integer("registration_months"),
    searchText: text("search_text").notNull().default(""),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("registrations_query_certificate").on(t.queryId, t.certificateNumber),
    index("registrations_query_ordinal").on(t.queryId, t.ordinal),
    index("registrations_query_processed").on(t.queryId, t.processed),
    index("registrations_query_initial").on(t.queryId, t.initialCertificateNumber),
  ],
);

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    queryId: text("query_id").notNull(),
    registrationId: text("registration_id").notNull(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    ordinal: integer("ordinal").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    pageCount: integer("page_count"),
    /** JSON [{width, height, rotation}] per page, for evidence locations. */
    pages: text("pages"),
    r2Key: text("r2_key").notNull(),
    textKey: text("text_key"),
    textStatus: text("text_status", { enum: TEXT_STATUSES }).notNull(),
    parseStatus: text("parse_status"),
    parsedAt: integer("parsed_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("documents_kind", oneOf(t.kind, DOCUMENT_KINDS)),
    check("documents_text_status", oneOf(t.textStatus, TEXT_STATUSES)),
    uniqueIndex("documents_registration_file").on(t.registrationId, t.kind, t.ordinal),
    index("documents_query").on(t.queryId),
  ],
);

export type QueryRecord = typeof queries.$inferSelect;
export type NewQueryRecord = typeof queries.$inferInsert;
export type RegistrationRecord = typeof registrations.$inferSelect;
export type NewRegistrationRecord = typeof registrations.$inferInsert;
export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocumentRecord = typeof documents.$inferInsert;
