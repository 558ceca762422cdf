/**
 * @module The open API describes itself, publicly (it holds nothing of an account): GET /openapi.json
 * and GET /docs, a Swagger UI page on that document. The page's script and style are static assets of
 * this origin (static/api/open/v1/docs/, served by Cloudflare's asset layer with the headers of
 * static/_headers), never from a CDN, and its CSP allows nothing else. No CORS: browsers call the open
 * API from this origin only.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { openApiDocument, registerDocumentComponents } from "./openapi-document";

/** Paths on the open router that are not API operations (and so are not in the document). */
export const SELF_DESCRIPTION_PATHS = ["/openapi.json", "/docs"] as const;

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
}
