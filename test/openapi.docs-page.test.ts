import { describe, expect, it } from "vitest";
import { SWAGGER_UI_VERSION } from "../worker/routes/docs-assets";
import { call } from "./helpers";

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
    expect(sources).toEqual([
      `${BASE}/docs/swagger-ui.css`,
      `${BASE}/openapi.json`,
      `${BASE}/docs/swagger-ui-bundle.js`,
      `${BASE}/docs/init.js`,
    ]);
    expect(html).toContain(`data-document="${BASE}/openapi.json"`);
    expect(html).not.toMatch(/<script>(?!<)/);
    for (const source of sources) expect((await call(source)).status, source).toBe(200);
  });

  it("serves Swagger UI gzip-compressed as stored, or inflated for clients without gzip", async () => {
    const zipped = await call(`${BASE}/docs/swagger-ui-bundle.js`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    // fetch inflates a gzip body, as a browser does: the stored bytes are gzip, and gzip only once.
    expect((await zipped.text()).startsWith("/*! For license information")).toBe(true);

    const plain = await call(`${BASE}/docs/swagger-ui-bundle.js`);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const script = await plain.text();
    expect(script.startsWith("/*! For license information please see swagger-ui-bundle.js.LICENSE.txt */")).toBe(true);
    expect(script).toContain("SwaggerUIBundle");
    expect(script.length).toBeGreaterThan(1_000_000);

    const style = await (await call(`${BASE}/docs/swagger-ui.css`)).text();
    expect(style).toContain(".swagger-ui");
    expect(style).not.toContain("sourceMappingURL");

    const licences = await (await call(`${BASE}/docs/swagger-ui-bundle.js.LICENSE.txt`)).text();
    expect(licences).toContain("Apache License, Version 2.0");
  });

  it("answers a revalidation of an unchanged asset with 304", async () => {
    const first = await call(`${BASE}/docs/swagger-ui.css`);
    const etag = first.headers.get("ETag");
    expect(etag).toContain(SWAGGER_UI_VERSION);
    await first.arrayBuffer();
    const again = await call(`${BASE}/docs/swagger-ui.css`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("points Swagger UI at the document, with no external validator", async () => {
    const init = await (await call(`${BASE}/docs/init.js`)).text();
    expect(init).toContain("SwaggerUIBundle(");
    expect(init).toContain("validatorUrl: null");
    expect(init).not.toMatch(/https?:\/\//);
  });
});
