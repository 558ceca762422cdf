/**
 * @module GET /console/language?to=en&next=/console/keys: remembers the reader's language in a cookie
 * and goes back to the page. A plain link, no script; `next` must be a console path of this origin.
 */
import type { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { DEFAULT_LANG, isLang, LANG_COOKIE } from "../view/i18n";
import { CONSOLE_BASE, safeNext, type PageEnv } from "../view/page-session";

const A_YEAR = 365 * 24 * 3600;

export function registerLanguageSwitch(app: Hono<PageEnv>): void {
  app.get(`${CONSOLE_BASE}/language`, (c) => {
    const to = c.req.query("to");
    setCookie(c, LANG_COOKIE, isLang(to) ? to : DEFAULT_LANG, { path: CONSOLE_BASE, secure: true, sameSite: "Lax", maxAge: A_YEAR });
    c.header("Cache-Control", "no-store");
    return c.redirect(safeNext(c.req.query("next")), 303);
  });
}
