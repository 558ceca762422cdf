/** @module Accounts, plans, subscriptions and allowance grants (management-api.md). */
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, allowanceBuckets, plans, subscriptions } from "../../db/schema";
import { defaultEnd, planPeriods } from "../../domain/subscription";
import { ApiError, validationError } from "../../errors";
import { newId } from "../../lib/ids";
import { forgetAccount } from "../../lib/key-cache";
import { addMonths, parseIsoWithOffset, toIso } from "../../lib/time";
import { SubscriptionSchema } from "../account/schema";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";
import {
  AccountParams, AccountSchema, CreateAccountBody, CreateGrantBody, CreateSubscriptionBody, GrantSchema, PatchAccountBody, PlanSchema,
} from "./schema";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireAccount(db: D1Database, id: string) {
  const row = await drizzle(db).select().from(accounts).where(eq(accounts.id, id)).get();
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

const view = (a: { id: string; name: string; disabled: boolean }) => ({ id: a.id, name: a.name, disabled: a.disabled });

export function registerAccountRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({ method: "post", path: "/accounts", request: { body: { ...json(CreateAccountBody), required: true } },
      responses: { 201: { description: "Created", ...json(AccountSchema) }, ...errorResponses("VALIDATION_FAILED") } }),
    async (c) => {
      const account = { id: newId("acc"), name: c.req.valid("json").name, disabled: false, createdAt: Date.now() };
      await drizzle(c.env.DB).insert(accounts).values(account);
      return c.json(view(account), 201);
    },
  );

  admin.openapi(
    createRoute({ method: "get", path: "/accounts/{id}", request: { params: AccountParams },
      responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND") } }),
    async (c) => c.json(view(await requireAccount(c.env.DB, c.req.valid("param").id)), 200),
  );

  admin.openapi(
    createRoute({ method: "patch", path: "/accounts/{id}", request: { params: AccountParams, body: { ...json(PatchAccountBody), required: true } },
      responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") } }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const { disabled } = c.req.valid("json");
      await drizzle(c.env.DB).update(accounts).set({ disabled }).where(eq(accounts.id, account.id));
      forgetAccount(account.id);
      return c.json(view({ ...account, disabled }), 200);
    },
  );

  admin.openapi(
    createRoute({ method: "get", path: "/plans",
      responses: { 200: { description: "Plans", ...json(z.object({ items: z.array(PlanSchema) })) } } }),
    async (c) => c.json({ items: await drizzle(c.env.DB).select().from(plans).orderBy(plans.queryAllowance).all() }, 200),
  );

  admin.openapi(
    createRoute({ method: "post", path: "/accounts/{id}/subscriptions",
      request: { params: AccountParams, body: { ...json(CreateSubscriptionBody), required: true } },
      responses: { 201: { description: "Subscription", ...json(SubscriptionSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") } }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const body = c.req.valid("json");
      const db = drizzle(c.env.DB);
      const plan = await db.select().from(plans).where(eq(plans.id, body.planId)).get();
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
          .map((b) => ({ id: newId("bkt"), accountId: account.id, kind: b.kind, source: "plan" as const, amount: b.amount,
            startsAt: p.start, expiresAt: p.end, subscriptionId: subscription.id, createdAt: now })),
      );
      await db.batch([db.insert(subscriptions).values(subscription), ...buckets.map((b) => db.insert(allowanceBuckets).values(b))]);
      forgetAccount(account.id);
      const current = planPeriods(startsAt, endsAt).find((p) => p.start <= now && now < p.end) ?? planPeriods(startsAt, endsAt)[0]!;
      return c.json({
        cycle: body.cycle, startsAt: toIso(startsAt), endsAt: toIso(endsAt), periodEndsAt: toIso(current.end),
        plan: { id: plan.id, name: plan.name, checkAllowance: plan.checkAllowance, queryAllowance: plan.queryAllowance },
      }, 201);
    },
  );

  admin.openapi(
    createRoute({ method: "post", path: "/accounts/{id}/allowance-grants",
      request: { params: AccountParams, body: { ...json(CreateGrantBody), required: true } },
      responses: { 201: { description: "Grant", ...json(GrantSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") } }),
    async (c) => {
      const account = await requireAccount(c.env.DB, c.req.valid("param").id);
      const body = c.req.valid("json");
      const now = Date.now();
      const startsAt = body.startsAt ? parseIsoWithOffset(body.startsAt)! : now;
      // Grants without an expiry last a year: allowance never lives forever on the books.
      const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : addMonths(startsAt, 12);
      if (expiresAt <= startsAt) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be after startsAt." }]);
      const grant = { id: newId("grt"), accountId: account.id, kind: body.kind, source: body.source, amount: body.amount, startsAt, expiresAt, subscriptionId: null, createdAt: now };
      await drizzle(c.env.DB).insert(allowanceBuckets).values(grant);
      return c.json({ id: grant.id, kind: grant.kind, amount: grant.amount, source: grant.source, startsAt: toIso(startsAt), expiresAt: toIso(expiresAt) }, 201);
    },
  );
}
