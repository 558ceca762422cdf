/**
 * RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-11) on open-API responses,
 * Retry-After on 429, and idempotent replays that do not count against the creation limit.
 */
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../worker/domain/rate-limit";
import { call, createQueries, expectError, idempotencyKey, newAccount, open } from "./helpers";

const POLICY = '"default";q=120;w=60, "create";q=10;w=60';

/** `"name";r=N;t=S` → its parts (the one policy this API reports per response). */
function parseRateLimit(value: string | null): { policy: string; remaining: number; reset: number } {
  const match = /^"(default|create)";r=(\d+);t=(\d+)$/.exec(value ?? "");
  if (!match) throw new Error(`not a RateLimit field: ${value}`);
  return { policy: match[1] ?? "", remaining: Number(match[2]), reset: Number(match[3]) };
}

describe("RateLimit headers", () => {
  it("advertise both policies and count down the ordinary window, request by request", async () => {
    const a = await newAccount();
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await open("/account/entitlements", a.key);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Policy")).toBe(POLICY);
      seen.push(parseRateLimit(res.headers.get("RateLimit")));
    }
    expect(seen.map((s) => s.policy)).toEqual(["default", "default", "default"]);
    expect(seen.map((s) => s.remaining)).toEqual([RATE_LIMITS.other - 1, RATE_LIMITS.other - 2, RATE_LIMITS.other - 3]);
    // The first request leaves the window a minute after it was made.
    for (const s of seen) expect(s.reset).toBeGreaterThan(55);
    for (const s of seen) expect(s.reset).toBeLessThanOrEqual(60);
  });

  it("come on errors too: an unknown resource, a validation failure; a 401 has the policy but no account window", async () => {
    const a = await newAccount();
    const missing = await open("/queries/qry_missing", a.key);
    await expectError(missing.clone(), 404, "NOT_FOUND");
    expect(parseRateLimit(missing.headers.get("RateLimit")).remaining).toBe(RATE_LIMITS.other - 1);
    const invalid = await open("/queries?pageSize=0", a.key);
    await expectError(invalid.clone(), 400, "VALIDATION_FAILED");
    expect(parseRateLimit(invalid.headers.get("RateLimit")).remaining).toBe(RATE_LIMITS.other - 2);
    const anonymous = await call("/api/open/v1/account/entitlements");
    await expectError(anonymous.clone(), 401, "UNAUTHENTICATED");
    expect(anonymous.headers.get("RateLimit-Policy")).toBe(POLICY);
    expect(anonymous.headers.get("RateLimit")).toBeNull();
  });

  it("report the creation window on a creation, and r=0 with t equal to Retry-After on the 429", async () => {
    const a = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.create; i++) {
      const created = await createQueries(a.key, [`限流头测试${i}有限公司`]);
      statuses.push(created.status);
      if (i === 0) expect(parseRateLimit(created.headers.get("RateLimit"))).toMatchObject({ policy: "create", remaining: RATE_LIMITS.create - 1 });
    }
    expect(statuses.every((s) => s === 202)).toBe(true);
    const limited = await createQueries(a.key, ["限流头测试超额有限公司"]);
    await expectError(limited.clone(), 429, "RATE_LIMITED");
    const window = parseRateLimit(limited.headers.get("RateLimit"));
    expect(window.policy).toBe("create");
    expect(window.remaining).toBe(0);
    expect(window.reset).toBe(Number(limited.headers.get("Retry-After")));
    expect(window.reset).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("RateLimit-Policy")).toBe(POLICY);
  });
});

describe("an ordinary read over the limit", () => {
  it("answers the 429 envelope, not the data its handler read meanwhile, with r=0 and t equal to Retry-After", async () => {
    const a = await newAccount();
    const created = (await (await createQueries(a.key, ["读取限流测试有限公司"])).json()) as { queries: Array<{ id: string }> };
    const queryId = created.queries[0]?.id ?? "";
    const path = `/queries/${queryId}`;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.other; i++) statuses.push((await open(path, a.key)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await open(path, a.key);
    await expectError(limited.clone(), 429, "RATE_LIMITED");
    expect(parseRateLimit(limited.headers.get("RateLimit"))).toMatchObject({
      policy: "default",
      remaining: 0,
      reset: Number(limited.headers.get("Retry-After")),
    });
    expect(await limited.text()).not.toContain(queryId);
  });
});

describe("RateLimit headers in the OpenAPI document", () => {
  it("are declared on every response of every operation, with the policy the server sends as example", async () => {
    const doc = (await (await call("/api/open/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { $ref: string }> }> }>>;
      components: { headers: Record<string, { schema: { example: string } }> };
    };
    let responses = 0;
    for (const item of Object.values(doc.paths))
      for (const operation of Object.values(item))
        for (const response of Object.values(operation.responses)) {
          responses++;
          expect(response.headers?.["RateLimit-Policy"]?.$ref).toBe("#/components/headers/RateLimit-Policy");
          expect(response.headers?.RateLimit?.$ref).toBe("#/components/headers/RateLimit");
        }
    expect(responses).toBeGreaterThan(20);
    expect(doc.components.headers["RateLimit-Policy"]?.schema.example).toBe(POLICY);
    expect(parseRateLimit(doc.components.headers.RateLimit?.schema.example ?? null).policy).toBe("default");
  });
});

describe("idempotent replays and the creation limit", () => {
  it("one creation and 11 replays of it leave the account free to create", async () => {
    const a = await newAccount();
    const key = idempotencyKey();
    const first = await createQueries(a.key, ["重放计数测试有限公司"], key);
    expect(first.status).toBe(202);
    const firstBody = await first.text();
    for (let i = 0; i < RATE_LIMITS.create + 1; i++) {
      const replay = await createQueries(a.key, ["重放计数测试有限公司"], key);
      expect(replay.status).toBe(202);
      expect(await replay.text()).toBe(firstBody);
      // A replay creates nothing: it is an ordinary request.
      expect(parseRateLimit(replay.headers.get("RateLimit")).policy).toBe("default");
    }
    const fresh = await createQueries(a.key, ["重放之后新建有限公司"]);
    expect(fresh.status).toBe(202);
    expect(parseRateLimit(fresh.headers.get("RateLimit"))).toMatchObject({ policy: "create", remaining: RATE_LIMITS.create - 2 });
  });
});
