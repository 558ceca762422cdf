/**
 * The API's edges a property-based run found (issue 16): wrong methods, out-of-range and repeated
 * query parameters, bodies in another charset than UTF-8, and a check on a no_result query.
 */
import { describe, expect, it } from "vitest";
import { admin, body, call, expectError, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The management API's routes (management-api.md), with a made-up value in every path parameter. */
const ADMIN_ROUTES: Record<string, string[]> = {
  "/accounts": ["POST"],
  "/accounts/acc_x1": ["GET", "PATCH"],
  "/plans": ["GET"],
  "/accounts/acc_x1/subscriptions": ["POST"],
  "/accounts/acc_x1/allowance-grants": ["POST"],
  "/accounts/acc_x1/keys": ["GET", "POST"],
  "/accounts/acc_x1/keys/key_x1": ["DELETE"],
  "/checks/chk_x1/results/reg_x1/review": ["PUT"],
  "/upstream/subjects/%E7%94%B2%E5%85%AC%E5%8F%B8": ["PUT", "DELETE"],
  "/upstream/documents/11111111111111111111": ["PUT"],
  "/upstream/documents/11111111111111111111/attachments/a.pdf": ["PUT"],
};

/** The Allow header a path must carry: its methods, HEAD wherever GET is, in a fixed order. */
function allowFor(methods: readonly string[]): string {
  const withHead = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  return METHODS.filter((m) => withHead.includes(m)).join(", ");
}

async function expectMethodNotAllowed(res: Response, method: string, allow: string, label: string): Promise<void> {
  expect(res.status, label).toBe(405);
  expect(res.headers.get("Allow"), label).toBe(allow);
  // HEAD carries no body (RFC 9110 §9.3.2): the status and headers say it all.
  if (method === "HEAD") expect(await res.text(), label).toBe("");
  else await expectError(res, 405, "METHOD_NOT_ALLOWED");
}

describe("wrong methods", () => {
  it("answer 405 with Allow and the error body on every path of the open API's document", async () => {
    const a = await newAccount();
    const doc = await body<{ paths: Record<string, Record<string, unknown>> }>(await call("/api/open/v1/openapi.json"));
    const paths = Object.entries(doc.paths);
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const [template, operations] of paths) {
      const path = template.replace(/\{[^}]+\}/g, "x_1");
      const documented = Object.keys(operations)
        .map((m) => m.toUpperCase())
        .filter((m) => METHODS.includes(m));
      const allow = allowFor(documented);
      for (const method of METHODS.filter((m) => !allow.split(", ").includes(m))) {
        await expectMethodNotAllowed(await open(path, a.key, { method }), method, allow, `${method} ${template}`);
      }
    }
  });

  it("answer 405 with Allow on every management path", async () => {
    for (const [path, methods] of Object.entries(ADMIN_ROUTES)) {
      const allow = allowFor(methods);
      for (const method of METHODS.filter((m) => !allow.split(", ").includes(m))) {
        await expectMethodNotAllowed(await admin(path, { method }), method, allow, `${method} ${path}`);
      }
    }
  });

  it("leave unknown paths 404 and ask for credentials before saying which methods a path takes", async () => {
    const a = await newAccount();
    await expectError(await open("/nothing/here", a.key, { method: "DELETE" }), 404, "NOT_FOUND");
    await expectError(await open("/queries/", a.key, { method: "DELETE" }), 404, "NOT_FOUND");
    await expectError(await open("/queries/q/registrations/r/extra", a.key, { method: "PUT" }), 404, "NOT_FOUND");
    const anonymous = await call("/api/open/v1/queries/qry_x1", { method: "DELETE" });
    expect(anonymous.headers.get("Allow")).toBeNull();
    await expectError(anonymous, 401, "UNAUTHENTICATED");
  });
});

describe("query parameters", () => {
  const locations = (qs: string, key: string) => open(`/checks/chk_x1/results/reg_x1/evidence-locations?documentId=doc_x1&${qs}`, key);

  it("say a pageNumber is out of range, or not a whole number, in so many words", async () => {
    const a = await newAccount();
    for (const value of ["1000000", "99999999999999999999", "0"]) {
      const error = await expectError(await locations(`pageNumber=${value}`, a.key), 400, "VALIDATION_FAILED", [value]);
      expect(error.details?.fields).toEqual([{ path: "pageNumber", code: "OUT_OF_RANGE", message: "pageNumber must be from 1 to 999999." }]);
    }
    for (const value of ["1e6", "-1", "1.5", "abc"]) {
      const error = await expectError(await locations(`pageNumber=${encodeURIComponent(value)}`, a.key), 400, "VALIDATION_FAILED");
      expect(error.details?.fields).toEqual([{ path: "pageNumber", code: "INVALID_TYPE", message: "pageNumber must be a whole number." }]);
    }
    const missing = await expectError(
      await open("/checks/chk_x1/results/reg_x1/evidence-locations?documentId=doc_x1", a.key),
      400,
      "VALIDATION_FAILED",
    );
    expect(missing.details?.fields).toEqual([{ path: "pageNumber", code: "REQUIRED", message: "This field is required." }]);
    // In range, the parameters pass and the unknown check is what answers.
    await expectError(await locations("pageNumber=999999", a.key), 404, "NOT_FOUND");
  });

  it("given twice where one value is taken answer a clear 400, not a type name", async () => {
    const a = await newAccount();
    const cases = [
      ["/queries?page=1&page=2", "page"],
      ["/queries?pageSize=5&pageSize=5", "pageSize"],
      ["/checks?search=a&search=b", "search"],
      ["/checks/chk_x1/results/reg_x1/evidence-locations?documentId=d&pageNumber=1&pageNumber=2", "pageNumber"],
    ] as const;
    for (const [path, name] of cases) {
      const error = await expectError(await open(path, a.key), 400, "VALIDATION_FAILED");
      expect(error.details?.fields, path).toEqual([{ path: name, code: "INVALID_VALUE", message: "This parameter takes one value; give it once." }]);
    }
  });
});

