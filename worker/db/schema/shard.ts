/**
 * @module The shard schema: the bulky per-account tables, one copy in every shard D1 (SHARD_0 …
 * SHARD_{n-1}; docs/capacity.md section 3). An account's rows live in the one shard its
 * shard_directory entry names. drizzle-kit generates migrations/shard/ from this file
 * (drizzle.shard.config.ts); the shared D1's tables are in ./index.ts. Ids here name rows of the
 * shared D1 (query_id, check_id, criterion_id) without a foreign key: they live in another database.
 * Timestamps are epoch milliseconds; JSON columns are text (their shapes live with their readers).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MATCH_STATUSES, RESULT_STATUSES, REVIEW_DECISIONS } from "../../schemas/check-vocabulary";
import { ACTOR_TYPES, auditEventColumns } from "./audit-columns";
import { oneOf } from "./constraints";

export const DOCUMENT_KINDS = ["certificate", "attachment"] as const;
export const TEXT_STATUSES = ["extracted", "empty", "not_text", "unreadable"] as const;
/** Where reading a registration's attachments stands (open-api-v1.md Registration.indexStatus). */
export const INDEX_STATUSES = ["not_requested", "pending", "indexing", "completed", "failed"] as const;
export type IndexStatus = (typeof INDEX_STATUSES)[number];

// ---- A query's data: the registrations the upstream lists, the documents obtained for them.

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
    /**
     * The attachments' text is read apart from the query (queues/indexing/): asked for by the first
     * check of the query, then pending, indexing, and completed or failed at `indexed_at`.
     */
    indexStatus: text("index_status", { enum: INDEX_STATUSES }).notNull().default("not_requested"),
    indexedAt: integer("indexed_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("registrations_query_certificate").on(t.queryId, t.certificateNumber),
    index("registrations_query_ordinal").on(t.queryId, t.ordinal),
    index("registrations_query_processed").on(t.queryId, t.processed),
    index("registrations_query_initial").on(t.queryId, t.initialCertificateNumber),
    index("registrations_query_index_status").on(t.queryId, t.indexStatus),
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
    // The operator's parse failure rate of the day reads the documents parsed since midnight (docs/operations.md).
    index("documents_parsed").on(t.parsedAt),
  ],
);

// ---- A check's data: per-registration results, evidence, manual reviews (kept apart from the system's decision).

export const checkResults = sqliteTable(
  "check_results",
  {
    id: text("id").primaryKey(),
    checkId: text("check_id").notNull(),
    registrationId: text("registration_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    matchStatus: text("match_status", { enum: MATCH_STATUSES }).notNull(),
    resultStatus: text("result_status", { enum: RESULT_STATUSES }).notNull(),
    strength: text("strength"),
    matchedCriterionIds: text("matched_criterion_ids").notNull().default("[]"),
    version: integer("version").notNull().default(1),
    decidedAt: integer("decided_at"),
    systemDecision: text("system_decision"),
    coverageIssues: text("coverage_issues").notNull().default("[]"),
    pendingReason: text("pending_reason"),
    coverageReason: text("coverage_reason"),
    sourceAvailable: integer("source_available", { mode: "boolean" })
      .notNull()
      .default(sql`1`),
    reviewDecision: text("review_decision"),
    reviewNote: text("review_note"),
    reviewedAt: integer("reviewed_at"),
    /**
     * Where the registration stood when the check matched (JSON of domain/standing.ts Standing), and its
     * place under "live conflicts first" (liveRank); null on results matched before standings were kept.
     */
    standing: text("standing"),
    standingRank: integer("standing_rank"),
  },
  (t) => [
    check("check_results_match_status", oneOf(t.matchStatus, MATCH_STATUSES)),
    check("check_results_result_status", oneOf(t.resultStatus, RESULT_STATUSES)),
    uniqueIndex("check_results_registration").on(t.checkId, t.registrationId),
    index("check_results_order").on(t.checkId, t.ordinal),
  ],
);

export const evidence = sqliteTable(
  "evidence",
  {
    id: text("id").primaryKey(),
    checkId: text("check_id").notNull(),
    registrationId: text("registration_id").notNull(),
    criterionId: text("criterion_id").notNull(),
    documentId: text("document_id"),
    ordinal: integer("ordinal").notNull(),
    body: text("body").notNull(),
  },
  (t) => [
    uniqueIndex("evidence_order").on(t.checkId, t.registrationId, t.ordinal),
    index("evidence_document_page").on(t.checkId, t.registrationId, t.documentId),
  ],
);

export const manualReviews = sqliteTable(
  "manual_reviews",
  {
    id: text("id").primaryKey(),
    checkId: text("check_id").notNull(),
    registrationId: text("registration_id").notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    note: text("note").notNull(),
    version: integer("version").notNull(),
    reviewedAt: integer("reviewed_at").notNull(),
  },
  (t) => [
    check("manual_reviews_decision", oneOf(t.decision, REVIEW_DECISIONS)),
    index("manual_reviews_result").on(t.checkId, t.registrationId, t.version),
  ],
);

// ---- The account's audit trail (console-api.md): append-only. No code path updates or deletes a row
// (test/audit.append-only.test.ts reads every module for it), and triggers refuse both in the database too.

export const auditEvents = sqliteTable("audit_events", auditEventColumns(), (t) => [
  check("audit_events_actor", oneOf(t.actorType, ACTOR_TYPES)),
  index("audit_events_account_at").on(t.accountId, t.at),
  index("audit_events_account_kind").on(t.accountId, t.kind, t.at),
]);

export type RegistrationRecord = typeof registrations.$inferSelect;
export type NewRegistrationRecord = typeof registrations.$inferInsert;
export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocumentRecord = typeof documents.$inferInsert;
export type CheckResultRecord = typeof checkResults.$inferSelect;
export type NewCheckResultRecord = typeof checkResults.$inferInsert;
export type EvidenceRecord = typeof evidence.$inferSelect;
export type NewEvidenceRecord = typeof evidence.$inferInsert;
export type ManualReviewRecord = typeof manualReviews.$inferSelect;
export type AuditEventRecord = typeof auditEvents.$inferSelect;
export type NewManualReviewRecord = typeof manualReviews.$inferInsert;
