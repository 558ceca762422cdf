/**
 * The per-isolate key cache (worker/auth/key-cache.ts): management changes take effect at once in the
 * isolate that made them; a change made elsewhere (another isolate; here, D1 written behind the
 * API's back) takes effect within AUTH_CACHE_MS; a cached key never outlives its subscription.
 * And the hint for a key sent in the Authorization header.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../worker/app";
import { admin, adminJson, call, createQueries, expectError, newAccount, open } from "./helpers";

const ENTITLEMENTS = "/api/open/v1/account/entitlements";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("key cache: changes through the management API", () => {
  it("a revoked key stops at once, though its lookup was cached a moment ago", async () => {
    const a = await newAccount();
    const second = await adminJson<{ key: string; id: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    for (let i = 0; i < 3; i++) expect((await open("/account/entitlements", second.key)).status).toBe(200);
    expect((await admin(`/accounts/${a.accountId}/keys/${second.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await open("/account/entitlements", second.key), 401, "UNAUTHENTICATED", [second.key]);
    // The account's other key is unaffected.
    expect((await open("/account/entitlements", a.key)).status).toBe(200);
  });

  it("disabling and re-enabling an account take effect at once", async () => {
    const a = await newAccount();
    expect((await open("/account/entitlements", a.key)).status).toBe(200);
    await adminJson(`/accounts/${a.accountId}`, { method: "PATCH", json: { disabled: true } });
    await expectError(await open("/account/entitlements", a.key), 403, "ACCOUNT_DISABLED");
    await adminJson(`/accounts/${a.accountId}`, { method: "PATCH", json: { disabled: false } });
    expect((await open("/account/entitlements", a.key)).status).toBe(200);
  });

  it("a new subscription is seen at once by a key whose account had none", async () => {
    const a = await newAccount(null);
    await expectError(await createQueries(a.key, ["订阅缓存测试有限公司"]), 402, "SUBSCRIPTION_REQUIRED");
    await adminJson(`/accounts/${a.accountId}/subscriptions`, { method: "POST", json: { planId: "professional", cycle: "monthly" } });
    expect((await createQueries(a.key, ["订阅缓存测试有限公司"])).status).toBe(202);
  });
});

describe("key cache: the bound for changes made elsewhere", () => {
  const BOUND_MS = 400;
  // Its own app and env: the bound is this test's AUTH_CACHE_MS, and no management call runs through it.
  const app = createApp();
  const bounded = { ...env, AUTH_CACHE_MS: String(BOUND_MS) };
  const get = (key: string) => app.fetch(new Request(`http://api.test${ENTITLEMENTS}`, { headers: { "X-Api-Key": key } }), bounded);

  it("a key revoked in D1 by another isolate stops within AUTH_CACHE_MS", async () => {
    const a = await newAccount();
    const asked = Date.now();
    expect((await get(a.key)).status).toBe(200);
    // The entry was made between `asked` and now: it is gone BOUND_MS after now at the latest.
    const cachedUntil = Date.now() + BOUND_MS;
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(Date.now(), a.keyId).run();
    const stale = await get(a.key);
    // Still served from the cache while the bound has surely not passed (the point of caching).
    if (Date.now() < asked + BOUND_MS - 50) expect(stale.status).toBe(200);
    await sleep(Math.max(0, cachedUntil + 20 - Date.now()));
    await expectError(await get(a.key), 401, "UNAUTHENTICATED", [a.key]);
  });

  it("an account disabled in D1 by another isolate is refused within AUTH_CACHE_MS", async () => {
    const a = await newAccount();
    expect((await get(a.key)).status).toBe(200);
    const cachedUntil = Date.now() + BOUND_MS;
    await env.DB.prepare("UPDATE accounts SET disabled = 1 WHERE id = ?").bind(a.accountId).run();
    await sleep(Math.max(0, cachedUntil + 20 - Date.now()));
    await expectError(await get(a.key), 403, "ACCOUNT_DISABLED");
  });

  it("a cached key never outlives the subscription it was cached with, whatever AUTH_CACHE_MS says", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "订阅到期" } });
    const endsAt = Date.now() + 1500;
    await adminJson(`/accounts/${account.id}/subscriptions`, {
      method: "POST",
      json: { planId: "professional", cycle: "monthly", startsAt: new Date(Date.now() - 1000).toISOString(), endsAt: new Date(endsAt).toISOString() },
    });
    const { key } = await adminJson<{ key: string }>(`/accounts/${account.id}/keys`, { method: "POST", json: {} });
    const long = { ...env, AUTH_CACHE_MS: "600000" };
    const entitlements = () => app.fetch(new Request(`http://api.test${ENTITLEMENTS}`, { headers: { "X-Api-Key": key } }), long);
    const before = (await (await entitlements()).json()) as { subscription: unknown };
    expect(before.subscription).not.toBeNull();
    await sleep(Math.max(0, endsAt + 50 - Date.now()));
    const after = (await (await entitlements()).json()) as { subscription: unknown };
    expect(after.subscription).toBeNull();
  });
});

describe("a key in the Authorization header", () => {
  it("gets the 401 with a hint that the key goes in X-Api-Key, and the key is never echoed", async () => {
    const a = await newAccount();
    for (const authorization of [`Bearer ${a.key}`, a.key, `Basic ${btoa(`user:${a.key}`)}`]) {
      const res = await call(ENTITLEMENTS, { headers: { Authorization: authorization } });
      const error = await expectError(res, 401, "UNAUTHENTICATED", [a.key, authorization]);
      expect(error.message).toContain("X-Api-Key");
      expect(error.message).toContain("Authorization");
    }
  });

  it("without a key anywhere, or beside a wrong X-Api-Key, the 401 stays the generic one", async () => {
    const a = await newAccount();
    const generic = await expectError(await call(ENTITLEMENTS), 401, "UNAUTHENTICATED");
    expect(generic.message).not.toContain("Authorization");
    const wrong = `rk_v1_${"b".repeat(32)}`;
    const both = await expectError(
      await call(ENTITLEMENTS, { headers: { "X-Api-Key": wrong, Authorization: `Bearer ${a.key}` } }),
      401,
      "UNAUTHENTICATED",
      [a.key, wrong],
    );
    expect(both.message).toBe(generic.message);
  });
});
