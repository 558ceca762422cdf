/**
 * The security matrix: every open endpoint and nested path against another account's ids (404, the
 * same body as a missing id), every endpoint against revoked, expired, malformed, unknown and
 * wrong-kind credentials (one and the same 401), the admin token and API keys kept apart on both
 * APIs, keys stored only as SHA-256 hashes, and the admin token compared in constant time.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN_TOKEN,
  admin,
  adminJson,
  body,
  call,
  expectError,
  idempotencyKey,
  newAccount,
  open,
  waitForCheck,
  waitForQuery,
  type TestAccount,
  shardOfAccount,
} from "./helpers";

interface Holdings {
  account: TestAccount;
  queryId: string;
  registrationIds: string[];
  checkId: string;
  documents: Array<{ id: string; registrationId: string }>;
}

/** An account with a finished query, a finished check over it, and the query's files. */
async function holdings(subject: string): Promise<Holdings> {
  const account = await newAccount();
  const created = await body<{ queries: Array<{ id: string }> }>(
    await open("/queries", account.key, { method: "POST", json: { subjectNames: [subject] }, headers: { "Idempotency-Key": idempotencyKey() } }),
  );
  const queryId = created.queries[0]!.id;
  await waitForQuery(queryId);
  const check = await body<{ id: string }>(
    await open("/checks", account.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey() },
      json: { applicant: subject, criteria: [{ kind: "keyword", value: "应收账款" }], sourceRegistryQueryId: queryId },
    }),
  );
  await waitForCheck(check.id);
  const shard = await shardOfAccount(account.accountId);
  const regs = await shard.prepare("SELECT id FROM registrations WHERE query_id = ? ORDER BY ordinal").bind(queryId).all<{ id: string }>();
  const docs = await shard
    .prepare("SELECT id, registration_id FROM documents WHERE query_id = ? ORDER BY id")
    .bind(queryId)
    .all<{ id: string; registration_id: string }>();
  return {
    account,
    queryId,
    registrationIds: regs.results.map((r) => r.id),
    checkId: check.id,
    documents: docs.results.map((d) => ({ id: d.id, registrationId: d.registration_id })),
  };
}

/** Every open path that names a resource, built from one account's query/check and another's. */
function nestedPaths(q: string, r: string, c: string, d: string): string[] {
  return [
    `/queries/${q}`,
    `/queries/${q}/registrations`,
    `/queries/${q}/registrations?page=1&pageSize=5&parseStatus=completed&search=a`,
    `/queries/${q}/registrations/${r}`,
    `/checks/${c}`,
    `/checks/${c}/results`,
    `/checks/${c}/results?matchStatus=matched&sort=strength`,
    `/checks/${c}/results/${r}`,
    `/checks/${c}/results/${r}/navigation`,
    `/checks/${c}/results/${r}/navigation?resultStatus=pending`,
    `/checks/${c}/results/${r}/evidence-locations?documentId=${d}&pageNumber=1`,
    `/documents/${d}/content`,
  ];
}

const OPEN_ENDPOINTS = (h: Holdings): Array<{ method: string; path: string; json?: unknown }> => {
  const [r] = h.registrationIds;
  const d = h.documents[0]!.id;
  return [
    { method: "GET", path: "/account/entitlements" },
    { method: "POST", path: "/queries", json: { subjectNames: ["无登记安全矩阵有限公司"] } },
    { method: "GET", path: "/queries" },
    ...nestedPaths(h.queryId, r!, h.checkId, d).map((path) => ({ method: "GET", path })),
    { method: "POST", path: "/checks", json: { applicant: "无登记安全矩阵有限公司", criteria: [{ kind: "keyword", value: "x" }] } },
    { method: "GET", path: "/checks" },
  ];
};

