/**
 * @module One `request` signal per request (worker/observability/signals.ts): the matched route's
 * pattern, never the path (paths hold ids and, on the sandbox fixture routes, subject names), the
 * status the client got, the time to the response, the account's shard when a key named one.
 */
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv, Principal } from "../context";
import { record } from "../observability/record";
import { NO_SHARD } from "../observability/signals";

/** The route of a request no route answered (its last match is a middleware's wildcard). */
export const UNMATCHED_ROUTE = "unmatched";

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  // After next(), the route index is the handler that answered (a fall-through middleware for an unknown path).
  const route = routePath(c);
  const principal: Principal | undefined = c.get("principal");
  const status = c.res.status;
  record(
    c.env,
    "request",
    {
      route: route === "" || route.endsWith("*") ? UNMATCHED_ROUTE : route,
      method: c.req.method,
      status_class: `${Math.floor(status / 100)}xx`,
      shard: principal ? String(principal.shard.index) : NO_SHARD,
      status,
      duration_ms: Date.now() - started,
    },
    { requestId: c.get("requestId") },
  );
});
