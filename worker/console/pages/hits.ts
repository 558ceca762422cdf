/**
 * @module GET /console/hits?value=: the account's own memory of a receivable (GET /hits): every check
 * of the account that looked for an invoice number or keyword, newest first, and what each hit with
 * it, with the registration's standing and the reviewer's conclusion. The checks page links here with
 * its search.
 *
 * Stable hooks: form#hits-filter (input#hits-value[name=value]), table#hits with rows tr[data-check-id]
 * (a.check-link; cells td[data-field=applicant|status|createdBy|createdAt|results]; in results one
 * li[data-registration-id] per hit with its standing in span.standing[data-state][data-live]), #no-hits,
 * nav.pager.
 */
import { defineMessages, formatTime } from "../view/i18n";
import { failedListPage, html, renderPage } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { readConsoleApi, type PageContext } from "../view/page-session";
import { standingBadge } from "../view/standing";
import { vocabulary } from "../view/vocabulary";
import type { HitPage } from "../../schemas/console-hits";

const messages = defineMessages(
  {
    title: "发票号与关键词的核查记录",
    intro: "本账户中查找过该发票号或关键词的每一次核查，以及各次核查的命中、登记现状和复核结论。",
    value: "发票号或关键词",
    find: "查找",
    none: "无命中",
    notReviewed: "未复核",
    "col.applicant": "申请人",
    "col.status": "状态",
    "col.createdBy": "发起人",
    "col.createdAt": "创建时间",
    "col.results": "命中",
  },
  {
    title: "Checks of an invoice number or keyword",
    intro:
      "Every check of this account that looked for the invoice number or keyword, with what each hit, the registration's standing and the conclusion.",
    value: "Invoice number or keyword",
    find: "Find",
    none: "No hits",
    notReviewed: "Not reviewed",
    "col.applicant": "Applicant",
    "col.status": "Status",
    "col.createdBy": "Started by",
    "col.createdAt": "Created",
    "col.results": "Hits",
  },
);

const COLUMNS = ["applicant", "status", "createdBy", "createdAt", "results"] as const;

function filter(c: PageContext, words: ReturnType<typeof messages>) {
  return html`<form id="hits-filter" class="inline" method="get">
    <div>
      <label for="hits-value">${words.value}</label
      ><input id="hits-value" name="value" type="search" required data-max-length="200" value="${c.req.query("value") ?? ""}" />
    </div>
    <button type="submit" class="secondary">${words.find}</button>
  </form>`;
}

async function hitsPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const terms = vocabulary(lang);
  const value = (c.req.query("value") ?? "").trim();
  const head = html`<h1>${words.title}</h1>
    <p class="muted">${words.intro}</p>
    ${filter(c, words)}`;
  if (!value) return renderPage(c, { title: words.title, active: "checks", body: head });
  const list = await readConsoleApi<HitPage>(c, `/hits${forwardedQuery(c, ["value", "page", "pageSize"])}`);
  if (!list.ok) return failedListPage(c, list);
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = list.data.items.map(
    (h) =>
      html`<tr data-check-id="${h.check.id}">
        ${cell("applicant", html`<a class="check-link" href="/console/checks/${encodeURIComponent(h.check.id)}">${h.check.applicant}</a>`)}
        ${cell("status", terms.check[h.check.status])} ${cell("createdBy", h.check.createdBy?.label ?? "—")}
        ${cell("createdAt", formatTime(lang, h.check.createdAt))}
        ${cell(
          "results",
          h.results.length
            ? html`<ul class="hits">
                ${h.results.map(
                  (r) =>
                    html`<li data-registration-id="${r.registrationId}">
                      <code>${r.certificateNumber}</code> · ${r.strength ? terms.strength[r.strength] : terms.match[r.matchStatus]} ·
                      ${r.manualDecision ? terms.decision[r.manualDecision] : words.notReviewed} · ${standingBadge(lang, r.standing)}
                    </li>`,
                )}
              </ul>`
            : words.none,
        )}
      </tr>`,
  );
  return renderPage(c, {
    title: `${words.title} · ${value}`,
    active: "checks",
    body: html`${head}
    ${stackedTable(
      lang,
      { table: "hits", empty: "no-hits" },
      COLUMNS.map((f) => words[`col.${f}`]),
      rows,
    )}
    ${pager(c, list.data)}`,
  });
}

export function registerHitsPage(pages: PageGroup): void {
  pages.signedInPage("/hits", hitsPage);
}