describe("another account's ids", () => {
  it("are 404 on every open endpoint and nested path, exactly like ids that do not exist", async () => {
    const [mine, theirs] = await Promise.all([holdings("规模2安全矩阵甲有限公司"), holdings("规模2安全矩阵乙有限公司")]);
    const me = mine.account.key;
    const [myReg] = mine.registrationIds;
    const [theirReg] = theirs.registrationIds;
    const myDoc = mine.documents.find((d) => d.registrationId === myReg)!.id;
    const theirDoc = theirs.documents[0]!.id;

    // The owner reaches each of their own paths (so the 404s below are about ownership, not the paths).
    for (const path of nestedPaths(theirs.queryId, theirReg!, theirs.checkId, theirs.documents.find((d) => d.registrationId === theirReg)!.id)) {
      const res = await open(path, theirs.account.key);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }

    const missing = await expectError(await open("/queries/qry_doesnotexist0000", me), 404, "NOT_FOUND");
    const foreign = [
      // All theirs.
      ...nestedPaths(theirs.queryId, theirReg!, theirs.checkId, theirDoc),
      // Mine around theirs, theirs around mine.
      ...nestedPaths(mine.queryId, theirReg!, mine.checkId, theirDoc).filter((p) => p.includes(theirReg!) || p.includes(theirDoc)),
      ...nestedPaths(theirs.queryId, myReg!, theirs.checkId, myDoc).filter((p) => p.includes(theirs.queryId) || p.includes(theirs.checkId)),
      // My check and registration, their file.
      `/checks/${mine.checkId}/results/${myReg}/evidence-locations?documentId=${theirDoc}&pageNumber=1`,
    ];
    expect(foreign.length).toBeGreaterThan(20);
    for (const path of foreign) {
      const err = await expectError(await open(path, me), 404, "NOT_FOUND", [theirs.queryId, theirs.checkId, theirReg!, theirDoc]);
      expect({ path, message: err.message, details: err.details }).toEqual({ path, message: missing.message, details: undefined });
    }
    // A range, a HEAD, or an If-Range on someone else's file changes nothing.
    await expectError(await open(`/documents/${theirDoc}/content`, me, { headers: { Range: "bytes=0-9", "If-Range": '"x"' } }), 404, "NOT_FOUND");
    expect((await open(`/documents/${theirDoc}/content`, me, { method: "HEAD" })).status).toBe(404);

    // Lists and searches show none of theirs; their query cannot feed my check.
    for (const [path, id] of [
      ["/queries", theirs.queryId],
      ["/checks", theirs.checkId],
    ] as const) {
      const page = await body<{ items: Array<{ id: string }>; total: number }>(await open(`${path}?pageSize=100&search=${id}`, me));
      expect(page).toMatchObject({ items: [], total: 0 });
    }
    await expectError(
      await open("/checks", me, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: "规模2安全矩阵乙有限公司", criteria: [{ kind: "keyword", value: "x" }], sourceRegistryQueryId: theirs.queryId },
      }),
      404,
      "NOT_FOUND",
      [theirs.queryId],
    );

    // A reviewer's conclusion (management API) never crosses checks: their registration under my check is 404.
    expect(
      (await admin(`/checks/${mine.checkId}/results/${theirReg}/review`, { method: "PUT", json: { decision: "confirmed", note: "x" } })).status,
    ).toBe(404);
  });
});

describe("credentials on every endpoint", () => {
  it("revoked, expired, malformed, unknown and wrong-kind keys all get the same 401, and count for nothing", async () => {
    const h = await holdings("规模1安全凭据有限公司");
    const expiring = await adminJson<{ key: string }>(`/accounts/${h.account.accountId}/keys`, {
      method: "POST",
      json: { expiresAt: new Date(Date.now() + 1500).toISOString() },
    });
    const revoked = await adminJson<{ key: string; id: string }>(`/accounts/${h.account.accountId}/keys`, { method: "POST", json: {} });
    expect((await open("/account/entitlements", revoked.key)).status).toBe(200);
    expect((await admin(`/accounts/${h.account.accountId}/keys/${revoked.id}`, { method: "DELETE" })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 1600));

    const key = h.account.key;
    const credentials: Array<[string, Record<string, string>]> = [
      ["none", {}],
      ["revoked", { "X-Api-Key": revoked.key }],
      ["expired", { "X-Api-Key": expiring.key }],
      ["malformed", { "X-Api-Key": "not-a-key" }],
      ["last character changed", { "X-Api-Key": key.slice(0, -1) + (key.endsWith("a") ? "b" : "a") }],
      ["one character longer", { "X-Api-Key": `${key}a` }],
      ["unknown, well-formed", { "X-Api-Key": `rk_v1_${"Z".repeat(32)}` }],
      ["the admin token as a key", { "X-Api-Key": ADMIN_TOKEN }],
      ["the admin token as a bearer", { Authorization: `Bearer ${ADMIN_TOKEN}` }],
      ["the key as a bearer", { Authorization: `Bearer ${key}` }],
      ["the key in a cookie", { Cookie: `X-Api-Key=${key}` }],
    ];
    const seen = new Set<string>();
    for (const endpoint of OPEN_ENDPOINTS(h)) {
      for (const [name, headers] of credentials) {
        const init: RequestInit & { json?: unknown } = {
          method: endpoint.method,
          headers: { ...headers, ...(endpoint.method === "POST" ? { "Idempotency-Key": idempotencyKey() } : {}) },
        };
        if (endpoint.json) init.json = endpoint.json;
        const res = await call(`/api/open/v1${endpoint.path}`, init);
        const err = await expectError(res, 401, "UNAUTHENTICATED", [key, revoked.key, expiring.key, ADMIN_TOKEN]);
        // A credential in Authorization (and no X-Api-Key) gets the one hint of where the key goes.
        if ("Authorization" in headers) expect(err.message, name).toMatch(/X-Api-Key header/);
        else seen.add(JSON.stringify({ code: err.code, message: err.message, details: err.details }));
        expect(res.headers.get("Retry-After"), `${name} ${endpoint.path}`).toBeNull();
      }
    }
    expect(seen.size).toBe(1);
    // None of those refusals counted in the account's window (one request so far: the revoked key's
    // read while it was valid) or created anything.
    let admitted = 0;
    while ((await open("/account/entitlements", key)).status === 200) admitted++;
    expect(admitted).toBe(119);
    const created = await env.DB.prepare("SELECT COUNT(*) AS n FROM queries WHERE account_id = ?").bind(h.account.accountId).first<{ n: number }>();
    expect(created?.n).toBe(1);
  });

  it("an API key never opens the management API, whatever header carries it", async () => {
    const a = await newAccount();
    const paths: Array<[string, string, unknown?]> = [
      ["POST", "/accounts", { name: "x" }],
      ["GET", `/accounts/${a.accountId}`],
      ["PATCH", `/accounts/${a.accountId}`, { disabled: true }],
      ["GET", "/plans"],
      ["POST", `/accounts/${a.accountId}/subscriptions`, { planId: "enterprise", cycle: "annual" }],
      ["POST", `/accounts/${a.accountId}/allowance-grants`, { kind: "query", amount: 1000, source: "gift" }],
      ["POST", `/accounts/${a.accountId}/keys`, {}],
      ["GET", `/accounts/${a.accountId}/keys`],
      ["DELETE", `/accounts/${a.accountId}/keys/${a.keyId}`],
      ["PUT", "/checks/chk_x/results/reg_x/review", { decision: "confirmed", note: "x" }],
      ["PUT", `/upstream/subjects/${encodeURIComponent("某公司")}`, { registrations: [] }],
      ["DELETE", `/upstream/subjects/${encodeURIComponent("某公司")}`],
    ];
    for (const [method, path, json] of paths) {
      for (const headers of [{ Authorization: `Bearer ${a.key}` }, { "X-Api-Key": a.key }, { Authorization: a.key }] as Array<
        Record<string, string>
      >) {
        await expectError(await call(`/api/admin/v1${path}`, { method, headers, ...(json !== undefined ? { json } : {}) }), 401, "UNAUTHENTICATED", [
          a.key,
        ]);
      }
    }
    // Nothing changed: the account is enabled, on its plan, with its one key.
    expect(await adminJson(`/accounts/${a.accountId}`)).toMatchObject({ disabled: false });
    expect((await adminJson<{ items: unknown[] }>(`/accounts/${a.accountId}/keys`)).items).toHaveLength(1);
    expect((await body<{ subscription: { plan: { id: string } } }>(await open("/account/entitlements", a.key))).subscription.plan.id).toBe(
      "professional",
    );
  });
});

