/**
 * @module The open API describes itself, publicly (it holds nothing of an account): GET /openapi.json
 * and GET /docs, a Swagger UI page on that document. The page's script and style come from this
 * origin (worker/routes/docs-assets.ts), never from a CDN, and its CSP allows nothing else. No CORS:
 * browsers call the open API from this origin only.
 */
import { gzipBytes } from "../lib/gzip-asset";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { SWAGGER_UI_LICENSES, SWAGGER_UI_SCRIPT_GZIP_BASE64, SWAGGER_UI_STYLE_GZIP_BASE64, SWAGGER_UI_VERSION } from "./docs-assets";
import { openApiDocument, registerDocumentComponents } from "./openapi-document";

/** Paths on the open router that are not API operations (and so are not in the document). */
export const SELF_DESCRIPTION_PATHS = [
  "/openapi.json",
  "/docs",
  "/docs/swagger-ui-bundle.js",
  "/docs/swagger-ui.css",
  "/docs/swagger-ui-bundle.js.LICENSE.txt",
  "/docs/init.js",
] as const;

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const INIT_SCRIPT = `"use strict";
// Settings come from the page (data-* on this script): no inline script, so the CSP can forbid it.
(function () {
  var data = document.currentScript.dataset;
  window.ui = SwaggerUIBundle({
    url: data.document,
    dom_id: "#docs",
    deepLinking: true,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    validatorUrl: null,
    displayRequestDuration: true,
    showExtensions: true,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false
  });
})();
`;

function page(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Registry Open API v1: reference</title>
<link rel="stylesheet" href="${base}/docs/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The document itself: <a href="${base}/openapi.json">${base}/openapi.json</a>.</noscript>
<div id="docs"></div>
<script src="${base}/docs/swagger-ui-bundle.js"></script>
<script src="${base}/docs/init.js" data-document="${base}/openapi.json"></script>
</body>
</html>
`;
}


/**
 * A stored gzip file, sent as it is to clients that accept gzip (`encodeBody: "manual"` keeps the
 * runtime from compressing it again) and inflated for the rest. Versioned by Swagger UI's version.
 */
function gzipAsset(c: Context<AppEnv>, base64: string, contentType: string): Response {
  const etag = `"swagger-ui-${SWAGGER_UI_VERSION}-${contentType.split(";")[0]}"`;
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": "public, max-age=86400",
    ETag: etag,
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
  });
  if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const bytes = gzipBytes(base64);
  // Cloudflare's edge rewrites Accept-Encoding; what the client itself sent is in cf.clientAcceptEncoding.
  const accepted = (c.req.raw.cf?.clientAcceptEncoding as string | undefined) ?? c.req.header("Accept-Encoding") ?? "";
  if (/\bgzip\b/i.test(accepted)) {
    headers.set("Content-Encoding", "gzip");
    return new Response(bytes, { headers, encodeBody: "manual" });
  }
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")), { headers });
}

/** The open router's base path as the client reached it, e.g. `/api/open/v1`. */
function basePath(c: Context<AppEnv>, suffix: string): string {
  return c.req.path.slice(0, c.req.path.length - suffix.length);
}

/**
 * Registers the document and the page. Call it before the authentication middleware: Hono runs
 * handlers in registration order, so these answer before any key is asked for.
 */
export function registerDocumentation(api: OpenAPIHono<AppEnv>): void {
  registerDocumentComponents(api);
  api.get("/openapi.json", (c) => c.json(openApiDocument(api)));
  api.get("/docs", (c) => {
    c.header("Content-Security-Policy", PAGE_POLICY);
    c.header("Cache-Control", "no-cache");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(page(basePath(c, "/docs")));
  });
  api.get("/docs/swagger-ui-bundle.js", (c) => gzipAsset(c, SWAGGER_UI_SCRIPT_GZIP_BASE64, "text/javascript; charset=utf-8"));
  api.get("/docs/swagger-ui.css", (c) => gzipAsset(c, SWAGGER_UI_STYLE_GZIP_BASE64, "text/css; charset=utf-8"));
  api.get("/docs/swagger-ui-bundle.js.LICENSE.txt", (c) => c.text(SWAGGER_UI_LICENSES));
  api.get("/docs/init.js", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(INIT_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
}
