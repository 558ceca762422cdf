import { describe, expect, it } from "vitest";
import { createApp } from "../worker/app";
import { ERROR_STATUS, type ErrorCode } from "../worker/errors";
import { SELF_DESCRIPTION_PATHS } from "../worker/routes/docs";
import { call } from "./helpers";

const BASE = "/api/open/v1";
const ERROR_BODY = "#/components/schemas/ErrorBody";

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { $ref?: string }; examples?: Record<string, { value: { code: string } }> }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  info: { description?: string };
  security?: unknown[];
  components: { securitySchemes?: Record<string, unknown>; headers?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

async function loadDocument(): Promise<Document> {
  const res = await call(`${BASE}/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

function operations(doc: Document): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

/** The open API's routes as the app registered them: `GET /queries/{id}`, middleware left out. */
function registeredOpenRoutes(): string[] {
  const selfDescription: readonly string[] = SELF_DESCRIPTION_PATHS;
  const routes = createApp()
    .routes.filter((r) => r.method !== "ALL" && r.path.startsWith(`${BASE}/`))
    .map((r) => ({ method: r.method, path: r.path.slice(BASE.length).replace(/:([A-Za-z0-9_]+)/g, "{$1}") }))
    .filter((r) => !selfDescription.includes(r.path));
  return [...new Set(routes.map((r) => `${r.method} ${r.path}`))].sort();
}

describe("the OpenAPI document", () => {
  it("is public, OpenAPI 3.1, and carries X-Request-Id like every response", async () => {
    const res = await call(`${BASE}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const doc = (await res.json()) as Document;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes?.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
  });

  it("documents every route registered on the open router, and nothing else", async () => {
    const doc = await loadDocument();
    const documented = operations(doc)
      .map(([name]) => name)
      .sort();
    const registered = registeredOpenRoutes();
    expect(registered.length).toBeGreaterThanOrEqual(14);
    // Hono answers HEAD with the GET handler: downloads document it without registering it.
    expect(documented).toEqual([...registered, "HEAD /documents/{id}/content"].sort());
  });

  it("gives every operation an id, a summary and a tag", async () => {
    const doc = await loadDocument();
    const ids = operations(doc).map(([name, op]) => {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, name).toBeTruthy();
      expect(op.tags?.length, name).toBe(1);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents 401, 429 (with Retry-After), 500 and 503 on every operation, and 400 wherever input is validated", async () => {
    const doc = await loadDocument();
    for (const [name, op] of operations(doc)) {
      for (const status of ["401", "429", "500", "503"]) expect(op.responses[status], `${name} ${status}`).toBeDefined();
      expect(op.responses["429"]!.headers?.["Retry-After"], name).toBeDefined();
      if ((op.parameters?.length ?? 0) > 0 || op.requestBody) expect(op.responses["400"], `${name} 400`).toBeDefined();
    }
  });

  it("describes every error response with the ErrorBody schema and an example per code of that status", async () => {
    const doc = await loadDocument();
    for (const [name, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.headers?.["X-Request-Id"], `${name} ${status}`).toEqual({ $ref: "#/components/headers/X-Request-Id" });
        if (Number(status) < 400) continue;
        const json = response.content?.["application/json"];
        expect(json?.schema?.$ref, `${name} ${status}`).toBe(ERROR_BODY);
        const codes = Object.keys(json?.examples ?? {});
        expect(codes.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(ERROR_STATUS[code as ErrorCode], `${name} ${status} ${code}`).toBe(Number(status));
          expect(json!.examples![code]!.value.code).toBe(code);
          expect(response.description).toContain(code);
        }
      }
    }
  });

  it("documents Idempotency-Key on creation and a single Range on downloads, by their HTTP names", async () => {
    const doc = await loadDocument();
    for (const path of ["/queries", "/checks"]) {
      const header = doc.paths[path]!.post!.parameters?.find((p) => p.in === "header");
      expect(header).toMatchObject({ name: "Idempotency-Key", required: true });
    }
    const download = doc.paths["/documents/{id}/content"]!.get!;
    expect(
      download.parameters
        ?.filter((p) => p.in === "header")
        .map((p) => p.name)
        .sort(),
    ).toEqual(["If-Range", "Range"]);
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(["200", "206", "416"]));
    expect(download.responses["206"]!.headers?.["Content-Range"]).toBeDefined();
    expect(download.responses["416"]!.headers?.["Content-Range"]).toBeDefined();
  });

  it("lists the documented error codes in its introduction", async () => {
    const doc = await loadDocument();
    for (const code of ["VALIDATION_FAILED", "UNAUTHENTICATED", "IDEMPOTENCY_CONFLICT", "RATE_LIMITED", "SERVICE_UNAVAILABLE"])
      expect(doc.info.description).toContain(`\`${code}\``);
    // Management-only codes are not part of the open API.
    expect(doc.info.description).not.toContain("KEY_LIMIT_REACHED");
  });

  it("does not let a path that merely ends like the document skip authentication", async () => {
    const res = await call(`${BASE}/queries/openapi.json`);
    expect(res.status).toBe(401);
  });
});
