/**
 * @module How a page module registers its pages. `publicPage` is for the two pages a signed-out reader
 * opens (sign-in, invitation); `signedInPage` puts the page guard (page-session.ts) and any role
 * guard before the handler, so no signed-in page can be registered without them.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { UserRole } from "../../schemas/console-vocabulary";
import { forbiddenPage } from "./layout";
import { CONSOLE_BASE, hasRole, pageSession, type PageContext, type PageEnv } from "./page-session";

export type PageHandler = (c: PageContext) => Response | Promise<Response>;

export interface PageGroup {
  /** A page any signed-in user may open. */
  signedInPage(path: string, handler: PageHandler): void;
  /** A page only these roles may open; any other gets the 403 page. */
  rolePage(path: string, roles: readonly UserRole[], handler: PageHandler): void;
  /** A page without a session (sign-in, invitation acceptance). */
  publicPage(path: string, handler: PageHandler): void;
}

function roleGuard(roles: readonly UserRole[]): MiddlewareHandler<PageEnv> {
  return createMiddleware<PageEnv>(async (c, next) => {
    if (!hasRole(c, roles)) return forbiddenPage(c);
    await next();
  });
}

/** Paths are given relative to /console: "/" is the overview at /console/, "/keys" is /console/keys. */
export function pageGroup(app: Hono<PageEnv>): PageGroup {
  const at = (path: string) => `${CONSOLE_BASE}${path}`;
  return {
    signedInPage: (path, handler) => void app.get(at(path), pageSession, (c) => handler(c)),
    rolePage: (path, roles, handler) => void app.get(at(path), pageSession, roleGuard(roles), (c) => handler(c)),
    publicPage: (path, handler) => void app.get(at(path), (c) => handler(c)),
  };
}
