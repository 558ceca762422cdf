/**
 * The operator's view and move of an account's shard (PUT/GET /api/admin/v1/accounts/{id}/shard, an
 * extension of management-api.md): the move runs through the real local queue and ends with the
 * account active on the target, its query's registrations read from there.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forgetAccount } from "../worker/auth/key-cache";
import { admin, body, newAccount, open, waitForQuery } from "./helpers";

type Shard = { shard: number; state: "active" | "moving" };

describe("an account's shard through the management API", () => {
  it("answers where the account lives, refuses what is not a shard, and moves it", async () => {
    const a = await newAccount("professional");
    const res = await open("/queries", a.key, {
      method: "POST",
      json: { subjectNames: ["深圳前海示例商业保理有限公司"] },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    const queryId = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
    await waitForQuery(queryId);
    const registrations = async () => (await body<{ total: number }>(await open(`/queries/${queryId}/registrations`, a.key))).total;
    const total = await registrations();
    expect(total).toBeGreaterThan(0);

    const where = await admin(`/accounts/${a.accountId}/shard`);
    expect(where.status).toBe(200);
    const from = await body<Shard>(where);
    expect(from.state).toBe("active");
    expect([0, 1]).toContain(from.shard);

    // Already there: nothing moves.
    expect(await body<Shard>(await admin(`/accounts/${a.accountId}/shard`, { method: "PUT", json: { shard: from.shard } }))).toEqual(from);
    for (const json of [{ shard: 2 }, { shard: -1 }, { shard: 0.5 }, { shard: "1" }, { shard: 1, note: "x" }, {}]) {
      const refused = await admin(`/accounts/${a.accountId}/shard`, { method: "PUT", json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect((await body<{ code: string }>(refused)).code).toBe("VALIDATION_FAILED");
    }
    expect((await admin(`/accounts/acc_nobody/shard`)).status).toBe(404);
    expect((await admin(`/accounts/acc_nobody/shard`, { method: "PUT", json: { shard: 0 } })).status).toBe(404);

    const to = 1 - from.shard;
    const started = await admin(`/accounts/${a.accountId}/shard`, { method: "PUT", json: { shard: to } });
    expect(started.status).toBe(202);
    expect(await body<Shard>(started)).toEqual({ shard: from.shard, state: "moving" });
    const again = await admin(`/accounts/${a.accountId}/shard`, { method: "PUT", json: { shard: to } });
    expect(again.status).toBe(503);
    expect(again.headers.get("Retry-After")).toBe("60");

    const until = Date.now() + 45_000;
    let now = await body<Shard>(await admin(`/accounts/${a.accountId}/shard`));
    while (Date.now() < until && now.state !== "active") {
      await new Promise((r) => setTimeout(r, 250));
      now = await body<Shard>(await admin(`/accounts/${a.accountId}/shard`));
    }
    expect(now).toEqual({ shard: to, state: "active" });
    const source = env[`SHARD_${from.shard}` as "SHARD_0"];
    const left = async () =>
      (await source.prepare("SELECT COUNT(*) AS n FROM registrations WHERE query_id = ?").bind(queryId).first<{ n: number }>())?.n;
    // Isolates that cached the account before the flip still read the source for AUTH_CACHE_MS: it is kept that long.
    expect(await left()).toBe(total);
    // This isolate's caches would answer within AUTH_CACHE_MS anyway; the test does not wait for them.
    forgetAccount(a.accountId);
    expect(await registrations()).toBe(total);
    // Then the move's last message deletes them.
    while (Date.now() < until && (await left()) !== 0) await new Promise((r) => setTimeout(r, 250));
    expect(await left()).toBe(0);
  });
});
