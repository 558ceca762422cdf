/**
 * @module Drizzle schema of the platform tables; mirrors migrations/0001_platform.sql, which is what
 * wrangler applies. Timestamps are epoch milliseconds.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  queryAllowance: integer("query_allowance").notNull(),
  checkAllowance: integer("check_allowance").notNull(),
  checkEnabled: integer("check_enabled", { mode: "boolean" }).notNull(),
  apiEnabled: integer("api_enabled", { mode: "boolean" }).notNull(),
});

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

export const subscriptions = sqliteTable("subscriptions", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  planId: text("plan_id").notNull(),
  cycle: text("cycle", { enum: ["monthly", "annual"] }).notNull(),
  startsAt: integer("starts_at").notNull(),
  endsAt: integer("ends_at").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const allowanceBuckets = sqliteTable("allowance_buckets", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  kind: text("kind", { enum: ["query", "check"] }).notNull(),
  source: text("source", { enum: ["plan", "addon", "gift"] }).notNull(),
  amount: integer("amount").notNull(),
  startsAt: integer("starts_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  subscriptionId: text("subscription_id"),
  createdAt: integer("created_at").notNull(),
});

export const allowanceLedger = sqliteTable("allowance_ledger", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  bucketId: text("bucket_id").notNull(),
  kind: text("kind", { enum: ["query", "check"] }).notNull(),
  taskId: text("task_id").notNull(),
  entry: text("entry", { enum: ["reserve", "settle", "release"] }).notNull(),
  amount: integer("amount").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  name: text("name"),
  keyHash: text("key_hash").notNull(),
  prefix: text("prefix").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  revokedAt: integer("revoked_at"),
});
