/** @module Entitlements (db/entitlements.ts) → PublicEntitlements; PlanRecord → PlanSummary. */
import type { z } from "@hono/zod-openapi";
import type { PlanInfo } from "../db/auth";
import type { loadEntitlements } from "../db/entitlements";
import { toIso } from "../lib/time";
import type { EntitlementsSchema, PlanSummarySchema } from "../routes/account/schema";

export type PublicEntitlements = z.infer<typeof EntitlementsSchema>;
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

export function toPlanSummary(plan: Pick<PlanInfo, "id" | "name" | "checkAllowance" | "queryAllowance">): PlanSummary {
  return { id: plan.id, name: plan.name, checkAllowance: plan.checkAllowance, queryAllowance: plan.queryAllowance };
}

export function toPublicEntitlements(e: Awaited<ReturnType<typeof loadEntitlements>>): PublicEntitlements {
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
