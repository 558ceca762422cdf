import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, admin, adminJson, body, call, newAccount, open } from "./helpers";

const ENTITLEMENTS = "/account/entitlements";

describe("open API authentication", () => {
  it("accepts a valid key and answers with a request id", async () => {
    const a = await newAccount();
    const res = await open(ENTITLEMENTS, a.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect((await body(res)).accountId).toBe(a.accountId);
  });

  it("gives one and the same 401 for missing, malformed, unknown, revoked and expired keys", async () => {
    const a = await newAccount();
    const expiring = await adminJson<{ key: string }>(`/accounts/${a.accountId}/keys`, {
      method: "POST",
      json: { expiresAt: new Date(Date.now() + 1200).toISOString() },
    });
    const revoked = await adminJson<{ key: string; id: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    expect((await open(ENTITLEMENTS, revoked.key)).status).toBe(200);
    expect((await admin(`/accounts/${a.accountId}/keys/${revoked.id}`, { method: "DELETE" })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 1300));

    const cases: Array<Record<string, string>> = [
      {},
      { "X-Api-Key": "not-a-key" },
      { "X-Api-Key": `rk_v1_${"a".repeat(32)}` },
      { "X-Api-Key": revoked.key },
      { "X-Api-Key": expiring.key },
    ];
    const bodies = [];
    for (const headers of cases) {
      const res = await call(`/api/open/v1${ENTITLEMENTS}`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      const b = await body(res);
      bodies.push({ code: b.code, message: b.message });
      expect(JSON.stringify(b)).not.toContain(headers["X-Api-Key"] ?? "\u0000");
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]!.code).toBe("UNAUTHENTICATED");
  });

  it("answers 403 ACCOUNT_DISABLED for a disabled account and recovers when re-enabled", async () => {
    const a = await newAccount();
    await adminJson(`/accounts/${a.accountId}`, { method: "PATCH", json: { disabled: true } });
    const res = await open(ENTITLEMENTS, a.key);
    expect(res.status).toBe(403);
    expect((await body(res)).code).toBe("ACCOUNT_DISABLED");
    await adminJson(`/accounts/${a.accountId}`, { method: "PATCH", json: { disabled: false } });
    expect((await open(ENTITLEMENTS, a.key)).status).toBe(200);
  });

  it("never authenticates by cookie", async () => {
    const a = await newAccount();
    const res = await call(`/api/open/v1${ENTITLEMENTS}`, { headers: { Cookie: `X-Api-Key=${a.key}; session=${a.key}` } });
    expect(res.status).toBe(401);
  });

  it("keeps the admin token and API keys apart", async () => {
    const a = await newAccount();
    expect((await call(`/api/open/v1${ENTITLEMENTS}`, { headers: { "X-Api-Key": ADMIN_TOKEN } })).status).toBe(401);
    expect((await call(`/api/open/v1${ENTITLEMENTS}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(401);
    expect((await call(`/api/admin/v1/plans`, { headers: { Authorization: `Bearer ${a.key}` } })).status).toBe(401);
    expect((await call(`/api/admin/v1/plans`, { headers: { "X-Api-Key": a.key } })).status).toBe(401);
  });

  it("stores only a hash of each key", async () => {
    const a = await newAccount();
    const rows = await env.DB.prepare("SELECT * FROM api_keys WHERE account_id = ?").bind(a.accountId).all();
    const dump = JSON.stringify(rows.results);
    expect(dump).not.toContain(a.key);
    expect(dump).not.toContain(a.key.slice(12));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(a.key)));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(rows.results[0]!.key_hash).toBe(hex);
  });

  it("sends no CORS headers, not even to a preflight", async () => {
    const a = await newAccount();
    const res = await open(ENTITLEMENTS, a.key, { headers: { Origin: "https://evil.example" } });
    const preflight = await call(`/api/open/v1${ENTITLEMENTS}`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    for (const r of [res, preflight]) for (const [name] of r.headers) expect(name.toLowerCase()).not.toMatch(/^access-control-/);
    expect(preflight.status).toBe(401);
  });
});

describe("API keys in the management API", () => {
  it("allows 3 valid keys; expired and revoked ones do not count; revoked are not listed", async () => {
    const a = await newAccount();
    await adminJson(`/accounts/${a.accountId}/keys`, { method: "POST", json: { name: "second" } });
    const third = await adminJson<{ id: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    const fourth = await admin(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    expect(fourth.status).toBe(409);
    expect((await body(fourth)).code).toBe("KEY_LIMIT_REACHED");
    await admin(`/accounts/${a.accountId}/keys/${third.id}`, { method: "DELETE" });
    const replacement = await admin(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    expect(replacement.status).toBe(201);
    const list = await adminJson<{ items: Array<{ id: string; expired: boolean; prefix: string }> }>(`/accounts/${a.accountId}/keys`);
    expect(list.items).toHaveLength(3);
    expect(list.items.map((k) => k.id)).not.toContain(third.id);
    expect(JSON.stringify(list)).not.toContain(a.key);
  });

  it("refuses a key without a valid subscription (402) and for unknown accounts (404)", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "no plan" } });
    const res = await admin(`/accounts/${account.id}/keys`, { method: "POST", json: {} });
    expect(res.status).toBe(402);
    expect((await body(res)).code).toBe("SUBSCRIPTION_REQUIRED");
    expect((await admin(`/accounts/acc_missing/keys`, { method: "POST", json: {} })).status).toBe(404);
  });

  it("creates at most 3 keys when 10 creations race", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "race" } });
    await adminJson(`/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: "light", cycle: "monthly" } });
    const results = await Promise.all(Array.from({ length: 10 }, () => admin(`/accounts/${account.id}/keys`, { method: "POST", json: {} })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it("answers 404 for the whole management API without ADMIN_TOKEN and 401 for a wrong token", async () => {
    const wrong = await call("/api/admin/v1/plans", { headers: { Authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("X-Request-Id")).toBeTruthy();
    const { createApp } = await import("../worker/app");
    const app = createApp();
    const res = await app.fetch(new Request("http://x/api/admin/v1/plans", { headers: { Authorization: "Bearer " } }), { ...env, ADMIN_TOKEN: "" });
    expect(res.status).toBe(404);
    expect((await body(res)).code).toBe("NOT_FOUND");
  });
});
