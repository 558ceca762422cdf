/**
 * @module GET /console/queries/{id}: one query (GET /queries/{id}) and its registrations (GET
 * /queries/{id}/registrations, paged). Another account's query, or an unknown one, is the 404 page.
 *
 * Stable hooks: h1#query-subject, dl#query with dd[data-field=status|registrationCount|createdAt|completedAt],
 * #query-failure, table#registrations with rows tr[data-registration-id] (cells
 * td[data-field=certificateNumber|registerType|registerTime|expiresAt|securedPartyNames|parseStatus|attachments]),
 * #no-registrations, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, formatNumber, formatTime } from "../view/i18n";
import { failedReadPage, html, renderPage } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { readConsoleApi, type PageContext } from "../view/page-session";
import { statusWords } from "../view/status-words";
import type { Query } from "../../schemas/query";
import type { RegistrationPageSchema } from "../../schemas/registration";

const messages = defineMessages(
  {
    title: "查询",
    back: "返回查询列表",
    subjectName: "主体",
    status: "状态",
    registrationCount: "登记数",
    createdAt: "创建时间",
    completedAt: "完成时间",
    registrations: "登记",
    "col.certificateNumber": "登记证明编号",
    "col.registerType": "登记类型",
    "col.registerTime": "登记时间",
    "col.expiresAt": "到期日",
    "col.securedPartyNames": "担保权人",
    "col.parseStatus": "解析",
    "col.attachments": "附件",
  },
  {
    title: "Query",
    back: "Back to the queries",
    subjectName: "Subject",
    status: "Status",
    registrationCount: "Registrations",
    createdAt: "Created",
    completedAt: "Completed",
    registrations: "Registrations",
    "col.certificateNumber": "Certificate number",
    "col.registerType": "Type",
    "col.registerTime": "Registered",
    "col.expiresAt": "Expires",
    "col.securedPartyNames": "Secured parties",
    "col.parseStatus": "Parsed",
    "col.attachments": "Attachments",
  },
);

const COLUMNS = ["certificateNumber", "registerType", "registerTime", "expiresAt", "securedPartyNames", "parseStatus", "attachments"] as const;

async function queryPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const status = statusWords(lang);
  const id = encodeURIComponent(c.req.param("id") ?? "");
  const [query, registrations] = await Promise.all([
    readConsoleApi<Query>(c, `/queries/${id}`),
    readConsoleApi<z.output<typeof RegistrationPageSchema>>(c, `/queries/${id}/registrations${forwardedQuery(c, ["page", "pageSize"])}`),
  ]);
  if (!query.ok) return failedReadPage(c, query);
  if (!registrations.ok) return failedReadPage(c, registrations);
  const q = query.data;
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = registrations.data.items.map(
    (r) =>
      html`<tr data-registration-id="${r.id}">
        ${cell("certificateNumber", html`<code>${r.certificateNumber}</code>`)} ${cell("registerType", r.registerType ?? "—")}
        ${cell("registerTime", r.registerTime ?? "—")} ${cell("expiresAt", r.expiresAt ?? "—")}
        ${cell("securedPartyNames", r.securedPartyNames ?? "—")} ${cell("parseStatus", r.parseStatus)}
        ${cell("attachments", formatNumber(lang, r.attachments.length))}
      </tr>`,
  );
  return renderPage(c, {
    title: `${words.title} · ${q.subjectName}`,
    active: "queries",
    body: html`<p><a href="/console/queries">← ${words.back}</a></p>
      <h1 id="query-subject">${q.subjectName}</h1>
      <dl id="query" class="facts">
        <dt>${words.status}</dt>
        <dd data-field="status" data-value="${q.status}">${status[q.status]}</dd>
        <dt>${words.registrationCount}</dt>
        <dd data-field="registrationCount">${formatNumber(lang, q.registrationCount)}</dd>
        <dt>${words.createdAt}</dt>
        <dd data-field="createdAt">${formatTime(lang, q.createdAt)}</dd>
        <dt>${words.completedAt}</dt>
        <dd data-field="completedAt">${formatTime(lang, q.completedAt)}</dd>
      </dl>
      ${q.failure ? html`<p id="query-failure" class="notice">${q.failure.code}: ${q.failure.message}</p>` : ""}
      <h2>${words.registrations}</h2>
      ${stackedTable(
        lang,
        { table: "registrations", empty: "no-registrations" },
        COLUMNS.map((f) => words[`col.${f}`]),
        rows,
      )}
      ${pager(c, registrations.data)}`,
  });
}

export function registerQueryPage(pages: PageGroup): void {
  pages.signedInPage("/queries/:id", queryPage);
}
