/**
 * @module The console's page layout. Every page is `renderPage(c, {...})`: <html lang> in the reader's
 * language; the header (account name, the navigation the role may use, the language switch, the
 * signed-in email and sign-out); the page's own <main>; its scripts as same-origin modules (no inline
 * script); the words its scripts need, rendered server-side into a hidden #console-text list; and the
 * session's CSRF token in <meta name="csrf-token">. Signed-out pages (sign-in, invitation) get the
 * same header without the account parts.
 *
 * Stable hooks (tests and scripts use them): #account-name, #console-nav with a[data-nav=<key>]
 * (aria-current="page" on the active one), #lang-switch, #user-email, #sign-out, #console-status,
 * #main, #console-text [data-key].
 */
import { html, raw } from "hono/html";
import type { UserRole } from "../../schemas/console-vocabulary";
import { fill, otherLang, type Lang } from "./i18n";
import { setPageHeaders } from "./page-headers";
import { CONSOLE_API_BASE, CONSOLE_BASE, type ApiFailure, type PageContext, type SignedInPage } from "./page-session";
import { SCRIPT_SHELL_KEYS, shellMessages } from "./shell-messages";

export type Html = ReturnType<typeof html>;
export { html, raw };

/** Where the browser modules and the stylesheet are served from (static assets, public/console/assets). */
export const CONSOLE_ASSETS = `${CONSOLE_BASE}/assets`;

export type NavKey = "overview" | "keys" | "queries" | "checks" | "users" | "audit" | "security";

const NAV: ReadonlyArray<{ key: NavKey; path: string; roles?: readonly UserRole[] }> = [
  { key: "overview", path: `${CONSOLE_BASE}/` },
  { key: "keys", path: `${CONSOLE_BASE}/keys` },
  { key: "queries", path: `${CONSOLE_BASE}/queries` },
  { key: "checks", path: `${CONSOLE_BASE}/checks` },
  { key: "users", path: `${CONSOLE_BASE}/users`, roles: ["owner"] },
  { key: "audit", path: `${CONSOLE_BASE}/audit`, roles: ["owner"] },
  { key: "security", path: `${CONSOLE_BASE}/security` },
];

export interface PageOptions {
  title: string;
  body: Html;
  /** The navigation entry this page belongs to. */
  active?: NavKey;
  /** Module file names under /console/assets, e.g. ["keys.js"]; shell.js is always loaded. */
  scripts?: readonly string[];
  /** Stylesheets under /console/assets besides console.css, e.g. ["review.css"]. */
  styles?: readonly string[];
  /** Words the page's scripts show, by key (the shell's error words are always added). */
  scriptText?: Readonly<Record<string, string>>;
  status?: 200 | 400 | 403 | 404 | 429;
}

function navigation(lang: Lang, role: UserRole, active: NavKey | undefined): Html {
  const words = shellMessages(lang);
  const items = NAV.filter((item) => !item.roles || item.roles.includes(role)).map(
    (item) =>
      html`<a href="${item.path}" data-nav="${item.key}" ${item.key === active ? raw(' aria-current="page"') : ""}>${words[`nav.${item.key}`]}</a>`,
  );
  return html`<nav id="console-nav" aria-label="${words["nav.label"]}">${items}</nav>`;
}

function header(c: PageContext, state: SignedInPage | undefined, active: NavKey | undefined): Html {
  const lang = c.var.lang;
  const words = shellMessages(lang);
  const here = c.req.path + new URL(c.req.url).search;
  const switchHref = `${CONSOLE_BASE}/language?to=${encodeURIComponent(otherLang(lang))}&next=${encodeURIComponent(here)}`;
  const langSwitch = html`<a id="lang-switch" href="${switchHref}" lang="${otherLang(lang)}" hreflang="${otherLang(lang)}"
    >${words.switchLanguage}</a
  >`;
  if (!state)
    return html`<header class="top">
      <span class="brand">${words.product}</span>
      <div class="tools">${langSwitch}</div>
    </header>`;
  const { user, account } = state.me;
  return html`<header class="top">
    <a class="brand" href="${CONSOLE_BASE}/">${words.product}</a>
    <span id="account-name" class="account">${account.name}</span>
    ${navigation(lang, user.role, active)}
    <div class="tools">
      ${langSwitch}<span id="user-email" title="${words[`role.${user.role}`]}">${user.email}</span
      ><button type="button" id="sign-out">${words.signOut}</button>
    </div>
  </header>`;
}

