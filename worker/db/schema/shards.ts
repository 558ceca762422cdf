/**
 * @module Where each account's data lives (docs/capacity.md section 3): the shard directory and the
 * shards' measured sizes, in the shared D1. An account is placed when it is created and stays on its
 * shard; 'moving' says a copy to another shard is under way (task creation and pipeline steps wait).
 */
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SHARD_STATES } from "../../schemas/account-vocabulary";
import { oneOf } from "./constraints";

export const shardDirectory = sqliteTable(
  "shard_directory",
  {
    accountId: text("account_id").primaryKey(),
    /** The index of the account's shard binding: SHARD_{shard}. */
    shard: integer("shard").notNull(),
    state: text("state", { enum: SHARD_STATES }).notNull().default("active"),
    placedAt: integer("placed_at").notNull(),
  },
  (t) => [check("shard_directory_state", oneOf(t.state, SHARD_STATES)), index("shard_directory_shard").on(t.shard)],
);

/** One row per shard, refreshed by the scheduled sweep from D1's own figure (meta.size_after). */
export const shardSizes = sqliteTable("shard_sizes", {
  shard: integer("shard").primaryKey(),
  bytes: integer("bytes").notNull(),
  measuredAt: integer("measured_at").notNull(),
});

export type ShardState = (typeof SHARD_STATES)[number];
export type ShardDirectoryRecord = typeof shardDirectory.$inferSelect;
