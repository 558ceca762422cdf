/**
 * @module GET /console/checks: the account's checks (GET /checks: its paging, search and status
 * filter, handed on as they are; the search finds an applicant, an invoice number or keyword among
 * the criteria, or a certificate number a check read), each with what it looked for and who started
 * it, linking to its page; a#new-check starts one (owner, analyst); with a search, a#hits-link to what
 * each check hit with it (pages/hits.ts).
 *
 * Stable hooks: a#new-check, form#checks-filter (input#checks-search[name=search], select#checks-status[name=status]),
 * table#checks with rows tr[data-check-id] (a.check-link to /console/checks/{id}; cells
 * td[data-field=applicant|criteria|status|candidateCount|pendingReviewCount|createdBy|createdAt]), #no-checks, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, fill, formatNumber, formatTime } from "../view/i18n";
import { failedListPage, html, renderPage, type Html } from "../view/layout";
import { forwardedQuery, pager, searchAndStatusFilter, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { hasRole, readConsoleApi, type PageContext } from "../view/page-session";
import { KEY_AND_REVIEW_ROLES } from "../../domain/console-session";
import { creatorsOf } from "../view/task-forms";
import { vocabulary } from "../view/vocabulary";
import type { CheckPageSchema } from "../../schemas/check";
import { CHECK_STATUSES } from "../../schemas/check-vocabulary";

const messages = defineMessages(
  {
    title: "核查",
    newCheck: "发起核查",
    search: "申请人、发票号、关键词或登记证明编号",
    status: "状态",
    all: "全部",
    filter: "筛选",
    "col.applicant": "申请人",
    "col.criteria": "核查条件",
    "col.createdBy": "发起人",
    "col.status": "状态",
    "col.candidateCount": "候选",
    "col.pendingReviewCount": "待复核",
    "col.createdAt": "创建时间",
    hits: "查看各次核查对“{value}”的命中、登记现状和复核结论",
  },
  {
    title: "Checks",
    newCheck: "Start a check",
    search: "Applicant, invoice number, keyword or certificate number",
    status: "Status",
    all: "All",
    filter: "Filter",
    "col.applicant": "Applicant",
    "col.criteria": "Looked for",
    "col.createdBy": "Started by",
    "col.status": "Status",
    "col.candidateCount": "Candidates",
    "col.pendingReviewCount": "Awaiting review",
    "col.createdAt": "Created",
    hits: "What each check hit with “{value}”, with standing and conclusions",
  },
);

const COLUMNS = ["applicant", "criteria", "status", "candidateCount", "pendingReviewCount", "createdBy", "createdAt"] as const;
/** Criteria shown in a list row before "…" (the check's page shows them all). */
const CRITERIA_SHOWN = 6;

/** With a search, the account's memory of it (pages/hits.ts): what each check hit with the value. */
function hitsLink(c: PageContext, words: ReturnType<typeof messages>): Html | string {
  const search = (c.req.query("search") ?? "").trim();
  if (!search) return "";
  return html`<p><a id="hits-link" href="/console/hits?value=${encodeURIComponent(search)}">${fill(words.hits, { value: search })}</a></p>`;
}

async function checksPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const status = vocabulary(lang).check;
  const list = await readConsoleApi<z.output<typeof CheckPageSchema>>(c, `/checks${forwardedQuery(c, ["page", "pageSize", "search", "status"])}`);
  if (!list.ok) return failedListPage(c, list);
  const creators = await creatorsOf(
    c,
    list.data.items.map((k) => k.id),
  );
  const chosen = c.req.query("status") ?? "";
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = list.data.items.map(
    (k) =>
      html`<tr data-check-id="${k.id}">
        ${cell("applicant", html`<a class="check-link" href="/console/checks/${encodeURIComponent(k.id)}">${k.applicant}</a>`)}
        ${cell(
          "criteria",
          html`<span class="criteria"
            >${k.criteria.slice(0, CRITERIA_SHOWN).map((cr) => html`<code>${cr.value}</code> `)}${k.criteria.length > CRITERIA_SHOWN ? "…" : ""}</span
          >`,
        )}
        ${cell("status", status[k.status])} ${cell("candidateCount", formatNumber(lang, k.candidateCount))}
        ${cell("pendingReviewCount", formatNumber(lang, k.pendingReviewCount))} ${cell("createdBy", creators.get(k.id) ?? "—")}
        ${cell("createdAt", formatTime(lang, k.createdAt))}
      </tr>`,
  );
  return renderPage(c, {
    title: words.title,
    active: "checks",
    body: html`<h1>${words.title}</h1>
      ${hasRole(c, KEY_AND_REVIEW_ROLES) ? html`<p><a id="new-check" class="button" href="/console/checks/new">${words.newCheck}</a></p>` : ""}
      ${searchAndStatusFilter(c, "checks", words, { values: CHECK_STATUSES, chosen, words: status })} ${hitsLink(c, words)}
      ${stackedTable(
        lang,
        { table: "checks", empty: "no-checks" },
        COLUMNS.map((f) => words[`col.${f}`]),
        rows,
      )}
      ${pager(c, list.data)}`,
  });
}

export function registerChecksPage(pages: PageGroup): void {
  pages.signedInPage("/checks", checksPage);
}