function scriptWords(lang: Lang, extra: Readonly<Record<string, string>> | undefined): Html {
  const words = shellMessages(lang);
  const entries: Array<[string, string]> = [...SCRIPT_SHELL_KEYS.map((key): [string, string] => [key, words[key]]), ...Object.entries(extra ?? {})];
  return html`<ul id="console-text" hidden>
    ${entries.map(([key, text]) => html`<li data-key="${key}">${text}</li>`)}
  </ul>`;
}

export function renderPage(c: PageContext, options: PageOptions): Response | Promise<Response> {
  setPageHeaders(c);
  const lang = c.var.lang;
  const state = c.var.signedIn;
  const scripts = ["shell.js", ...(options.scripts ?? [])];
  const page = html`<!doctype html>
    <html lang="${lang}" data-api="${CONSOLE_API_BASE}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        ${state ? html`<meta name="csrf-token" content="${state.csrfToken}" />` : ""}
        <title>${options.title} · ${shellMessages(lang).product}</title>
        <link rel="stylesheet" href="${CONSOLE_ASSETS}/console.css" />
        <link rel="stylesheet" href="${CONSOLE_ASSETS}/print.css" media="print" />
        ${(options.styles ?? []).map((name) => html`<link rel="stylesheet" href="${CONSOLE_ASSETS}/${name}" />`)}
        ${scripts.map((name) => html`<script type="module" src="${CONSOLE_ASSETS}/${name}"></script>`)}
      </head>
      <body>
        <a class="skip" href="#main">${shellMessages(lang).skip}</a>
        ${header(c, state, options.active)}
        <p id="console-status" role="status" aria-live="polite"></p>
        <main id="main" tabindex="-1">${options.body}</main>
        ${scriptWords(lang, options.scriptText)}
      </body>
    </html> `;
  return c.html(page, options.status ?? 200);
}

/** The 404 of a page whose resource is unknown or another account's (the same answer for both). */
export function notFoundPage(c: PageContext): Response | Promise<Response> {
  const words = shellMessages(c.var.lang);
  return renderPage(c, {
    title: words["notFound.title"],
    status: 404,
    body: html`<h1>${words["notFound.title"]}</h1>
      <p>${words["notFound.body"]}</p>`,
  });
}

/** The page a role may not open: the navigation does not offer it, a typed URL gets this. */
export function forbiddenPage(c: PageContext): Response | Promise<Response> {
  const words = shellMessages(c.var.lang);
  return renderPage(c, {
    title: words["forbidden.title"],
    status: 403,
    body: html`<h1>${words["forbidden.title"]}</h1>
      <p>${words["forbidden.body"]}</p>`,
  });
}

export { fill };

/** The reader's rate window is spent (the page's reads count like the API's): the page says when to come back. */
function rateLimitedPage(c: PageContext, retryAfter: string | undefined): Response | Promise<Response> {
  const words = shellMessages(c.var.lang);
  if (retryAfter) c.header("Retry-After", retryAfter);
  const message = fill(words["error.RATE_LIMITED"], { seconds: retryAfter ?? "60" });
  return renderPage(c, { title: message, status: 429, body: html`<h1>${message}</h1>` });
}

/** A list's search is longer than the API takes (SearchQuery), or a filter none it knows. */
const SEARCH_MAX_LENGTH = 200;

/**
 * The page for a list whose read failed: a search or filter the API refused (400) says so and how to
 * go on, rather than a 404 or a search silently cut; anything else as failedReadPage.
 */
export function failedListPage(c: PageContext, failure: ApiFailure): Response | Promise<Response> {
  if (failure.status !== 400) return failedReadPage(c, failure);
  const words = shellMessages(c.var.lang);
  return renderPage(c, {
    title: words["filter.refused.title"],
    status: 400,
    body: html`<h1>${words["filter.refused.title"]}</h1>
      <p id="filter-refused" role="alert">${fill(words["filter.refused.body"], { max: String(SEARCH_MAX_LENGTH) })}</p>
      <p><a href="${c.req.path}">${words["filter.refused.back"]}</a></p>`,
  });
}

/**
 * The page for a read of the console's JSON that failed: unknown, malformed or another account's is
 * the 404 page, a role's refusal the 403 page, a spent rate window 429; anything else is a fault.
 */
export function failedReadPage(c: PageContext, failure: ApiFailure): Response | Promise<Response> {
  if (failure.status === 404 || failure.status === 400) return notFoundPage(c);
  if (failure.status === 403) return forbiddenPage(c);
  if (failure.status === 429) return rateLimitedPage(c, failure.retryAfter);
  throw new Error(`a console read answered ${failure.status} ${failure.code}`);
}
