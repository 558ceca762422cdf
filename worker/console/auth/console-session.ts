/**
 * @module Console authentication (console-api.md, Session): the `__Host-` session cookie, looked up by
 * its SHA-256 on every request (a revoked session, a disabled user or account is refused at once);
 * the CSRF token on every request that changes something; the role table. The console never reads an
 * API key (a request that carries one is 401) and the open API never reads the cookie
 * (middleware/auth.ts reads X-Api-Key only).
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import { subscriptionInForce } from "../../db/auth";
import { findSession, touchSession } from "../../db/console-sessions";
import { SESSION_TOUCH_MS, sessionLive } from "../policy/sessions-and-roles";
import { ApiError } from "../../errors";
import { TOKEN_PATTERN, tokenHash } from "../../lib/secret-token";
import { csrfTokenValid } from "./session-token";
import type { UserRole } from "../../schemas/console-vocabulary";

/** Sent as `__Host-session` (hono's host prefix): Secure, Path=/, no Domain, so no subdomain can set or read it. */
export const SESSION_COOKIE = "session";

const NO_SESSION = "Sign in to the console first: no valid session.";

export function noSession(): ApiError {
  return new ApiError("UNAUTHENTICATED", { message: NO_SESSION });
}

/** A request carrying an API key (or any Authorization) is refused unread: keys are for the open API. */
export const refuseApiKeys = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("X-Api-Key") !== undefined || c.req.header("Authorization") !== undefined)
    throw new ApiError("UNAUTHENTICATED", { message: "The console does not accept API keys; sign in with a session." });
  await next();
});

export function sessionCookie(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE, "host");
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}

export const consoleSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = sessionCookie(c);
  if (!token) throw noSession();
  const now = Date.now();
  const found = await findSession(c.env.DB, await tokenHash(token));
  if (!found || !sessionLive(found.session, now) || found.user.status !== "active" || found.account.disabled) {
    deleteCookie(c, SESSION_COOKIE, { prefix: "host", path: "/", secure: true });
    throw noSession();
  }
  const { session, user, account, shard } = found;
  if (now - session.lastSeenAt >= SESSION_TOUCH_MS) await touchSession(c.env.DB, session.id, now);
  c.set("principal", {
    accountId: account.id,
    actor: { type: "user", id: user.id, label: user.email },
    shard,
    subscription: await subscriptionInForce(c.env.DB, account.id, now),
  });
  c.set("consoleUser", {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    totpEnabled: user.totpSecret !== null,
    sessionId: session.id,
    sessionToken: token,
    accountName: account.name,
    accountRequiresTotp: account.requireTotp,
  });
  await next();
});

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** A request that changes something must carry X-CSRF-Token, the session's token (besides SameSite=Strict). */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !(await csrfTokenValid(c.get("consoleUser").sessionToken, c.req.header("X-CSRF-Token"))))
    throw new ApiError("CSRF_TOKEN_INVALID");
  await next();
});

/**
 * Where the account requires a second factor, a user without one may only enrol it (and read who they
 * are, and sign out): every other route answers 403 until then.
 */
export const totpEnrolled = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("consoleUser");
  if (user.accountRequiresTotp && !user.totpEnabled)
    throw new ApiError("ROLE_FORBIDDEN", { message: "This account requires a second factor: enrol one (TOTP) first." });
  await next();
});

/** The route's roles: any other is 403 ROLE_FORBIDDEN. */
export function requireRole(roles: readonly UserRole[]): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.get("consoleUser").role)) throw new ApiError("ROLE_FORBIDDEN");
    await next();
  });
}
