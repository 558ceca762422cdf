/**
 * The response-shape check every test runs through `call` (response-shapes.ts) would catch a wrong
 * shape: each mutation of a real, valid body below is one a serializer could make by mistake.
 */
import { describe, expect, it } from "vitest";
import { body, newAccount, open } from "./helpers";
import { expectDocumentedShape, responseSchema } from "./response-shapes";

const ENTITLEMENTS = "/api/open/v1/account/entitlements";

describe("the documented-shape check", () => {
  it("passes a real response and fails each kind of wrong shape", async () => {
    const account = await newAccount("professional");
    const real = await body<Record<string, unknown> & { query: Record<string, unknown>; subscription: Record<string, unknown> }>(
      await open("/account/entitlements", account.key),
    );
    expect(() => expectDocumentedShape("GET", ENTITLEMENTS, 200, real)).not.toThrow();

    const wrong: Array<[string, unknown]> = [
      ["a missing field", { ...real, apiEnabled: undefined }],
      ["an unknown field", { ...real, debug: true }],
      ["an unknown nested field", { ...real, query: { ...real.query, extra: 1 } }],
      ["a wrong type", { ...real, active: "yes" }],
      ["a value outside its enum", { ...real, subscription: { ...real.subscription, cycle: "weekly" } }],
      ["a fraction where an integer is documented", { ...real, query: { ...real.query, total: 1.5 } }],
    ];
    for (const [what, value] of wrong) expect(() => expectDocumentedShape("GET", ENTITLEMENTS, 200, value), what).toThrow();
  });

  it("wants optional fields omitted, not null, and nullable ones present", () => {
    const query = {
      id: "qry_1",
      subjectName: "示例",
      status: "processing",
      executionStatus: "processing",
      sourceStatus: "available",
      coverageComplete: false,
      registrationCount: 0,
      totalDocumentCount: 0,
      processedDocumentCount: 0,
      createdAt: "2026-11-22T10:15:30.000+08:00",
    };
    const path = "/api/open/v1/queries/qry_1";
    expect(() => expectDocumentedShape("GET", path, 200, query)).not.toThrow();
    expect(() => expectDocumentedShape("GET", path, 200, { ...query, completedAt: null })).toThrow(/completedAt/);
    const navigation = { total: 1, position: null, previousRegistrationId: null, nextRegistrationId: null };
    const navPath = "/api/open/v1/checks/chk_1/results/reg_1/navigation";
    expect(() => expectDocumentedShape("GET", navPath, 200, navigation)).not.toThrow();
    expect(() => expectDocumentedShape("GET", navPath, 200, { total: 1, previousRegistrationId: null, nextRegistrationId: null })).toThrow(
      /position/,
    );
  });

  it("checks every error status against the one error body, and refuses an undocumented success", () => {
    const error = { code: "NOT_FOUND", message: "The resource does not exist.", requestId: "req_1" };
    expect(() => expectDocumentedShape("GET", "/api/open/v1/queries/qry_1", 404, error)).not.toThrow();
    expect(() => expectDocumentedShape("GET", "/api/open/v1/queries/qry_1", 404, { ...error, details: null })).toThrow();
    expect(() => expectDocumentedShape("GET", "/api/open/v1/queries/qry_1", 404, { ...error, status: 404 })).toThrow();
    expect(() =>
      expectDocumentedShape("GET", "/api/open/v1/queries/qry_1", 400, {
        ...error,
        details: { fields: [{ path: "x", code: "WRONG", message: "m" }] },
      }),
    ).toThrow();
    expect(() => expectDocumentedShape("GET", "/api/open/v1/queries/qry_1", 206, {})).toThrow(/documents no JSON body/);
    expect(responseSchema("GET", "/api/open/v1/checks/chk_1/results/reg_1/navigation", 200)).toMatchObject({
      route: "GET /api/open/v1/checks/{id}/results/{registrationId}/navigation",
    });
  });
});
