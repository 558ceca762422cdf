/**
 * @module The headers of every console page: a strict Content-Security-Policy like the evidence
 * viewer's (scripts, styles and fetches from this origin only, no inline script, never framed),
 * nosniff, no referrer, and no caching (a page holds the account's data and the session's CSRF token).
 * No Access-Control-* header: the pages and their JSON share one origin.
 */
import type { Context } from "hono";

/**
 * worker-src and img-src 'self' blob: are for the review screen's evidence viewer (pdf.js's module
 * worker, scanned pages drawn from fetched bytes). form-action 'self' lets the filter forms (audit,
 * results) submit as plain GETs; every form that changes something is sent by a script with the
 * CSRF token instead.
 */
export const CONSOLE_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function setPageHeaders(c: Context): void {
  c.header("Content-Security-Policy", CONSOLE_PAGE_POLICY);
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  c.header("X-Frame-Options", "DENY");
}
