/**
 * @module createApp(): request id, error rendering, unknown paths, the open API under /api/open/v1
 * and the management API under /api/admin/v1.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { ApiError, errorBody, validationError } from "./errors";
import { allowedMethodsLookup } from "./lib/allowed-methods";
import { requestId } from "./middleware/request-id";
import { createOpenApi } from "./routes/open";
import { createAdminApi } from "./routes/admin";
import { createEvidenceViewer } from "./routes/viewer";

export function createApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.use("*", requestId);
  app.route("/api/open/v1", createOpenApi());
  app.route("/api/admin/v1", createAdminApi());
  app.route("/viewer", createEvidenceViewer());
  // Built on first use: every route is registered by then, and the table never changes after.
  let allowedMethods: ((path: string) => string[]) | undefined;
  app.notFound((c) => {
    allowedMethods ??= allowedMethodsLookup(app.routes);
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) return renderError(c, new ApiError("NOT_FOUND"));
    return renderError(c, new ApiError("METHOD_NOT_ALLOWED", { headers: { Allow: allowed.join(", ") } }));
  });
  app.onError((err, c) => renderError(c, toApiError(err)));
  return app;
}

export function renderError(c: Context<AppEnv>, error: ApiError): Response {
  const id = c.get("requestId");
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header("X-Request-Id", id);
  return c.json(errorBody(error, id), error.status);
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 415) return new ApiError("UNSUPPORTED_MEDIA_TYPE");
    if (err.status === 413) return new ApiError("PAYLOAD_TOO_LARGE");
    if (err.status === 400)
      return validationError([{ path: "$", code: "INVALID_FORMAT", message: "The body is not valid JSON." }]);
    return new ApiError(err.status === 404 ? "NOT_FOUND" : "SERVICE_UNAVAILABLE");
  }
  console.error("unhandled error", err);
  return new ApiError(isBindingOutage(err) ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR");
}

/** Failures of a backing component (D1, R2, a Durable Object) are 503: retry the same request later. */
function isBindingOutage(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /D1_ERROR|Network connection lost|Durable Object|overloaded|storage|internal error/i.test(message);
}
