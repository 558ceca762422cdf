/**
 * @module The account's rolling minutes on the wire: an ordinary (non-creating) request is counted
 * with one RPC to its AccountGate; task creation and downloads make their own single call (admission
 * included). Whichever call counted the request records its window, and every open-API response
 * advertises the policies (RateLimit-Policy) and, once the account is known, that window (RateLimit).
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { RATE_LIMIT_POLICY, rateLimitField, type RateClass, type WindowState } from "../domain/rate-limit";
import { ApiError } from "../errors";
import { accountGate } from "../lib/gate";
import { OrdinaryLeases } from "../services/ordinary-leases";

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError("RATE_LIMITED", { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** Keeps the window an AccountGate answer reported, for the RateLimit header of this response. */
export function recordWindow(c: Context<AppEnv>, window: WindowState): void {
  c.set("rateWindow", window);
}

/** Counts this request in the class's window (one RPC, or none for a leased ordinary one); over the limit, the 429 with Retry-After. */
export async function admitRequest(c: Context<AppEnv>, rateClass: RateClass): Promise<void> {
  if (rateClass === "other") return admitOrdinary(c);
  const admission = await accountGate(c.env, c.get("principal").accountId).admit(rateClass);
  recordWindow(c, admission.window);
  if (!admission.ok) throw rateLimited(admission.retryAfterSeconds);
}

/**
 * Counts an ordinary request. GET and HEAD have no effects here (RFC 9110 §9.2.1 safe methods), so
 * their handler reads while the AccountGate counts, and its answer gives way to the 429 when the gate
 * refuses: the request waits for the longer of the two round trips instead of their sum.
 */
export function admitting(rateClass: RateClass) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      await admitRequest(c, rateClass);
      return next();
    }
    const admitted = admitRequest(c, rateClass);
    // Awaited below; this only keeps a refusal that lands while the handler runs from counting as unhandled.
    admitted.catch(() => undefined);
    await next();
    await admitted;
  });
}

/** The isolate's leases of ordinary requests (worker/services/ordinary-leases.ts): most reads count themselves with no call. */
const ordinaryLeases = new OrdinaryLeases();

/** Counts one ordinary request (class other) from the isolate's lease of the account's window. */
export async function admitOrdinary(c: Context<AppEnv>): Promise<void> {
  const accountId = c.get("principal").accountId;
  const gate = accountGate(c.env, accountId);
  const admission = await ordinaryLeases.admit(accountId, (want, returned) => gate.leaseOrdinary(want, returned));
  recordWindow(c, admission.window);
  if (!admission.ok) throw rateLimited(admission.retryAfterSeconds);
}

export const admitOrdinaryRequest = admitting("other");

/** Registered before authentication, so that refusals (401, 403, 429) carry the policy too. */
export const rateLimitHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header("RateLimit-Policy", RATE_LIMIT_POLICY);
  const window = c.get("rateWindow");
  if (window) c.header("RateLimit", rateLimitField(window));
});
