/**
 * @module GET /console/queries/{id}: one query (GET /queries/{id}) and its registrations (GET
 * /queries/{id}/registrations, paged): state, times and registration types in words, the debtors and
 * secured parties, each certificate opened in the viewer (certificate.ts) and
 * downloadable. While the query runs the page follows it
 * (follow.js) until it is done; once done, an owner or analyst starts a check from it. Another
 * account's query, or an unknown one, is the 404 page.
 *
 * Stable hooks: h1#query-subject, dl#query with dd[data-field=status|registrationCount|documents|createdBy|createdAt|completedAt],
 * #query-following (while it runs), #query-failure, a#start-check, table#registrations with rows
 * tr[data-registration-id] (cells td[data-field=certificateNumber|registerType|registerTime|expiresAt|
 * debtorNames|securedPartyNames|parseStatus|attachments], a.certificate-open, a.certificate-download), #no-registrations, nav.pager.
 */
import type { z } from "zod";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import type { Query } from "../../schemas/query";
import type { RegistrationPageSchema } from "../../schemas/registration";
import { defineMessages, formatNumber, formatTime } from "../view/i18n";
import { failedReadPage, html, renderPage } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { hasRole, readConsoleApi, type PageContext } from "../view/page-session";
import { creatorsOf } from "../view/task-forms";
import { followingNotice } from "../view/task-progress";
import { vocabulary } from "../view/vocabulary";
import { certificatePagePath, consoleDocumentPath } from "../view/document-paths";

const messages = defineMessages(
  {
    title: "查询",
    back: "返回查询列表",
    status: "状态",
    registrationCount: "登记数",
    documents: "已处理证明",
    createdBy: "发起人",
    createdAt: "创建时间",
    completedAt: "完成时间",
    following: "查询进行中：本页会自动更新，直到完成。",
    startCheck: "用此查询结果发起核查",
    registrations: "登记",
    open: "查看",
    download: "下载",
    "col.certificateNumber": "登记证明编号",
    "col.registerType": "登记类型",
    "col.registerTime": "登记时间",
    "col.expiresAt": "到期日",
    "col.debtorNames": "出质人/债务人",
    "col.securedPartyNames": "质权人/担保权人",
    "col.parseStatus": "解析",
    "col.attachments": "附件",
  },
  {
    title: "Query",
    back: "Back to the queries",
    status: "Status",
    registrationCount: "Registrations",
    documents: "Certificates processed",
    createdBy: "Started by",
    createdAt: "Created",
    completedAt: "Completed",
    following: "The query is running: this page updates itself until it is done.",
    startCheck: "Start a check on this query's result",
    registrations: "Registrations",
    open: "View",
    download: "Download",
    "col.certificateNumber": "Certificate number",
    "col.registerType": "Type",
    "col.registerTime": "Registered",
    "col.expiresAt": "Expires",
    "col.debtorNames": "Debtors",
    "col.securedPartyNames": "Secured parties",
    "col.parseStatus": "Parsed",
    "col.attachments": "Attachments",
  },
);

const COLUMNS = [
  "certificateNumber",
  "registerType",
  "registerTime",
  "expiresAt",
  "debtorNames",
  "securedPartyNames",
  "parseStatus",
  "attachments",
] as const;

/** A query that is done no longer changes: its page is not followed. */
const DONE: ReadonlySet<Query["status"]> = new Set(["succeeded", "no_result", "partial", "failed", "cancelled"]);
/** Finished queries a check may read (routes/checks/create.ts). */
const CHECKABLE: ReadonlySet<Query["status"]> = new Set(["succeeded", "no_result", "partial"]);
/** What changes while a query runs: the page is rendered again when one of these does. */
const QUERY_PROGRESS_FIELDS = ["status", "registrationCount", "processedDocumentCount"] as const;

async function queryPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const terms = vocabulary(lang);
  const rawId = c.req.param("id") ?? "";
  const id = encodeURIComponent(rawId);
  const [query, registrations, creators] = await Promise.all([
    readConsoleApi<Query>(c, `/queries/${id}`),
    readConsoleApi<z.output<typeof RegistrationPageSchema>>(c, `/queries/${id}/registrations${forwardedQuery(c, ["page", "pageSize"])}`),
    creatorsOf(c, /^qry_[A-Za-z0-9]+$/.test(rawId) ? [rawId] : []),
  ]);
  if (!query.ok) return failedReadPage(c, query);
  if (!registrations.ok) return failedReadPage(c, registrations);
  const q = query.data;
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = registrations.data.items.map((r) => {
    const download = consoleDocumentPath(r.pdfUrl);
    return html`<tr data-registration-id="${r.id}">
      ${cell(
        "certificateNumber",
        html`<code>${r.certificateNumber}</code>
          ${download ? html`<a class="certificate-open" href="${certificatePagePath(rawId, r.id)}">${words.open}</a>` : ""}
          ${download ? html`<a class="certificate-download" href="${download}" download>${words.download}</a>` : ""}`,
      )}
      ${cell("registerType", r.registerType ? terms.registerType[r.registerType] : "—")} ${cell("registerTime", formatTime(lang, r.registerTime))}
      ${cell("expiresAt", r.expiresAt ?? "—")} ${cell("debtorNames", r.debtorNames ?? "—")} ${cell("securedPartyNames", r.securedPartyNames ?? "—")}
      ${cell("parseStatus", terms.parse[r.parseStatus])} ${cell("attachments", formatNumber(lang, r.attachments.length))}
    </tr>`;
  });
  const done = DONE.has(q.status);
  return renderPage(c, {
    title: `${words.title} · ${q.subjectName}`,
    active: "queries",
    scripts: done ? [] : ["follow.js"],
    body: html`<p><a href="/console/queries">← ${words.back}</a></p>
      <h1 id="query-subject">${q.subjectName}</h1>
      ${done ? "" : followingNotice("query-following", { path: `/queries/${id}`, task: q, fields: QUERY_PROGRESS_FIELDS, message: words.following })}
      <dl id="query" class="facts">
        <dt>${words.status}</dt>
        <dd data-field="status" data-value="${q.status}">${terms.query[q.status]}</dd>
        <dt>${words.registrationCount}</dt>
        <dd data-field="registrationCount">${formatNumber(lang, q.registrationCount)}</dd>
        <dt>${words.documents}</dt>
        <dd data-field="documents">${formatNumber(lang, q.processedDocumentCount)} / ${formatNumber(lang, q.totalDocumentCount)}</dd>
        <dt>${words.createdBy}</dt>
        <dd data-field="createdBy">${creators.get(q.id) ?? "—"}</dd>
        <dt>${words.createdAt}</dt>
        <dd data-field="createdAt">${formatTime(lang, q.createdAt)}</dd>
        <dt>${words.completedAt}</dt>
        <dd data-field="completedAt">${formatTime(lang, q.completedAt)}</dd>
      </dl>
      ${q.failure ? html`<p id="query-failure" class="notice" data-code="${q.failure.code}">${vocabulary(lang).failure[q.failure.code]}</p>` : ""}
      ${
        CHECKABLE.has(q.status) && hasRole(c, KEY_AND_REVIEW_ROLES)
          ? html`<p><a id="start-check" class="button" href="/console/checks/new?query=${id}">${words.startCheck}</a></p>`
          : ""
      }
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
