/**
 * @module Duplicate checks and their criteria, in the shared D1 (written in one batch with the
 * allowance charge). Results, evidence and manual reviews are in the account's shard (./shard.ts).
 * Timestamps are epoch milliseconds; JSON columns are text.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bare, oneOf } from "./constraints";

// The value sets are the API's too (its schemas and the stored evidence read them): written once there.
import { TERM_KINDS as CRITERION_KINDS } from "../../schemas/check-vocabulary";

export { CRITERION_KINDS };

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
    /**
     * The value as the matcher folds it (domain/matching normalizeValue), for the account's memory
     * (GET /hits: every check that looked for a number or keyword, however it was typed).
     */
    foldedValue: text("folded_value"),
  },
  (t) => [
    check("criteria_kind", oneOf(t.kind, CRITERION_KINDS)),
    index("criteria_check").on(t.checkId, t.ordinal),
    index("criteria_folded_value").on(t.foldedValue, t.checkId),
  ],
);

export type CheckRecord = typeof checks.$inferSelect;
export type NewCheckRecord = typeof checks.$inferInsert;
export type CriterionRecord = typeof criteria.$inferSelect;
export type NewCriterionRecord = typeof criteria.$inferInsert;
