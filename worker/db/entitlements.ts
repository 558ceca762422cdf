/** @module Reads behind GET /account/entitlements. */
import { summarize } from "../domain/allowance";
import { periodEndAt } from "../domain/subscription";
import type { SubscriptionInfo } from "./auth";
import { loadEffectiveBuckets } from "./allowance";

export async function loadEntitlements(db: D1Database, accountId: string, subscription: SubscriptionInfo | null, now: number) {
  const buckets = await loadEffectiveBuckets(db, accountId, now);
  const active = subscription !== null;
  const apiEnabled = active && subscription.plan.apiEnabled;
  return {
    accountId,
    active,
    apiEnabled,
    query: summarize(buckets, "query", apiEnabled),
    check: summarize(buckets, "check", apiEnabled && (subscription?.plan.checkEnabled ?? false)),
    subscription: subscription && {
      cycle: subscription.cycle,
      startsAt: subscription.startsAt,
      endsAt: subscription.endsAt,
      periodEndsAt: periodEndAt(subscription.startsAt, subscription.endsAt, now),
      plan: subscription.plan,
    },
  };
}
