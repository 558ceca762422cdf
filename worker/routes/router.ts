/**
 * @module Routers and route groups. A route module registers its routes on a RouteGroup, never on
 * the router itself: the group attaches the middleware every route of its kind runs (the account's
 * rate window, the creation count) and reads a JSON body for every route that declares one, so a
 * route cannot be added without them. Authentication is the router's, for every path under its
 * prefix (known or not): see createOpenApi and createAdminApi.
 */
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { validationError } from "../errors";
import { jsonBody } from "../middleware/json-body";
import { toFieldErrors } from "../validation";

/** Header names as clients write them; Hono's validator sees them lower-cased. */
const HEADER_NAMES: Record<string, string> = { "idempotency-key": "Idempotency-Key", range: "Range" };

/** A router whose validation failures are the spec's VALIDATION_FAILED body. */
export function openApiRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const fields = toFieldErrors(result.error, result.target).map((f) =>
        result.target === "header" ? { ...f, path: HEADER_NAMES[f.path] ?? f.path } : f,
      );
      throw validationError(fields);
    },
  });
}

/** Where a route module registers its documented routes. */
export type RouteGroup = Pick<OpenAPIHono<AppEnv>, "openapi">;

/**
 * Routes registered through the group run `middleware` first, then the JSON body reader when the
 * route declares a JSON body (before the validators, which read the body it parsed), then the
 * route's own middleware.
 */
export function routeGroup(router: OpenAPIHono<AppEnv>, ...middleware: MiddlewareHandler<AppEnv>[]): RouteGroup {
  return {
    openapi(route, handler, hook) {
      const own = route.middleware === undefined ? [] : [route.middleware].flat();
      const withMiddleware: typeof route = { ...route, middleware: [...middleware, ...bodyReader(route), ...own] };
      return router.openapi(withMiddleware, handler, hook);
    },
  };
}

function bodyReader(route: RouteConfig): MiddlewareHandler<AppEnv>[] {
  return route.request?.body?.content["application/json"] ? [jsonBody] : [];
}
