/**
 * @module Platform tables: plans, accounts, subscriptions, allowance buckets and ledger, API keys.
 * Timestamps are epoch milliseconds (UTC); the API renders them as ISO 8601 with +08:00.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ALLOWANCE_KINDS, BILLING_CYCLES, BUCKET_SOURCES } from "../../schemas/account-vocabulary";
import { bare, oneOf } from "./constraints";

export const LEDGER_ENTRIES = ["reserve", "settle", "release"] as const;

/** Seeded by a custom migration (the light/professional/enterprise rows), never written by the API. */
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
  // sql`0`, not false: the column's stored default stays the literal 0 the API has always had.
  disabled: integer("disabled", { mode: "boolean" })
    .notNull()
    .default(sql`0`),
  createdAt: integer("created_at").notNull(),
});

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    cycle: text("cycle", { enum: BILLING_CYCLES }).notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [check("subscriptions_cycle", oneOf(t.cycle, BILLING_CYCLES)), index("subscriptions_account").on(t.accountId, t.startsAt)],
);

/** One bucket per plan period (a subscription gets one per month of its term), add-on or gift. */
export const allowanceBuckets = sqliteTable(
  "allowance_buckets",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    kind: text("kind", { enum: ALLOWANCE_KINDS }).notNull(),
    source: text("source", { enum: BUCKET_SOURCES }).notNull(),
    amount: integer("amount").notNull(),
    startsAt: integer("starts_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    subscriptionId: text("subscription_id").references(() => subscriptions.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("allowance_buckets_kind", oneOf(t.kind, ALLOWANCE_KINDS)),
    check("allowance_buckets_source", oneOf(t.source, BUCKET_SOURCES)),
    check("allowance_buckets_amount", sql`${bare(t.amount)} >= 0`),
    index("allowance_buckets_account").on(t.accountId, t.kind, t.expiresAt),
  ],
);

/**
 * Append-only: a reservation is later settled or released, never both. The two partial unique
 * indexes enforce it: at most one reserve and at most one outcome per (task, kind).
 */
export const allowanceLedger = sqliteTable(
  "allowance_ledger",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    bucketId: text("bucket_id")
      .notNull()
      .references(() => allowanceBuckets.id),
    kind: text("kind", { enum: ALLOWANCE_KINDS }).notNull(),
    taskId: text("task_id").notNull(),
    entry: text("entry", { enum: LEDGER_ENTRIES }).notNull(),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("allowance_ledger_kind", oneOf(t.kind, ALLOWANCE_KINDS)),
    check("allowance_ledger_entry", oneOf(t.entry, LEDGER_ENTRIES)),
    uniqueIndex("allowance_ledger_reserve")
      .on(t.taskId, t.kind)
      .where(sql`${bare(t.entry)} = 'reserve'`),
    uniqueIndex("allowance_ledger_outcome")
      .on(t.taskId, t.kind)
      .where(sql`${bare(t.entry)} <> 'reserve'`),
    index("allowance_ledger_bucket").on(t.bucketId, t.entry),
  ],
);

/** Only the SHA-256 of a key is stored, with a short display prefix. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name"),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("api_keys_account").on(t.accountId)],
);

export type PlanRecord = typeof plans.$inferSelect;
export type NewPlanRecord = typeof plans.$inferInsert;
export type AccountRecord = typeof accounts.$inferSelect;
export type NewAccountRecord = typeof accounts.$inferInsert;
export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type NewSubscriptionRecord = typeof subscriptions.$inferInsert;
export type AllowanceBucketRecord = typeof allowanceBuckets.$inferSelect;
export type NewAllowanceBucketRecord = typeof allowanceBuckets.$inferInsert;
export type AllowanceLedgerRecord = typeof allowanceLedger.$inferSelect;
export type NewAllowanceLedgerRecord = typeof allowanceLedger.$inferInsert;
export type ApiKeyRecord = typeof apiKeys.$inferSelect;
export type NewApiKeyRecord = typeof apiKeys.$inferInsert;
