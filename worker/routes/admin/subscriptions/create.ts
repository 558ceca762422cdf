/** @module POST /accounts/{id}/subscriptions (management-api.md): a subscription and its plan-period allowance buckets, audited as subscription.changed by the operator. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { findPlan, insertSubscription } from "../../../db/accounts";
import { defaultEnd, planPeriods } from "../../../domain/subscription";
import { validationError } from "../../../errors";
import { newId } from "../../../lib/ids";
import { forgetAccount } from "../../../auth/key-cache";
import { auditEventOf, deliverAuditSoon, OPERATOR } from "../../../services/audit-trail";
import { parseIsoWithOffset, toIso } from "../../../lib/time";
import { toSubscription } from "../../../serializers/admin";
import { SubscriptionSchema } from "../../../schemas/entitlements";
import type { RouteGroup } from "../../router";
import { AccountParams, CreateSubscriptionBody } from "../../../schemas/admin";
import { requireAccount } from "../../../services/lookups";
import { json } from "../../responses";

const route = createRoute({
  method: "post",
  path: "/accounts/{id}/subscriptions",
  request: { params: AccountParams, body: { ...json(CreateSubscriptionBody), required: true } },
  responses: { 201: { description: "Subscription", ...json(SubscriptionSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerCreateSubscription(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const body = c.req.valid("json");
    const plan = await findPlan(c.env.DB, body.planId);
    if (!plan) throw validationError([{ path: "planId", code: "INVALID_CHOICE", message: "Must be one of: light, professional, enterprise." }]);
    const now = Date.now();
    const startsAt = body.startsAt ? parseIsoWithOffset(body.startsAt)! : now;
    const endsAt = body.endsAt ? parseIsoWithOffset(body.endsAt)! : defaultEnd(startsAt, body.cycle);
    if (endsAt <= startsAt) throw validationError([{ path: "endsAt", code: "OUT_OF_RANGE", message: "Must be after startsAt." }]);
    const subscription = { id: newId("sub"), accountId: account.id, planId: plan.id, cycle: body.cycle, startsAt, endsAt, createdAt: now };
    const buckets = planPeriods(startsAt, endsAt).flatMap((p) =>
      (["query", "check"] as const)
        .map((kind) => ({ kind, amount: kind === "query" ? plan.queryAllowance : plan.checkAllowance }))
        .filter((b) => b.amount > 0)
        .map((b) => ({
          id: newId("bkt"),
          accountId: account.id,
          kind: b.kind,
          source: "plan" as const,
          amount: b.amount,
          startsAt: p.start,
          expiresAt: p.end,
          subscriptionId: subscription.id,
          createdAt: now,
        })),
    );
    const event = auditEventOf(
      c,
      {
        accountId: account.id,
        kind: "subscription.changed",
        actor: OPERATOR,
        target: { type: "subscription", id: subscription.id },
        detail: { planId: plan.id, cycle: body.cycle, startsAt: toIso(startsAt), endsAt: toIso(endsAt) },
      },
      now,
    );
    await insertSubscription(c.env.DB, subscription, buckets, event);
    deliverAuditSoon(c, account.id);
    forgetAccount(account.id);
    const current = planPeriods(startsAt, endsAt).find((p) => p.start <= now && now < p.end) ?? planPeriods(startsAt, endsAt)[0]!;
    return c.json(toSubscription({ cycle: body.cycle, startsAt, endsAt, periodEndsAt: current.end }, plan), 201);
  });
}
