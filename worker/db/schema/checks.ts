/**
 * @module Duplicate checks: criteria, per-registration results, evidence, and manual reviews (kept
 * apart from the system's decision). Timestamps are epoch milliseconds; JSON columns are text.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bare, oneOf } from "./constraints";

// The value sets are the API's too (its schemas and the stored evidence read them): written once there.
import { MATCH_STATUSES, RESULT_STATUSES, REVIEW_DECISIONS, TERM_KINDS as CRITERION_KINDS } from "../../schemas/check-vocabulary";

export { CRITERION_KINDS, MATCH_STATUSES, RESULT_STATUSES, REVIEW_DECISIONS };

export const checks = sqliteTable(
  "checks",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    applicant: text("applicant").notNull(),
    status: text("status").notNull(),
    executionStatus: text("execution_status").notNull(),
    sourceStatus: text("source_status").notNull().default("available"),
    sourceQueryId: text("source_query_id").notNull(),
    // sql`0`, not false: the column's stored default stays the literal 0 the API has always had.
    coverageComplete: integer("coverage_complete", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    coverageIssues: text("coverage_issues").notNull().default("[]"),
    criterionCounts: text("criterion_counts").notNull().default("[]"),
    unmatchedCriterionIds: text("unmatched_criterion_ids").notNull().default("[]"),
    candidateCount: integer("candidate_count").notNull().default(0),
    pendingReviewCount: integer("pending_review_count").notNull().default(0),
    confirmedRiskCount: integer("confirmed_risk_count").notNull().default(0),
    excludedCount: integer("excluded_count").notNull().default(0),
    failureCode: text("failure_code"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    processingCompletedAt: integer("processing_completed_at"),
    completedAt: integer("completed_at"),
  },
  (t) => [
    // Newest first per account: the order GET /checks pages in. sqlite-core has no .desc(), hence SQL;
    // drizzle-kit 0.31 quotes it as a column name (`"created_at" DESC` in backticks) when a later
    // migration recreates this table: look for that line in such a migration and unquote it.
    index("checks_account_created").on(t.accountId, sql`${bare(t.createdAt)} DESC`),
    index("checks_source_query").on(t.sourceQueryId, t.executionStatus),
    index("checks_open").on(t.executionStatus, t.updatedAt),
  ],
);

export const criteria = sqliteTable(
  "criteria",
  {
    id: text("id").primaryKey(),
    checkId: text("check_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    kind: text("kind", { enum: CRITERION_KINDS }).notNull(),
    value: text("value").notNull(),
  },
  (t) => [check("criteria_kind", oneOf(t.kind, CRITERION_KINDS)), index("criteria_check").on(t.checkId, t.ordinal)],
);

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

export type CheckRecord = typeof checks.$inferSelect;
export type NewCheckRecord = typeof checks.$inferInsert;
export type CriterionRecord = typeof criteria.$inferSelect;
export type NewCriterionRecord = typeof criteria.$inferInsert;
export type CheckResultRecord = typeof checkResults.$inferSelect;
export type NewCheckResultRecord = typeof checkResults.$inferInsert;
export type EvidenceRecord = typeof evidence.$inferSelect;
export type NewEvidenceRecord = typeof evidence.$inferInsert;
export type ManualReviewRecord = typeof manualReviews.$inferSelect;
export type NewManualReviewRecord = typeof manualReviews.$inferInsert;
