/**
 * One account, one Idempotency-Key, one body: one task, whichever door sends it (open-api-v1.md,
 * Idempotency rules 2–4; console-api.md: POST /queries and /checks take "`Idempotency-Key` as in the open
 * API"). The console and the open API share the account's idempotency space, so the second door gets the
 * first door's answer (the same task ids) and nothing is charged twice; another body under the same key is
 * still a conflict, from either door.
 */
import { describe, expect, it } from "vitest";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { body, expectError, idempotencyKey, newAccount, open } from "./helpers";

const SUBJECT = "上海示例供应链管理有限公司";

type Door = (path: string, json: unknown, key: string) => Promise<Response>;

function doors(apiKey: string, analyst: ConsoleSession): { api: Door; console: Door } {
  return {
    api: (path, json, key) => open(path, apiKey, { method: "POST", json, headers: { "Idempotency-Key": key } }),
    console: (path, json, key) => consoleCall(analyst, path, { method: "POST", json, headers: { "Idempotency-Key": key } }),
  };
}

async function available(apiKey: string): Promise<{ query: number; check: number }> {
  const e = await body<{ query: { available: number }; check: { available: number } }>(await open("/account/entitlements", apiKey));
  return { query: e.query.available, check: e.check.available };
}

describe("an Idempotency-Key across the console and the open API", () => {
  it.each([
    ["console", "api"],
    ["api", "console"],
  ] as const)("a query sent first from the %s, then from the %s, is one task, charged once", async (first, second) => {
    const a = await newAccount();
    const door = doors(a.key, await consoleUser(a.accountId, "analyst"));
    const before = await available(a.key);
    const key = idempotencyKey();
    const request = { subjectNames: [SUBJECT] };
    const one = await door[first]("/queries", request, key);
    expect(one.status).toBe(202);
    const two = await door[second]("/queries", request, key);
    expect(two.status, await two.clone().text()).toBe(202);
    const ids = (r: { queries: Array<{ id: string }> }) => r.queries.map((q) => q.id);
    expect(ids(await body(two))).toEqual(ids(await body(one)));
    expect((await available(a.key)).query).toBe(before.query - 1);
    // Another body under the same key is another intent: a conflict, whichever door asks.
    await expectError(await door[second]("/queries", { subjectNames: ["上海示例贸易有限公司"] }, key), 409, "IDEMPOTENCY_CONFLICT");
    await expectError(await door[first]("/queries", { subjectNames: ["上海示例贸易有限公司"] }, key), 409, "IDEMPOTENCY_CONFLICT");
  });

  it.each([
    ["console", "api"],
    ["api", "console"],
  ] as const)("a check sent first from the %s, then from the %s, is one check, charged once", async (first, second) => {
    const a = await newAccount();
    const door = doors(a.key, await consoleUser(a.accountId, "analyst"));
    const before = await available(a.key);
    const key = idempotencyKey();
    // Key order does not make another intent either.
    const one = await door[first]("/checks", { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "应收账款" }] }, key);
    expect(one.status).toBe(202);
    const two = await door[second]("/checks", { criteria: [{ value: "应收账款", kind: "keyword" }], applicant: SUBJECT }, key);
    expect(two.status, await two.clone().text()).toBe(202);
    expect((await body<{ id: string }>(two)).id).toBe((await body<{ id: string }>(one)).id);
    expect(await available(a.key)).toEqual({ query: before.query - 1, check: before.check - 1 });
  });
});
