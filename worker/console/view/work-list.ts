/**
 * @module The overview's work list: the checks whose candidates await review, and the queries and
 * checks that finished since the reader's last visit to the overview (a cookie of this browser under
 * /console, holding only a time: no account data). A first visit shows the last day's.
 *
 * Stable hooks: section#awaiting-review with li[data-check-id] (or #nothing-awaits), section#finished-since
 * with li[data-query-id] and li[data-check-id] (or #nothing-finished).
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { z } from "zod";
import type { CheckPageSchema } from "../../schemas/check";
import type { QueryPageSchema } from "../../schemas/query";
import { defineMessages, fill, formatTime, type Lang } from "./i18n";
import { html, type Html } from "./layout";
import { CONSOLE_BASE, readConsoleApi, type PageContext } from "./page-session";
import { vocabulary } from "./vocabulary";

const LAST_VISIT_COOKIE = "console-last-visit";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The newest tasks read for the list: the open API's largest page. */
const NEWEST = 100;
/** A year: the cookie outlives sessions, it only marks a time. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const messages = defineMessages(
  {
    awaiting: "待复核的核查",
    awaitingItem: "{applicant}：{count} 个候选待复核",
    nothingAwaits: "没有待复核的候选。",
    finished: "自上次访问（{since}）以来完成",
    nothingFinished: "自上次访问以来没有完成的查询或核查。",
    query: "查询",
    check: "核查",
  },
  {
    awaiting: "Checks awaiting review",
    awaitingItem: "{applicant}: {count} awaiting review",
    nothingAwaits: "No candidate awaits review.",
    finished: "Finished since your last visit ({since})",
    nothingFinished: "No query or check finished since your last visit.",
    query: "Query",
    check: "Check",
  },
);

/** The last visit before this one, and this one recorded. */
function lastVisit(c: Context, now: number): number {
  const stored = Number(getCookie(c, LAST_VISIT_COOKIE));
  setCookie(c, LAST_VISIT_COOKIE, String(now), { path: CONSOLE_BASE, secure: true, httpOnly: true, sameSite: "Strict", maxAge: COOKIE_MAX_AGE_S });
  return Number.isFinite(stored) && stored > 0 && stored <= now ? stored : now - DAY_MS;
}

const after = (iso: string | undefined, since: number) => iso !== undefined && Date.parse(iso) > since;

export async function workSections(c: PageContext, lang: Lang): Promise<Html> {
  const words = messages(lang);
  const terms = vocabulary(lang);
  const since = lastVisit(c, Date.now());
  const [awaiting, queries, checks] = await Promise.all([
    readConsoleApi<z.output<typeof CheckPageSchema>>(c, `/checks?status=review_pending&pageSize=${NEWEST}`),
    readConsoleApi<z.output<typeof QueryPageSchema>>(c, `/queries?pageSize=${NEWEST}`),
    readConsoleApi<z.output<typeof CheckPageSchema>>(c, `/checks?pageSize=${NEWEST}`),
  ]);
  const waiting = awaiting.ok ? awaiting.data.items : [];
  const doneQueries = queries.ok ? queries.data.items.filter((q) => after(q.completedAt, since)) : [];
  const doneChecks = checks.ok ? checks.data.items.filter((k) => after(k.processingCompletedAt, since)) : [];
  return html`<section id="awaiting-review">
      <h2>${words.awaiting}</h2>
      ${
        waiting.length
          ? html`<ul>
              ${waiting.map(
                (k) =>
                  html`<li data-check-id="${k.id}">
                    <a href="/console/checks/${encodeURIComponent(k.id)}"
                      >${fill(words.awaitingItem, { applicant: k.applicant, count: k.pendingReviewCount })}</a
                    >
                  </li>`,
              )}
            </ul>`
          : html`<p id="nothing-awaits" class="muted">${words.nothingAwaits}</p>`
      }
    </section>
    <section id="finished-since">
      <h2>${fill(words.finished, { since: formatTime(lang, new Date(since).toISOString()) })}</h2>
      ${
        doneQueries.length + doneChecks.length
          ? html`<ul>
              ${doneQueries.map(
                (q) =>
                  html`<li data-query-id="${q.id}">
                    ${words.query}: <a href="/console/queries/${encodeURIComponent(q.id)}">${q.subjectName}</a> · ${terms.query[q.status]}
                  </li>`,
              )}
              ${doneChecks.map(
                (k) =>
                  html`<li data-check-id="${k.id}">
                    ${words.check}: <a href="/console/checks/${encodeURIComponent(k.id)}">${k.applicant}</a> · ${terms.check[k.status]}
                  </li>`,
              )}
            </ul>`
          : html`<p id="nothing-finished" class="muted">${words.nothingFinished}</p>`
      }
    </section>`;
}
