import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountGate } from "../worker/lib/gate";
import type { CreationRequest } from "../durable-objects/creation";
import { LEASE_TTL_MS } from "../durable-objects/account-gate";
import { RateLog } from "../durable-objects/rate-log";
import { runInDurableObject } from "cloudflare:test";
import { adminJson, body, newAccount, open } from "./helpers";

function creation(accountId: string, key: string, fingerprint = "f1", taskIds = [`task_${key}`]): CreationRequest {
  return {
    accountId,
    idempotencyKey: key,
    fingerprint,
    reserve: { query: taskIds },
    statements: [],
    response: { status: 202, body: `{"key":"${key}"}` },
  };
}

describe("rate limits", () => {
  it("admits 120 ordinary requests a rolling minute across all keys; the 121st is 429 with Retry-After", async () => {
    const a = await newAccount();
    const second = await adminJson<{ key: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    const other = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await open("/account/entitlements", i % 2 ? a.key : second.key)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await open("/account/entitlements", a.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(limited.headers.get("X-Request-Id")).toBeTruthy();
    expect((await body(limited)).code).toBe("RATE_LIMITED");
    expect((await open("/account/entitlements", other.key)).status).toBe(200);
  });

  it("rolls the window: exact at the boundary, not a fixed window", async () => {
    const gate = accountGate(env, "acc_roll");
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) expect((await gate.admit("create", t0 + i * 1000)).ok).toBe(true);
    const eleventh = await gate.admit("create", t0 + 30_000);
    expect(eleventh).toEqual({ ok: false, retryAfterSeconds: 30, window: { rateClass: "create", remaining: 0, resetSeconds: 30 } });
    // The first leaves the window at t0 + 60 000: one slot, not ten.
    expect((await gate.admit("create", t0 + 60_001)).ok).toBe(true);
    expect((await gate.admit("create", t0 + 60_002)).ok).toBe(false);
    expect((await gate.admit("create", t0 + 61_001)).ok).toBe(true);
    // Creations and ordinary requests have separate windows.
    expect((await gate.admit("other", t0 + 61_002)).ok).toBe(true);
  });
});

describe("the rate log across a restart of the object", () => {
  it("a fresh log over the same storage resumes the window: full stays full, and old hits are not counted", async () => {
    const stub = accountGate(env, "acc_restart");
    const now = Date.now();
    for (let i = 0; i < 10; i++) expect((await stub.admit("create", now - 30_000 + i)).ok).toBe(true);
    expect((await stub.admit("other", now - 61_000)).ok).toBe(true);
    await runInDurableObject(stub, (_instance, state) => {
      const reloaded = new RateLog(state.storage.sql, now);
      const refused = reloaded.admit("create", now);
      expect(refused.ok).toBe(false);
      expect(refused.window).toEqual({ rateClass: "create", remaining: 0, resetSeconds: 30 });
      // The ordinary hit of 61 s ago has left the window: 119 left after this one.
      expect(reloaded.admit("other", now).window.remaining).toBe(119);
    });
  });
});

describe("idempotency", () => {
  it("proceeds, replays, conflicts on another body", async () => {
    const gate = accountGate(env, "acc_idem");
    const first = await gate.create(creation("acc_idem", "k1"));
    expect(first.kind).toBe("refused"); // no buckets at all for this account
    const a = await newAccount();
    const g = accountGate(env, a.accountId);
    const accepted = await g.create(creation(a.accountId, "k1"));
    expect(accepted).toMatchObject({ kind: "accepted", status: 202, body: '{"key":"k1"}', window: { rateClass: "create" } });
    // A replay creates nothing: it counts in the ordinary window, not the creation one.
    expect(await g.create(creation(a.accountId, "k1"))).toMatchObject({
      kind: "replay",
      status: 202,
      body: '{"key":"k1"}',
      window: { rateClass: "other" },
    });
    expect((await g.create(creation(a.accountId, "k1", "other-body"))).kind).toBe("conflict");
    // A record stored under the former fingerprint (the door's path) replays a retry that also gives it.
    expect((await g.create({ ...creation(a.accountId, "k1", "new-form"), formerFingerprint: "f1" })).kind).toBe("replay");
    expect((await g.create({ ...creation(a.accountId, "k1", "new-form"), formerFingerprint: "other" })).kind).toBe("conflict");
    const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM allowance_ledger WHERE task_id = 'task_k1'").first<{ n: number }>();
    expect(ledger?.n).toBe(1);
  });

  it("lets exactly one of 20 concurrent begins with one key proceed", async () => {
    const a = await newAccount();
    const g = accountGate(env, a.accountId);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => g.create({ ...creation(a.accountId, "same"), now: Date.now() })));
    const kinds = outcomes.map((o) => o.kind);
    expect(kinds.filter((k) => k === "accepted")).toHaveLength(1);
    expect(kinds.filter((k) => k === "accepted" || k === "replay" || k === "in_flight" || k === "rate_limited")).toHaveLength(20);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM allowance_ledger WHERE account_id = ?").bind(a.accountId).first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it("keeps idempotency spaces per account", async () => {
    const a = await newAccount();
    const b = await newAccount();
    expect((await accountGate(env, a.accountId).create(creation(a.accountId, "shared-key", "x", ["ta"]))).kind).toBe("accepted");
    expect((await accountGate(env, b.accountId).create(creation(b.accountId, "shared-key", "y", ["tb"]))).kind).toBe("accepted");
  });
});

describe("allowance reservation", () => {
  it("never oversells under 20 concurrent reservations", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "oversell" } });
    await adminJson(`/accounts/${account.id}/allowance-grants`, { method: "POST", json: { kind: "query", amount: 15, source: "gift" } });
    const g = accountGate(env, account.id);
    // 20 distinct intents in 2 groups so the create-rate window (10/min) is not what limits them.
    const t = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => g.create({ ...creation(account.id, `k${i}`, "f", [`t${i}`]), now: t + (i < 10 ? 0 : 61_000) })),
    );
    expect(outcomes.filter((o) => o.kind === "accepted")).toHaveLength(15);
    expect(outcomes.filter((o) => o.kind === "refused" && o.code === "QUERY_ALLOWANCE_INSUFFICIENT")).toHaveLength(5);
    const n = await env.DB.prepare("SELECT SUM(amount) AS n FROM allowance_ledger WHERE account_id = ? AND entry = 'reserve'")
      .bind(account.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(15);
  });
});

describe("download leases", () => {
  it("grants 3 at once, refuses the 4th, frees on release and on expiry", async () => {
    const g = accountGate(env, "acc_leases");
    const now = Date.now();
    const leases = [await g.acquireDownload(now), await g.acquireDownload(now), await g.acquireDownload(now)];
    expect(leases.every((l) => l.ok)).toBe(true);
    const fourth = await g.acquireDownload(now);
    expect(fourth.ok).toBe(false);
    if (!fourth.ok) expect(fourth.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const first = leases[0]!;
    if (first.ok) await g.releaseDownload(first.leaseId);
    expect((await g.acquireDownload(now)).ok).toBe(true);
    expect((await g.acquireDownload(now)).ok).toBe(false);
    // A dead stream never releases: its lease expires.
    expect((await g.acquireDownload(now + LEASE_TTL_MS + 1)).ok).toBe(true);
    expect(await g.activeLeases(now + LEASE_TTL_MS + 1)).toBe(1);
  });
});
