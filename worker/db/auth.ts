/**
 * @module The one D1 read behind an open-API request: key, account, the account's shard (its
 * shard_directory entry), current subscription and plan (the auth middleware serves it from the isolate's short-lived cache when it holds the key).
 */
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, apiKeys, plans, shardDirectory, subscriptions, type PlanRecord, type SubscriptionRecord } from "./schema";
import type { AccountShard } from "./shards";

export interface PlanInfo {
  id: string;
  name: string;
  queryAllowance: number;
  checkAllowance: number;
  checkEnabled: boolean;
  apiEnabled: boolean;
}

export interface SubscriptionInfo {
  id: string;
  cycle: "monthly" | "annual";
  startsAt: number;
  endsAt: number;
  plan: PlanInfo;
}

export interface KeyLookup {
  keyId: string;
  /** The key's display prefix: how the audit trail names the key. */
  prefix: string;
  expiresAt: number;
  revokedAt: number | null;
  accountId: string;
  accountDisabled: boolean;
  /** Where the account's data lives: routes read and write its shard tables there (no second lookup). */
  shard: AccountShard;
  subscription: SubscriptionInfo | null;
}

/** The subscription in force at `now` for the joined account: the latest started one that has not ended. */
function currentSubscriptionOfAccount(d: ReturnType<typeof drizzle>, now: number) {
  const latest = alias(subscriptions, "latest");
  return d
    .select({ id: latest.id })
    .from(latest)
    .where(and(eq(latest.accountId, accounts.id), lte(latest.startsAt, now), gt(latest.endsAt, now)))
    .orderBy(desc(latest.startsAt), desc(latest.createdAt))
    .limit(1);
}

export async function lookupKey(db: D1Database, keyHash: string, now: number): Promise<KeyLookup | null> {
  const d = drizzle(db);
  const row = await d
    .select({
      key: { id: apiKeys.id, prefix: apiKeys.prefix, expiresAt: apiKeys.expiresAt, revokedAt: apiKeys.revokedAt },
      account: { id: accounts.id, disabled: accounts.disabled },
      shard: { index: shardDirectory.shard, state: shardDirectory.state },
      subscription: subscriptions,
      plan: plans,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    // Every account is placed when it is created (admin POST accounts), in the batch that inserts it.
    .innerJoin(shardDirectory, eq(shardDirectory.accountId, accounts.id))
    // A correlated subquery picks the one subscription in force (drizzle has no LATERAL join).
    .leftJoin(subscriptions, eq(subscriptions.id, sql`(${currentSubscriptionOfAccount(d, now)})`))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(apiKeys.keyHash, keyHash))
    .get();
  if (!row) return null;
  return {
    keyId: row.key.id,
    prefix: row.key.prefix,
    expiresAt: row.key.expiresAt,
    revokedAt: row.key.revokedAt,
    accountId: row.account.id,
    accountDisabled: row.account.disabled,
    shard: row.shard,
    subscription: row.subscription && row.plan ? toSubscription(row.subscription, row.plan) : null,
  };
}

function toSubscription(s: SubscriptionRecord, p: PlanRecord): SubscriptionInfo {
  return {
    id: s.id,
    cycle: s.cycle,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    plan: {
      id: p.id,
      name: p.name,
      queryAllowance: p.queryAllowance,
      checkAllowance: p.checkAllowance,
      checkEnabled: p.checkEnabled,
      apiEnabled: p.apiEnabled,
    },
  };
}
