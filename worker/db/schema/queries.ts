/**
 * @module Registry queries: one row per (de-duplicated) subject, in the shared D1 (operator lists and
 * the allowance charge stay one database). Its registrations and documents are in the account's
 * shard (./shard.ts). Timestamps are epoch milliseconds; JSON columns are text (their shapes live with their readers).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bare } from "./constraints";

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

export type QueryRecord = typeof queries.$inferSelect;
export type NewQueryRecord = typeof queries.$inferInsert;
