/**
 * @module GET /console/queries: the account's queries (GET /queries: its paging, search and status
 * filter, handed on as they are), each linking to its page, and for an owner or analyst the form that
 * starts queries (1 to 100 subjects pasted or typed, one a line: POST /queries through task-create.js).
 *
 * Stable hooks: form#query-create-form (textarea#query-subjects[name=subjects], #query-create-count,
 * #query-create-error, button#query-create-submit), form#queries-filter (input#queries-search[name=search],
 * select#queries-status[name=status]), table#queries with rows tr[data-query-id] (a.query-link to
 * /console/queries/{id}; cells td[data-field=subjectName|status|registrationCount|documents|createdBy|createdAt]),
 * #no-queries, nav.pager.
 */
import type { z } from "zod";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import type { QueryPageSchema } from "../../schemas/query";
import { QUERY_STATUSES } from "../../schemas/query-vocabulary";
import { defineMessages, formatNumber, formatTime, type Lang } from "../view/i18n";
import { failedListPage, html, renderPage, type Html } from "../view/layout";
import { forwardedQuery, pager, searchAndStatusFilter, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { hasRole, readConsoleApi, type PageContext } from "../view/page-session";
import { creatorsOf, idempotencyKeyField, taskFormText } from "../view/task-forms";
import { vocabulary } from "../view/vocabulary";

const messages = defineMessages(
  {
    title: "查询",
    create: "发起查询",
    subjects: "主体名称（每行一个，最多 100 个）",
    createHint: "每个主体占用一次查询额度（与 API 共用）；重复的名称只查一次。",
    submit: "开始查询",
    search: "主体名称",
    status: "状态",
    all: "全部",
    filter: "筛选",
    "col.subjectName": "主体",
    "col.status": "状态",
    "col.registrationCount": "登记数",
    "col.documents": "已处理证明",
    "col.createdBy": "发起人",
    "col.createdAt": "创建时间",
  },
  {
    title: "Queries",
    create: "Start a query",
    subjects: "Subject names (one a line, up to 100)",
    createHint: "Each subject uses one query from the allowance (shared with the API); a name repeated is queried once.",
    submit: "Start",
    search: "Subject name",
    status: "Status",
    all: "All",
    filter: "Filter",
    "col.subjectName": "Subject",
    "col.status": "Status",
    "col.registrationCount": "Registrations",
    "col.documents": "Certificates processed",
    "col.createdBy": "Started by",
    "col.createdAt": "Created",
  },
);

const COLUMNS = ["subjectName", "status", "registrationCount", "documents", "createdBy", "createdAt"] as const;

function createForm(lang: Lang): Html {
  const words = messages(lang);
  return html`<details id="query-create" class="create" open>
    <summary><h2>${words.create}</h2></summary>
    <form id="query-create-form" novalidate ${idempotencyKeyField()}>
      <label for="query-subjects">${words.subjects}</label>
      <textarea id="query-subjects" name="subjects" rows="4" required></textarea>
      <p class="hint"><span id="query-create-count" data-counter></span> · ${words.createHint}</p>
      <p id="query-create-error" class="error" role="alert" hidden></p>
      <button type="submit" id="query-create-submit">${words.submit}</button>
    </form>
  </details>`;
}

async function queriesPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const status = vocabulary(lang).query;
  const list = await readConsoleApi<z.output<typeof QueryPageSchema>>(c, `/queries${forwardedQuery(c, ["page", "pageSize", "search", "status"])}`);
  if (!list.ok) return failedListPage(c, list);
  const creators = await creatorsOf(
    c,
    list.data.items.map((q) => q.id),
  );
  const chosen = c.req.query("status") ?? "";
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = list.data.items.map(
    (q) =>
      html`<tr data-query-id="${q.id}">
        ${cell("subjectName", html`<a class="query-link" href="/console/queries/${encodeURIComponent(q.id)}">${q.subjectName}</a>`)}
        ${cell("status", status[q.status])} ${cell("registrationCount", formatNumber(lang, q.registrationCount))}
        ${cell("documents", `${formatNumber(lang, q.processedDocumentCount)} / ${formatNumber(lang, q.totalDocumentCount)}`)}
        ${cell("createdBy", creators.get(q.id) ?? "—")} ${cell("createdAt", formatTime(lang, q.createdAt))}
      </tr>`,
  );
  const mayStart = hasRole(c, KEY_AND_REVIEW_ROLES);
  return renderPage(c, {
    title: words.title,
    active: "queries",
    scripts: mayStart ? ["task-create.js"] : [],
    scriptText: taskFormText(lang),
    body: html`<h1>${words.title}</h1>
      ${mayStart ? createForm(lang) : ""} ${searchAndStatusFilter(c, "queries", words, { values: QUERY_STATUSES, chosen, words: status })}
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
