/**
 * @module Errors on the wire: the one place an ApiError becomes a response, used by the app's error
 * handler and by middleware that replaces a response after the handler ran (a refused creation
 * counted over the limit). Anything that is not an ApiError is mapped to one first, so a client
 * only ever sees the spec's error body.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ConfigError } from "../config";
import type { AppEnv } from "../context";
import { ApiError, validationError } from "../errors";
import { toErrorBody } from "../serializers/error";

export function renderError(c: Context<AppEnv>, error: ApiError): Response {
  const id = c.get("requestId");
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header("X-Request-Id", id);
  return c.json(toErrorBody(error, id), error.status);
}

/** The app's onError: whatever was thrown, the spec's error body with the request id. */
export function handleError(err: unknown, c: Context<AppEnv>): Response {
  return renderError(c, toApiError(err));
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 415) return new ApiError("UNSUPPORTED_MEDIA_TYPE");
    if (err.status === 413) return new ApiError("PAYLOAD_TOO_LARGE");
    if (err.status === 400) return validationError([{ path: "$", code: "INVALID_FORMAT", message: "The body is not valid JSON." }]);
    return new ApiError(err.status === 404 ? "NOT_FOUND" : "SERVICE_UNAVAILABLE");
  }
  // The deployment's fault, not the client's: the log names the variable, the client gets the plain 500.
  if (err instanceof ConfigError) {
    console.error(err.message);
    return new ApiError("INTERNAL_ERROR");
  }
  console.error("unhandled error", err);
  return new ApiError(isBindingOutage(err) ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR");
}

/** Failures of a backing component (D1, R2, a Durable Object) are 503: retry the same request later. */
function isBindingOutage(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /D1_ERROR|Network connection lost|Durable Object|overloaded|storage|internal error/i.test(message);
}
