/**
 * @module The files the viewer page loads, all from this origin: its own modules and style
 * (page-assets.ts), pdf.js (pdfjs-assets.ts, stored gzip) and the GB CMaps that the PDF pipeline
 * already bundles (worker/pdf/cmaps.ts), which pdf.js needs to draw non-embedded Chinese fonts.
 */
import { gzipBytes } from "../../lib/gzip-asset";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { BundledBinaryDataFactory } from "../../pdf/cmaps";
import { VIEWER_FILES } from "./page-assets";
import { PDFJS_SCRIPT_GZIP_BASE64, PDFJS_VERSION, PDFJS_WORKER_GZIP_BASE64 } from "./pdfjs-assets";

const JAVASCRIPT = "text/javascript; charset=utf-8";
/** pdf.js's worker fetches CMaps from this origin and nothing else; a worker takes its CSP from its own response. */
const PDFJS_WORKER_POLICY = "default-src 'none'; connect-src 'self'";

const PDFJS_FILES: Readonly<Record<string, string>> = {
  "pdf.min.mjs": PDFJS_SCRIPT_GZIP_BASE64,
  "pdf.worker.min.mjs": PDFJS_WORKER_GZIP_BASE64,
};


function baseHeaders(contentType: string, etag: string, cacheControl: string): Headers {
  return new Headers({ "Content-Type": contentType, ETag: etag, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" });
}

/** A stored gzip file, sent as it is to clients that accept gzip and inflated for the rest. */
function gzipFile(c: Context<AppEnv>, name: string, base64: string): Response {
  const headers = baseHeaders(JAVASCRIPT, `"pdfjs-${PDFJS_VERSION}-${name}"`, "public, max-age=86400");
  headers.set("Vary", "Accept-Encoding");
  if (name === "pdf.worker.min.mjs") headers.set("Content-Security-Policy", PDFJS_WORKER_POLICY);
  if (c.req.header("If-None-Match") === headers.get("ETag")) return new Response(null, { status: 304, headers });
  const bytes = gzipBytes(base64);
  // Cloudflare's edge rewrites Accept-Encoding; what the client itself sent is in cf.clientAcceptEncoding.
  const accepted = (c.req.raw.cf?.clientAcceptEncoding as string | undefined) ?? c.req.header("Accept-Encoding") ?? "";
  if (/\bgzip\b/i.test(accepted)) {
    headers.set("Content-Encoding", "gzip");
    return new Response(bytes, { headers, encodeBody: "manual" });
  }
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")), { headers });
}

/** The viewer's own files change with the code: revalidated on every load, by their content hash. */
function pageFile(c: Context<AppEnv>, name: string): Response | null {
  const file = Object.hasOwn(VIEWER_FILES, name) ? VIEWER_FILES[name] : undefined;
  if (!file) return null;
  const type = name.endsWith(".css") ? "text/css; charset=utf-8" : JAVASCRIPT;
  const headers = baseHeaders(type, `"${file.etag}"`, "no-cache");
  if (c.req.header("If-None-Match") === headers.get("ETag")) return new Response(null, { status: 304, headers });
  return new Response(file.text, { headers });
}

/** A viewer asset by name, or null when there is none of that name. */
export function viewerAsset(c: Context<AppEnv>, name: string): Response | null {
  const pdfjs = Object.hasOwn(PDFJS_FILES, name) ? PDFJS_FILES[name] : undefined;
  if (pdfjs) return gzipFile(c, name, pdfjs);
  return pageFile(c, name);
}

const cmaps = new BundledBinaryDataFactory();

/** A packed CMap (`UniGB-UCS2-H.bcmap`), or null for a name the bundle does not hold. */
export async function viewerCMap(name: string): Promise<Response | null> {
  if (!/^[A-Za-z0-9-]+\.bcmap$/.test(name)) return null;
  const bytes = await cmaps.fetch({ kind: "cMapUrl", filename: name }).catch(() => null);
  if (!bytes) return null;
  return new Response(bytes, {
    headers: baseHeaders("application/octet-stream", `"pdfjs-${PDFJS_VERSION}-${name}"`, "public, max-age=86400"),
  });
}