describe("secrets at rest and in comparison", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stores only a SHA-256 of each key and a short display prefix", async () => {
    const a = await newAccount();
    const more = await Promise.all(
      [1, 2].map(() => adminJson<{ key: string; prefix: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: { name: "more" } })),
    );
    const keys = [a.key, ...more.map((k) => k.key)];
    const { results } = await env.DB.prepare("SELECT * FROM api_keys WHERE account_id = ?").bind(a.accountId).all<Record<string, unknown>>();
    expect(results).toHaveLength(3);
    const dump = JSON.stringify(results);
    for (const key of keys) {
      const secret = key.slice("rk_v1_".length);
      // Neither the key, nor its secret part, nor any 12 characters of the secret past the display prefix.
      expect(dump).not.toContain(key);
      for (let i = 6; i + 12 <= secret.length; i++) expect(dump).not.toContain(secret.slice(i, i + 12));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
      const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
      const row = results.find((r) => r.key_hash === hex);
      expect(row, "row stored under the key's SHA-256").toBeDefined();
      expect(row!.prefix).toBe(key.slice(0, 12));
    }
    // The management API lists them without secrets.
    const listed = JSON.stringify(await adminJson(`/accounts/${a.accountId}/keys`));
    for (const key of keys) expect(listed).not.toContain(key.slice(12));
  });

  it("compares the admin token in constant time: equal-length digests, whatever was sent", async () => {
    const timingSafeEqual = vi.spyOn(crypto.subtle, "timingSafeEqual");
    const last = ADMIN_TOKEN.at(-1) === "x" ? "y" : "x";
    const attempts = [
      `${ADMIN_TOKEN.slice(0, -1)}${last}`, // differs only in its last character
      `${ADMIN_TOKEN}${last}`, // one character longer
      ADMIN_TOKEN.slice(0, 4), // much shorter
      "x".repeat(4096), // much longer
    ];
    for (const token of attempts) {
      timingSafeEqual.mockClear();
      await expectError(await call("/api/admin/v1/plans", { headers: { Authorization: `Bearer ${token}` } }), 401, "UNAUTHENTICATED", [token]);
      expect(timingSafeEqual).toHaveBeenCalledTimes(1);
      const [a, b] = timingSafeEqual.mock.calls[0]!;
      expect([(a as ArrayBuffer).byteLength, (b as ArrayBuffer).byteLength]).toEqual([32, 32]);
    }
    timingSafeEqual.mockClear();
    expect((await call("/api/admin/v1/plans", { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    // API keys are never compared as strings at all: they are found by their hash (an indexed lookup).
    const a = await newAccount();
    timingSafeEqual.mockClear();
    expect((await open("/account/entitlements", a.key)).status).toBe(200);
    expect((await open("/account/entitlements", `${a.key.slice(0, -1)}${a.key.endsWith("a") ? "b" : "a"}`)).status).toBe(401);
    expect(timingSafeEqual).not.toHaveBeenCalled();
  });
});
