/**
 * @module The page guard and the page's view of the console's JSON. A console page is rendered only
 * for a live session: no session cookie, an expired or revoked one, or a request that carries an API
 * key (the console never accepts one) is sent to the sign-in page instead. The page reads what it
 * shows through the console's own JSON routes (`readConsoleApi`, an in-process request with the
 * page's cookie), so a page shows exactly what the API would: the same roles, shapes, filters and
 * ownership rules (another account's query or check is a 404 here as there).
 *
 * The CSRF token is derived from the session's cookie (worker/console/auth/session-token.ts) once the session is
 * known to be live, and handed to the page's scripts in a <meta name="csrf-token"> tag; the cookie
 * itself stays HttpOnly.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { csrfTokenOf } from "../auth/session-token";
import { sessionCookie } from "../auth/console-session";
import type { MeSchema } from "../../schemas/console";
import type { UserRole } from "../../schemas/console-vocabulary";
import { parseVisibleJson } from "../../domain/text/visible-text";
import { pageLang, type Lang } from "./i18n";

export const CONSOLE_API_BASE = "/api/console/v1";
export const CONSOLE_BASE = "/console";
export const SIGN_IN_PATH = `${CONSOLE_BASE}/sign-in`;
export const SECURITY_PATH = `${CONSOLE_BASE}/security`;

export type Me = z.output<typeof MeSchema>;

/** The whole app's fetch, given by createApp(): pages read the console's JSON through it, in process. */
export type ConsoleDispatch = (request: Request, env: Env, ctx: Context["executionCtx"]) => Response | Promise<Response>;

export interface SignedInPage {
  me: Me;
  csrfToken: string;
}

export interface PageEnv {
  Bindings: Env;
  Variables: AppEnv["Variables"] & {
    lang: Lang;
    dispatch: ConsoleDispatch;
    /** Set by `pageSession` (absent on the sign-in and invitation pages). */
    signedIn?: SignedInPage;
  };
}

export type PageContext = Context<PageEnv>;

/** The page's language, and the dispatcher `readConsoleApi` uses; runs before every page. */
export function pageBasics(dispatch: ConsoleDispatch): MiddlewareHandler<PageEnv> {
  return createMiddleware<PageEnv>(async (c, next) => {
    c.set("lang", pageLang(c));
    c.set("dispatch", dispatch);
    await next();
  });
}

/** Where a page sends the reader back to after signing in: a console path of this origin, nothing else. */
export function safeNext(next: string | undefined): string {
  const ours = next === CONSOLE_BASE || next?.startsWith(`${CONSOLE_BASE}/`) || next?.startsWith(`${CONSOLE_BASE}?`);
  if (!next || !ours || next.includes("//") || next.includes("\\")) return `${CONSOLE_BASE}/`;
  return next;
}

function toSignIn(c: PageContext): Response {
  const here = safeNext(c.req.path + new URL(c.req.url).search);
  const next = here === `${CONSOLE_BASE}/` ? "" : `?next=${encodeURIComponent(here)}`;
  return c.redirect(`${SIGN_IN_PATH}${next}`, 303);
}

export type ApiFailure = { ok: false; status: number; code: string; retryAfter?: string };
export type ApiRead<T> = { ok: true; status: number; data: T } | ApiFailure;

/**
 * GET a console JSON path (relative to /api/console/v1) as this page's user. Every string of the answer
 * comes with its hidden characters as visible escapes (domain/text/visible-text.ts): what a page prints of
 * stored names, notes, criteria, file names and audit details never hides or reorders text around it.
 */
export async function readConsoleApi<T>(c: PageContext, path: string): Promise<ApiRead<T>> {
  const headers = new Headers({ Accept: "application/json" });
  for (const name of ["Cookie", "User-Agent", "CF-Connecting-IP"]) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const request = new Request(new URL(`${CONSOLE_API_BASE}${path}`, c.req.url), { headers });
  const res = await c.var.dispatch(request, c.env, c.executionCtx);
  if (res.ok) return { ok: true, status: res.status, data: parseVisibleJson(await res.text()) as T };
  const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === "string" ? body.code : `HTTP_${res.status}`;
  const retryAfter = res.headers.get("Retry-After");
  return { ok: false, status: res.status, code, ...(retryAfter ? { retryAfter } : {}) };
}

/**
 * The guard of every signed-in page. Where the account requires a second factor the user has not
 * enrolled, every page but the security page sends the user there (the JSON refuses them anyway).
 */
export const pageSession = createMiddleware<PageEnv>(async (c, next) => {
  if (c.req.header("X-Api-Key") !== undefined || c.req.header("Authorization") !== undefined) return toSignIn(c);
  const token = sessionCookie(c);
  if (!token) return toSignIn(c);
  const me = await readConsoleApi<Me>(c, "/me");
  if (!me.ok) {
    if (me.status === 401) return toSignIn(c);
    throw new Error(`GET /me answered ${me.status} ${me.code}`);
  }
  if (me.data.account.requireTotp && !me.data.user.totpEnabled && c.req.path !== SECURITY_PATH) return c.redirect(SECURITY_PATH, 303);
  c.set("signedIn", { me: me.data, csrfToken: await csrfTokenOf(token) });
  await next();
});

/** The signed-in user of a page behind `pageSession`. */
export function signedIn(c: PageContext): SignedInPage {
  const state = c.var.signedIn;
  if (!state) throw new Error("signedIn() on a page without pageSession");
  return state;
}

export function hasRole(c: PageContext, roles: readonly UserRole[]): boolean {
  return roles.includes(signedIn(c).me.user.role);
}
