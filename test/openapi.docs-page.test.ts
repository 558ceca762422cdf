/**
 * The documentation page (the Worker) and Swagger UI's files (static assets, static/api/open/v1/docs/)
 * as a browser gets them.
 */
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { served } from "./static-assets";

const BASE = "/api/open/v1";

describe("the documentation page", () => {
  it("is public HTML whose every script and style comes from this origin", async () => {
    const res = await call(`${BASE}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual([`${BASE}/docs/swagger-ui.css`, `${BASE}/openapi.json`, `${BASE}/docs/swagger-ui-bundle.js`, `${BASE}/docs/init.js`]);
    expect(html).toContain(`data-document="${BASE}/openapi.json"`);
    expect(html).not.toMatch(/<script>(?!<)/);
    for (const source of sources) expect((await served(source)).status, source).toBe(200);
  });

  it("serves Swagger UI from this origin as scripts and styles, cacheable for a day, with its licences", async () => {
    const res = await served(`${BASE}/docs/swagger-ui-bundle.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const script = await res.text();
    expect(script.startsWith("/*! For license information please see swagger-ui-bundle.js.LICENSE.txt */")).toBe(true);
    expect(script).toContain("SwaggerUIBundle");
    expect(script.length).toBeGreaterThan(1_000_000);

    const style = await served(`${BASE}/docs/swagger-ui.css`);
    expect(style.headers.get("Content-Type")).toMatch(/^text\/css/);
    const css = await style.text();
    expect(css).toContain(".swagger-ui");
    expect(css).not.toContain("sourceMappingURL");

    const licences = await (await served(`${BASE}/docs/swagger-ui-bundle.js.LICENSE.txt`)).text();
    expect(licences).toContain("Apache License, Version 2.0");
  });

  it("answers a revalidation of an unchanged asset with 304; a name that is no asset reaches the open API", async () => {
    const first = await served(`${BASE}/docs/swagger-ui.css`);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    await first.arrayBuffer();
    const again = await served(`${BASE}/docs/swagger-ui.css`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);

    // Like any path of the open API, it asks for a key first.
    const missing = await served(`${BASE}/docs/swagger-ui-standalone-preset.js`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: "UNAUTHENTICATED", requestId: expect.stringMatching(/^req_/) });
  });

  it("points Swagger UI at the document, with no external validator", async () => {
    const res = await served(`${BASE}/docs/init.js`);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const init = await res.text();
    expect(init).toContain("SwaggerUIBundle(");
    expect(init).toContain("validatorUrl: null");
    expect(init).not.toMatch(/https?:\/\//);
  });
});
