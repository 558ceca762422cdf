/**
 * @module Counts an ordinary (non-creating) request in the account's rolling minute: one RPC to
 * its AccountGate. Task creation and downloads make their own single call (admission included).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { accountGate } from "../lib/gate";

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError("RATE_LIMITED", { headers: { "Retry-After": String(retryAfterSeconds) } });
}

export const admitOrdinaryRequest = createMiddleware<AppEnv>(async (c, next) => {
  const admission = await accountGate(c.env, c.get("principal").accountId).admit("other");
  if (!admission.ok) throw rateLimited(admission.retryAfterSeconds);
  await next();
});
