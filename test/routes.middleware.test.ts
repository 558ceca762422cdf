/**
 * Route-level middleware (worker/routes/router.ts): every documented operation, whichever module
 * registers it, asks for credentials first, is counted in the account's rate window, and has its JSON
 * body read by the body reader (size cap, UTF-8 only). Walks the operations from the documents, so a
 * route added later is covered without being listed here.
 */
import { describe, expect, it } from "vitest";
import { createAdminApi } from "../worker/routes/admin";
import { MAX_BODY_BYTES } from "../worker/middleware/json-body";
import { admin, body, call, expectError, newAccount, open } from "./helpers";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  method: string;
  path: string;
  jsonBody: boolean;
}

type Paths = Record<string, Partial<Record<string, { requestBody?: { content?: Record<string, unknown> } }>>>;

/** Every operation of a document, with a made-up value in each path parameter. */
function operations(paths: Paths): Operation[] {
  return Object.entries(paths).flatMap(([template, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase(),
      path: template.replace(/\{[^}]+\}/g, "x_1"),
      jsonBody: item[m]?.requestBody?.content?.["application/json"] !== undefined,
    })),
  );
}

async function openOperations(): Promise<Operation[]> {
  const doc = await body<{ paths: Paths }>(await call("/api/open/v1/openapi.json"));
  return operations(doc.paths);
}

function adminOperations(): Operation[] {
  const doc = createAdminApi().getOpenAPIDocument({ openapi: "3.0.0", info: { title: "management", version: "1" } });
  return operations(doc.paths as Paths);
}

/** A JSON body one byte over the cap: only the body reader answers it with 413. */
const OVERSIZED = JSON.stringify({ filler: "x".repeat(MAX_BODY_BYTES) });

describe("route middleware on every documented operation", () => {
  it("the open API asks for a key before anything else, and advertises the rate policy", async () => {
    const ops = await openOperations();
    expect(ops.length).toBeGreaterThanOrEqual(12);
    for (const op of ops) {
      const res = await call(`/api/open/v1${op.path}`, { method: op.method, ...(op.jsonBody ? { json: {} } : {}) });
      await expectError(res.clone(), 401, "UNAUTHENTICATED");
      expect(res.headers.get("RateLimit-Policy"), `${op.method} ${op.path}`).toBeTruthy();
    }
  });

  it("counts every open operation in the account's window (the RateLimit header)", async () => {
    const a = await newAccount();
    for (const op of await openOperations()) {
      const res = await open(op.path, a.key, { method: op.method, ...(op.jsonBody ? { json: {} } : {}) });
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      expect(res.headers.get("RateLimit"), `${op.method} ${op.path}`).toMatch(/;r=\d+;t=\d+$/);
    }
  });

  it("reads every declared JSON body with the body reader (413 past the cap), open and management API", async () => {
    const a = await newAccount();
    const openJson = (await openOperations()).filter((op) => op.jsonBody);
    const adminJson = adminOperations().filter((op) => op.jsonBody);
    expect(openJson.length).toBeGreaterThanOrEqual(2);
    expect(adminJson.length).toBeGreaterThanOrEqual(7);
    const init = (op: Operation) => ({ method: op.method, body: OVERSIZED, headers: { "Content-Type": "application/json" } });
    for (const op of openJson) await expectError(await open(op.path, a.key, init(op)), 413, "PAYLOAD_TOO_LARGE");
    for (const op of adminJson) await expectError(await admin(op.path, init(op)), 413, "PAYLOAD_TOO_LARGE");
  });

  it("the management API asks for its token before anything else", async () => {
    const ops = adminOperations();
    expect(ops.length).toBeGreaterThanOrEqual(14);
    for (const op of ops) {
      const res = await call(`/api/admin/v1${op.path}`, { method: op.method, headers: { Authorization: "Bearer not-the-token" } });
      await expectError(res, 401, "UNAUTHENTICATED");
    }
  });
});
