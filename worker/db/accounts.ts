/** @module Accounts, plans, subscriptions and allowance grants, as the management API writes and reads them. */
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuditEvent } from "../domain/audit";
import { appendToAuditOutbox } from "./audit";
import { runBatch, type Write } from "./batch";
import {
  accounts,
  allowanceBuckets,
  plans,
  subscriptions,
  type AccountRecord,
  type NewAllowanceBucketRecord,
  type NewSubscriptionRecord,
  type PlanRecord,
} from "./schema";

export async function findAccount(db: D1Database, id: string): Promise<AccountRecord | undefined> {
  return drizzle(db).select().from(accounts).where(eq(accounts.id, id)).get();
}

/** The account and its shard placement (shards.ts `placementWrite`), in one batch: no account is ever without a shard. */
export async function insertAccount(db: D1Database, account: AccountRecord, placement: Write): Promise<void> {
  await runBatch(db, [drizzle(db).insert(accounts).values(account), placement]);
}

export async function setAccountDisabled(db: D1Database, id: string, disabled: boolean): Promise<void> {
  await drizzle(db).update(accounts).set({ disabled }).where(eq(accounts.id, id));
}

/** Every plan, smallest query allowance first. */
export async function listPlans(db: D1Database): Promise<PlanRecord[]> {
  return drizzle(db).select().from(plans).orderBy(asc(plans.queryAllowance)).all();
}

export async function findPlan(db: D1Database, id: string): Promise<PlanRecord | undefined> {
  return drizzle(db).select().from(plans).where(eq(plans.id, id)).get();
}

/** The subscription, its periods' allowance buckets and its audit event (subscription.changed), in one batch (one transaction). */
export async function insertSubscription(
  db: D1Database,
  subscription: NewSubscriptionRecord,
  buckets: readonly NewAllowanceBucketRecord[],
  event: AuditEvent,
): Promise<void> {
  const d = drizzle(db);
  await runBatch(db, [
    d.insert(subscriptions).values(subscription),
    ...buckets.map((b) => d.insert(allowanceBuckets).values(b)),
    appendToAuditOutbox(db, event),
  ]);
}

/** An add-on or gift bucket and its audit event (allowance.granted), in one batch. */
export async function insertGrant(db: D1Database, grant: NewAllowanceBucketRecord, event: AuditEvent): Promise<void> {
  await runBatch(db, [drizzle(db).insert(allowanceBuckets).values(grant), appendToAuditOutbox(db, event)]);
}
