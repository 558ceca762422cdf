import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountGate } from "../worker/lib/gate";
import { closeReservationStatement } from "../worker/db/allowance";
import { adminJson, body, newAccount, open } from "./helpers";

type Allowance = { total: number; used: number; reserved: number; retained: number; available: number };
type Entitlements = {
  accountId: string;
  active: boolean;
  apiEnabled: boolean;
  query: Allowance;
  check: Allowance;
  subscription: null | Record<string, unknown>;
};

const iso = (ms: number) => new Date(ms).toISOString();

describe("GET /account/entitlements", () => {
  it("shows the plan allowance of a fresh professional subscription", async () => {
    const a = await newAccount("professional");
    const e = await body<Entitlements>(await open("/account/entitlements", a.key));
    expect(e).toMatchObject({ accountId: a.accountId, active: true, apiEnabled: true });
    expect(e.query).toEqual({ total: 2000, used: 0, reserved: 0, retained: 2000, available: 2000 });
    expect(e.check).toEqual({ total: 1000, used: 0, reserved: 0, retained: 1000, available: 1000 });
    const sub = e.subscription as Record<string, unknown>;
    expect(sub.cycle).toBe("monthly");
    expect(sub.plan).toEqual({ id: "professional", name: "Professional", checkAllowance: 1000, queryAllowance: 2000 });
    expect(String(sub.startsAt)).toMatch(/\+08:00$/);
    expect(sub.periodEndsAt).toBe(sub.endsAt);
  });

  it("counts only effective buckets and splits used / reserved / retained", async () => {
    const a = await newAccount("light");
    const now = Date.now();
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, { method: "POST", json: { kind: "query", amount: 5, source: "addon" } });
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, {
      method: "POST",
      json: { kind: "query", amount: 7, source: "gift", startsAt: iso(now - 10 * 86400_000), expiresAt: iso(now - 1000) },
    });
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, {
      method: "POST",
      json: { kind: "query", amount: 9, source: "gift", startsAt: iso(now + 86400_000) },
    });
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, { method: "POST", json: { kind: "check", amount: 3, source: "gift" } });
    const gate = accountGate(env, a.accountId);
    const reserve = (taskIds: string[], key: string) =>
      gate.create({
        accountId: a.accountId,
        idempotencyKey: key,
        fingerprint: key,
        reserve: { query: taskIds },
        statements: [],
        response: { status: 202, body: "{}" },
      });
    expect((await reserve(["q1", "q2", "q3"], "a")).kind).toBe("accepted");
    await env.DB.batch([
      closeReservationStatement(env.DB, "q1", "query", "settle", now),
      closeReservationStatement(env.DB, "q1", "query", "settle", now), // twice: still once
      closeReservationStatement(env.DB, "q2", "query", "release", now),
      closeReservationStatement(env.DB, "q2", "query", "settle", now), // after release: ignored
    ]);
    const e = await body<Entitlements>(await open("/account/entitlements", a.key));
    expect(e.query).toEqual({ total: 105, used: 1, reserved: 1, retained: 103, available: 103 });
    // Light has no check entitlement: the gifted checks are retained but not available.
    expect(e.check).toEqual({ total: 3, used: 0, reserved: 0, retained: 3, available: 0 });
  });

  it("reads without reserving anything", async () => {
    const a = await newAccount();
    for (let i = 0; i < 3; i++) await open("/account/entitlements", a.key);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM allowance_ledger WHERE account_id = ?").bind(a.accountId).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("shows no subscription, inactive and nothing available once it has ended", async () => {
    const a = await newAccount(null);
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, { method: "POST", json: { kind: "query", amount: 4, source: "gift" } });
    const e = await body<Entitlements>(await open("/account/entitlements", a.key));
    expect(e.active).toBe(false);
    expect(e.apiEnabled).toBe(false);
    expect(e.subscription).toBeNull();
    expect(e.query).toEqual({ total: 4, used: 0, reserved: 0, retained: 4, available: 0 });
  });

  it("gives an annual subscription twelve monthly periods", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "annual" } });
    const sub = await adminJson<{ endsAt: string; periodEndsAt: string }>(`/accounts/${account.id}/subscriptions`, {
      method: "POST",
      json: { planId: "enterprise", cycle: "annual" },
    });
    expect(Date.parse(sub.endsAt) - Date.now()).toBeGreaterThan(360 * 86400_000);
    expect(Date.parse(sub.periodEndsAt) - Date.now()).toBeLessThan(32 * 86400_000);
    const buckets = await env.DB.prepare("SELECT COUNT(*) AS n FROM allowance_buckets WHERE account_id = ? AND kind = 'query'")
      .bind(account.id)
      .first<{ n: number }>();
    expect(buckets?.n).toBe(12);
  });
});
