/**
 * @module Defence in depth beside the CSRF token: a console request that changes something, sign-in
 * and invitation acceptance included (login CSRF: a page elsewhere signing the browser in to an
 * attacker's account), must come from the console's own origin. The browser says where a request
 * comes from: `Sec-Fetch-Site` (Fetch Metadata, https://www.w3.org/TR/fetch-metadata/) and `Origin`
 * (RFC 6454 §7; sent on every cross-origin request and every non-GET fetch). A cross-site or
 * same-site-but-other-origin request is 403 in the error envelope; a request without either header
 * (a client that is not a browser: no ambient cookie to abuse) is left to the session and CSRF token.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import { ApiError } from "../../errors";

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const CROSS_ORIGIN = "A request that changes something must come from the console's own pages.";

/** Whether the browser's own headers say the request came from another origin. */
export function crossOrigin(requestUrl: string, headers: { origin?: string; fetchSite?: string }): boolean {
  if (headers.fetchSite !== undefined && headers.fetchSite !== "same-origin" && headers.fetchSite !== "none") return true;
  if (headers.origin === undefined) return false;
  // "null" (a sandboxed frame, a redirect across origins) is never the console's own origin.
  return headers.origin !== new URL(requestUrl).origin;
}

export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && crossOrigin(c.req.url, { origin: c.req.header("Origin"), fetchSite: c.req.header("Sec-Fetch-Site") }))
    throw new ApiError("CSRF_TOKEN_INVALID", { message: CROSS_ORIGIN });
  await next();
});
