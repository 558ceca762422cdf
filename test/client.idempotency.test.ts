import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RegistryApiError, type AcceptedQueries, type FetchLike } from "../client/index.ts";
import { ledgerOf, newAccount } from "./helpers";
import { clientFor, quickSleep, recording, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function queriesOf(accountId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM queries WHERE account_id = ? ORDER BY id").bind(accountId).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The first POST fails as `fail` says; everything else goes through. */
function failingFirstPost(fail: (request: Request) => Promise<Response>): FetchLike {
  let failed = false;
  return (request) => {
    if (request.method === "POST" && !failed) {
      failed = true;
      return fail(request);
    }
    return workerFetch(request);
  };
}

describe("the client retries one intent with one Idempotency-Key", () => {
  it("after the connection broke once the request had been delivered: same key, same task, charged once", async () => {
    const a = await newAccount();
    let lost: AcceptedQueries | undefined;
    const { fetch, seen } = recording(
      failingFirstPost(async (request) => {
        const response = await workerFetch(request);
        lost = (await response.json()) as AcceptedQueries;
        throw new TypeError("Network connection lost.");
      }),
    );
    const { sleep } = quickSleep();
    const accepted = await clientFor(a.key, { fetch, sleep }).createQueries([SUBJECT]);

    const posts = seen.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toMatch(UUID);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect(lost?.queries[0]?.id).toBeDefined();
    expect(accepted.queries.map((q) => q.id)).toEqual(lost!.queries.map((q) => q.id));
    expect(await queriesOf(a.accountId)).toEqual([accepted.queries[0]!.id]);
    expect((await ledgerOf(accepted.queries[0]!.id)).filter((e) => e === "reserve")).toHaveLength(1);
    const entitlements = await clientFor(a.key).getEntitlements();
    expect(entitlements.query.reserved + entitlements.query.used).toBe(1);
  });

  it("after a timeout: the attempt is abandoned and sent again with the same key", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording(
      failingFirstPost(async (request) => {
        const response = await workerFetch(request);
        // The answer comes too late: the client has given up on this attempt.
        await new Promise((resolve) => request.signal.addEventListener("abort", resolve, { once: true }));
        return response;
      }),
    );
    const { sleep } = quickSleep();
    const check = await clientFor(a.key, { fetch, sleep, timeoutMs: 300 }).createCheck({
      applicant: SUBJECT,
      criteria: [{ kind: "keyword", value: "应收账款" }],
    });
    const posts = seen.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    const { results } = await env.DB.prepare("SELECT id FROM checks WHERE account_id = ?").bind(a.accountId).all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual([check.id]);
    const entitlements = await clientFor(a.key).getEntitlements();
    expect(entitlements.check.reserved + entitlements.check.used).toBe(1);
    expect(entitlements.query.reserved + entitlements.query.used).toBe(1);
  });

  it("after a 503: waits, then the same request again", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording(
      failingFirstPost(async () => Response.json({ code: "SERVICE_UNAVAILABLE", message: "down", requestId: "req_x" }, { status: 503 })),
    );
    const { sleep, waits } = quickSleep();
    const accepted = await clientFor(a.key, { fetch, sleep }).createQueries([SUBJECT]);
    const posts = seen.filter((r) => r.method === "POST");
    expect(posts.map((p) => p.idempotencyKey)).toEqual([posts[0]!.idempotencyKey, posts[0]!.idempotencyKey]);
    expect(waits).toEqual([1000]);
    expect(await queriesOf(a.accountId)).toEqual([accepted.queries[0]!.id]);
  });

  it("after a 429: waits for Retry-After, then continues with the same intent", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording(
      failingFirstPost(async () =>
        Response.json({ code: "RATE_LIMITED", message: "slow down", requestId: "req_x" }, { status: 429, headers: { "Retry-After": "7" } }),
      ),
    );
    const { sleep, waits } = quickSleep(1000);
    await clientFor(a.key, { fetch, sleep }).createQueries([SUBJECT]);
    const posts = seen.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect(waits).toEqual([7000]);
  });

  it("gives each new intent a new key: the same body twice is two tasks", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording();
    const client = clientFor(a.key, { fetch });
    const first = await client.createQueries([SUBJECT]);
    const second = await client.createQueries([SUBJECT]);
    expect(second.queries[0]!.id).not.toBe(first.queries[0]!.id);
    const keys = seen.filter((r) => r.method === "POST").map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it("never retries a conflict, and reports the key it used", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording();
    const client = clientFor(a.key, { fetch });
    await client.createQueries([SUBJECT], { idempotencyKey: "intent-1" });
    const error = await client.createQueries(["另一家示例有限公司"], { idempotencyKey: "intent-1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryApiError);
    expect(error).toMatchObject({ status: 409, code: "IDEMPOTENCY_CONFLICT", idempotencyKey: "intent-1" });
    expect((error as RegistryApiError).requestId).toMatch(/^req_/);
    expect(seen.filter((r) => r.method === "POST")).toHaveLength(2);
  });

  it("does not retry a refused key", async () => {
    const { fetch, seen } = recording();
    const error = await clientFor("rk_v1_not_a_real_key_at_all_000000", { fetch })
      .getEntitlements()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(seen).toHaveLength(1);
  });
});
