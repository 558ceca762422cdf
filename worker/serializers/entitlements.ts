/** @module Entitlements (db/entitlements.ts) → PublicEntitlements; PlanRecord → PlanSummary. */
import type { PlanInfo } from "../db/auth";
import type { loadEntitlements } from "../db/entitlements";
import { toIso } from "../lib/time";
import type { Entitlements, PlanSummary } from "../schemas/entitlements";

export function toPlanSummary(plan: Pick<PlanInfo, "id" | "name" | "checkAllowance" | "queryAllowance">): PlanSummary {
  return { id: plan.id, name: plan.name, checkAllowance: plan.checkAllowance, queryAllowance: plan.queryAllowance };
}

export function toPublicEntitlements(e: Awaited<ReturnType<typeof loadEntitlements>>): Entitlements {
  return {
    accountId: e.accountId,
    active: e.active,
    apiEnabled: e.apiEnabled,
    query: e.query,
    check: e.check,
    subscription: e.subscription && {
      cycle: e.subscription.cycle,
      startsAt: toIso(e.subscription.startsAt),
      endsAt: toIso(e.subscription.endsAt),
      periodEndsAt: toIso(e.subscription.periodEndsAt),
      plan: toPlanSummary(e.subscription.plan),
    },
  };
}
