/** @module Accounts, plans, subscriptions and allowance grants (management-api.md). */
import { createRoute, type z } from "@hono/zod-openapi";
import { findAccount, findPlan, insertAccount, insertGrant, insertSubscription, listPlans, setAccountDisabled } from "../../db/accounts";
import { placementWrite } from "../../db/shards";
import { defaultEnd, planPeriods } from "../../domain/subscription";
import { ApiError, validationError } from "../../errors";
import { newId } from "../../lib/ids";
import { forgetAccount } from "../../lib/key-cache";
import { addMonths, parseIsoWithOffset } from "../../lib/time";
import { toAdminAccount, toGrant, toPlan, toSubscription } from "../../serializers/admin";
import { toItems } from "../../serializers/page";
import { SubscriptionSchema } from "../../schemas/entitlements";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";
import {
  AccountParams,
  AccountSchema,
  CreateAccountBody,
  CreateGrantBody,
  CreateSubscriptionBody,
  GrantSchema,
  PatchAccountBody,
  PlanListSchema,
} from "../../schemas/admin";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireAccount(db: D1Database, id: string) {
  const row = await findAccount(db, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

export function registerAccountRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({
      method: "post",
      path: "/accounts",
      request: { body: { ...json(CreateAccountBody), required: true } },
      responses: { 201: { description: "Created", ...json(AccountSchema) }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      const account = { id: newId("acc"), name: c.req.valid("json").name, disabled: false, createdAt: Date.now() };
      const placement = await placementWrite(c.env, account.id, account.createdAt);
      await insertAccount(c.env.DB, account, placement.write);
      return c.json(toAdminAccount(account), 201);
    },
  );

  admin.openapi(
    createRoute({
      method: "get",
      path: "/accounts/{id}",
      request: { params: AccountParams },
      responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND") },
    }),
    async (c) => c.json(toAdminAccount(await requireAccount(c.env.DB, c.req.valid("param").id)), 200),
  );

  admin.openapi(
    createRoute({
      method: "patch",
      path: "/accounts/{id}",
      request: { params: AccountParams, body: { ...json(PatchAccountBody), required: true } },
      responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const { disabled } = c.req.valid("json");
      await setAccountDisabled(c.env.DB, account.id, disabled);
      forgetAccount(account.id);
      return c.json(toAdminAccount({ ...account, disabled }), 200);
    },
  );

  admin.openapi(createRoute({ method: "get", path: "/plans", responses: { 200: { description: "Plans", ...json(PlanListSchema) } } }), async (c) =>
    c.json(toItems((await listPlans(c.env.DB)).map(toPlan)), 200),
  );

  admin.openapi(
    createRoute({
      method: "post",
      path: "/accounts/{id}/subscriptions",
      request: { params: AccountParams, body: { ...json(CreateSubscriptionBody), required: true } },
      responses: { 201: { description: "Subscription", ...json(SubscriptionSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
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
      await insertSubscription(c.env.DB, subscription, buckets);
      forgetAccount(account.id);
      const current = planPeriods(startsAt, endsAt).find((p) => p.start <= now && now < p.end) ?? planPeriods(startsAt, endsAt)[0]!;
      return c.json(toSubscription({ cycle: body.cycle, startsAt, endsAt, periodEndsAt: current.end }, plan), 201);
    },
  );

  admin.openapi(
    createRoute({
      method: "post",
      path: "/accounts/{id}/allowance-grants",
      request: { params: AccountParams, body: { ...json(CreateGrantBody), required: true } },
      responses: { 201: { description: "Grant", ...json(GrantSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const body = c.req.valid("json");
      const now = Date.now();
      const startsAt = body.startsAt ? parseIsoWithOffset(body.startsAt)! : now;
      // Grants without an expiry last a year: allowance never lives forever on the books.
      const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : addMonths(startsAt, 12);
      if (expiresAt <= startsAt) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be after startsAt." }]);
      const grant = {
        id: newId("grt"),
        accountId: account.id,
        kind: body.kind,
        source: body.source,
        amount: body.amount,
        startsAt,
        expiresAt,
        subscriptionId: null,
        createdAt: now,
      };
      await insertGrant(c.env.DB, grant);
      return c.json(toGrant(grant), 201);
    },
  );
}
