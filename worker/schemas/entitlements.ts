/** @module PublicEntitlements and its parts (open-api-v1.md, Account entitlements). */
import { z } from "@hono/zod-openapi";
import { int64, timestamp } from "./common";

export const AllowanceSchema = z
  .object({
    total: int64().openapi({ description: "Effective buckets (plan, add-on, gift), expired and future ones excluded" }),
    used: int64().openapi({ description: "Settled" }),
    reserved: int64().openapi({ description: "Reserved, not yet settled or released" }),
    retained: int64().openapi({ description: "Unused and unreserved book balance" }),
    available: int64().openapi({ description: "Usable for new tasks now; 0 when the entitlement is invalid" }),
  })
  .openapi("Allowance");

export const PlanSummarySchema = z
  .object({ id: z.string(), name: z.string(), checkAllowance: int64(), queryAllowance: int64() })
  .openapi("PlanSummary");

export const SubscriptionSchema = z
  .object({
    cycle: z.enum(["monthly", "annual"]),
    startsAt: timestamp(),
    endsAt: timestamp(),
    periodEndsAt: timestamp().openapi({ description: "End of the plan's current allowance period" }),
    plan: PlanSummarySchema,
  })
  .openapi("Subscription");

export const EntitlementsSchema = z
  .object({
    accountId: z.string().openapi({ description: "Stable per account, identical across its keys; not a credential" }),
    active: z.boolean().openapi({ description: "Has a valid subscription" }),
    apiEnabled: z.boolean().openapi({ description: "The current subscription allows creating API tasks" }),
    check: AllowanceSchema,
    query: AllowanceSchema,
    subscription: SubscriptionSchema.nullable(),
  })
  .openapi("PublicEntitlements");

export type Entitlements = z.output<typeof EntitlementsSchema>;
export type PlanSummary = z.output<typeof PlanSummarySchema>;
export type Subscription = z.output<typeof SubscriptionSchema>;
