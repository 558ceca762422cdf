/**
 * @module The value sets of accounts, plans and allowances, written once: the public and management
 * schemas (schemas/entitlements.ts, schemas/admin.ts) and the tables' column types
 * (db/schema/platform.ts, db/schema/shards.ts) read them from here.
 */

export const BILLING_CYCLES = ["monthly", "annual"] as const;
export const ALLOWANCE_KINDS = ["query", "check"] as const;
/** What an operator may grant on top of a plan (management-api.md, grants). */
export const GRANT_SOURCES = ["addon", "gift"] as const;
/** Where an allowance bucket comes from: the plan's period, or a grant. */
export const BUCKET_SOURCES = ["plan", ...GRANT_SOURCES] as const;
/** An account's place on its shard: `moving` while its data is copied to another (docs/capacity.md section 3). */
export const SHARD_STATES = ["active", "moving"] as const;
