/**
 * @module GET /console/queries: the account's queries (GET /queries: its paging, search and status
 * filter, handed on as they are), each linking to its page.
 *
 * Stable hooks: form#queries-filter (input#queries-search[name=search], select#queries-status[name=status]),
 * table#queries with rows tr[data-query-id] (a.query-link to /console/queries/{id}; cells
 * td[data-field=subjectName|status|registrationCount|documents|createdAt]), #no-queries, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, formatNumber, formatTime } from "../view/i18n";
import { failedReadPage, html, renderPage } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { readConsoleApi, type PageContext } from "../view/page-session";
import type { QueryPageSchema } from "../../schemas/query";
import { QUERY_STATUSES } from "../../schemas/query-vocabulary";
import { statusWords } from "../view/status-words";

const messages = defineMessages(
  {
    title: "查询",
    search: "主体名称",
    status: "状态",
    all: "全部",
    filter: "筛选",
    "col.subjectName": "主体",
    "col.status": "状态",
    "col.registrationCount": "登记数",
    "col.documents": "已处理证明",
    "col.createdAt": "创建时间",
  },
  {
    title: "Queries",
    search: "Subject name",
    status: "Status",
    all: "All",
    filter: "Filter",
    "col.subjectName": "Subject",
    "col.status": "Status",
    "col.registrationCount": "Registrations",
    "col.documents": "Certificates processed",
    "col.createdAt": "Created",
  },
);

const COLUMNS = ["subjectName", "status", "registrationCount", "documents", "createdAt"] as const;

async function queriesPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const status = statusWords(lang);
  const list = await readConsoleApi<z.output<typeof QueryPageSchema>>(c, `/queries${forwardedQuery(c, ["page", "pageSize", "search", "status"])}`);
  if (!list.ok) return failedReadPage(c, list);
  const chosen = c.req.query("status") ?? "";
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = list.data.items.map(
    (q) =>
      html`<tr data-query-id="${q.id}">
        ${cell("subjectName", html`<a class="query-link" href="/console/queries/${encodeURIComponent(q.id)}">${q.subjectName}</a>`)}
        ${cell("status", status[q.status])} ${cell("registrationCount", formatNumber(lang, q.registrationCount))}
        ${cell("documents", `${formatNumber(lang, q.processedDocumentCount)} / ${formatNumber(lang, q.totalDocumentCount)}`)}
        ${cell("createdAt", formatTime(lang, q.createdAt))}
      </tr>`,
  );
  return renderPage(c, {
    title: words.title,
    active: "queries",
    body: html`<h1>${words.title}</h1>
      <form id="queries-filter" class="inline" method="get">
        <div>
          <label for="queries-search">${words.search}</label
          ><input id="queries-search" name="search" type="search" maxlength="100" value="${c.req.query("search") ?? ""}" />
        </div>
        <div>
          <label for="queries-status">${words.status}</label>
          <select id="queries-status" name="status">
            <option value="">${words.all}</option>
            ${QUERY_STATUSES.map((s) => html`<option value="${s}" ${s === chosen ? "selected" : ""}>${status[s]}</option>`)}
          </select>
        </div>
        <button type="submit" class="secondary">${words.filter}</button>
      </form>
      ${stackedTable(
        lang,
        { table: "queries", empty: "no-queries" },
        COLUMNS.map((f) => words[`col.${f}`]),
        rows,
      )}
      ${pager(c, list.data)}`,
  });
}

export function registerQueriesPage(pages: PageGroup): void {
  pages.signedInPage("/queries", queriesPage);
}