describe("request bodies in another charset", () => {
  const post = (key: string, contentType: string, bytes: Uint8Array) =>
    open("/queries", key, { method: "POST", headers: { "Content-Type": contentType, "Idempotency-Key": idempotencyKey() }, body: bytes });
  const utf8 = new TextEncoder().encode(JSON.stringify({ subjectNames: ["字符集测试有限公司"] }));

  it("are refused with 415, whatever the case or quoting, and nothing is created", async () => {
    const a = await newAccount();
    for (const type of [
      "application/json; charset=utf-16",
      "application/json;charset=UTF-16LE",
      "application/json; charset=latin1",
      'application/json; charset="ISO-8859-1"',
      "application/json; charset=utf-8; charset=utf-16",
      "application/json; charset=",
    ]) {
      const error = await expectError(await post(a.key, type, utf8), 415, "UNSUPPORTED_MEDIA_TYPE", ["utf-16", "latin1", "8859"]);
      expect(error.message, type).toContain("UTF-8");
    }
    const listed = await body<{ total: number }>(await open("/queries", a.key));
    expect(listed.total).toBe(0);
  });

  it("are read when declared UTF-8 in any spelling, or with no charset", async () => {
    const a = await newAccount();
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
      "Application/JSON; Charset=utf8",
    ]) {
      const res = await post(a.key, type, utf8);
      expect(res.status, type).toBe(202);
    }
  });
});

describe("a check on a no_result query", () => {
  it("is accepted, charged one check and no query, and completes at once with every criterion unmatched", async () => {
    const a = await newAccount();
    const subject = "无登记边界测试有限公司";
    const created = await body<{ queries: Array<{ id: string }> }>(
      await open("/queries", a.key, { method: "POST", json: { subjectNames: [subject] }, headers: { "Idempotency-Key": idempotencyKey() } }),
    );
    const queryId = created.queries[0]!.id;
    await waitForQuery(queryId);
    const query = await body<{ status: string }>(await open(`/queries/${queryId}`, a.key));
    expect(query.status).toBe("no_result");
    const before = await body<{ query: { used: number; reserved: number }; check: { used: number } }>(await open("/account/entitlements", a.key));

    const res = await open("/checks", a.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey() },
      json: {
        applicant: subject,
        criteria: [
          { kind: "invoice_no", value: "11050292" },
          { kind: "keyword", value: "应收账款" },
        ],
        sourceRegistryQueryId: queryId,
      },
    });
    expect(res.status).toBe(202);
    const check = await body<{ id: string; sourceRegistryQueryId: string; criteria: Array<{ id: string }> }>(res);
    expect(check.sourceRegistryQueryId).toBe(queryId);
    await waitForCheck(check.id);

    const done = await body<Record<string, unknown>>(await open(`/checks/${check.id}`, a.key));
    expect(done).toMatchObject({
      status: "completed",
      executionStatus: "succeeded",
      sourceStatus: "available",
      coverageComplete: true,
      candidateCount: 0,
      pendingReviewCount: 0,
    });
    expect(done.unmatchedCriterionIds).toEqual(check.criteria.map((c) => c.id));
    const results = await body<{ total: number; items: unknown[] }>(await open(`/checks/${check.id}/results`, a.key));
    expect(results).toMatchObject({ total: 0, items: [] });
    const after = await body<{ query: { used: number; reserved: number }; check: { used: number } }>(await open("/account/entitlements", a.key));
    expect(after.query).toMatchObject({ used: before.query.used, reserved: before.query.reserved });
    expect(after.check.used).toBe(before.check.used + 1);
  });

  it("is told apart from a failed source query, which is SOURCE_QUERY_UNUSABLE, not SOURCE_QUERY_NOT_FINISHED", async () => {
    const a = await newAccount();
    const subject = "不可用边界测试有限公司";
    const created = await body<{ queries: Array<{ id: string }> }>(
      await open("/queries", a.key, { method: "POST", json: { subjectNames: [subject] }, headers: { "Idempotency-Key": idempotencyKey() } }),
    );
    const queryId = created.queries[0]!.id;
    await waitForQuery(queryId);
    const refused = await open("/checks", a.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey() },
      json: { applicant: subject, criteria: [{ kind: "keyword", value: "应收账款" }], sourceRegistryQueryId: queryId },
    });
    const error = await expectError(refused, 409, "SOURCE_QUERY_UNUSABLE");
    expect(error.message).not.toContain("not finished");
  });
});
