/**
 * @module GET /console/audit (owner): the account's audit trail (GET /audit), newest first, filtered by
 * kind, actor, from and to (dates, China time as the API reads them) and paged, the page's URL
 * parameters handed on as they are; the CSV export (GET /audit.csv) with the same filters is a
 * plain link.
 *
 * Stable hooks: form#audit-filter (select#audit-kind[name=kind], input#audit-actor[name=actor],
 * input#audit-from[name=from], input#audit-to[name=to]), a#audit-export, table#audit with rows
 * tr[data-event-id][data-kind] (cells td[data-field=at|kind|actor|target|ip|detail], the actor cell
 * carrying data-actor-type and data-actor-id), #no-events, #audit-error, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, fill, formatTime, type Lang } from "../view/i18n";
import { html, renderPage, type Html } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { CONSOLE_API_BASE, readConsoleApi, type PageContext } from "../view/page-session";
import type { AuditPageSchema } from "../../schemas/console";
import { AUDIT_KINDS } from "../../schemas/console-vocabulary";
import { auditDetail, auditTarget } from "../view/audit-detail";
import { shellMessages } from "../view/shell-messages";
import { vocabulary } from "../view/vocabulary";

type AuditPage = z.output<typeof AuditPageSchema>;

const messages = defineMessages(
  {
    title: "审计日志",
    kind: "事件类型",
    all: "全部",
    actor: "操作者（ID 或名称）",
    from: "起始日期",
    to: "截止日期",
    filter: "筛选",
    export: "导出 CSV",
    "col.at": "时间",
    "col.kind": "事件",
    "col.actor": "操作者",
    "col.target": "对象",
    "col.ip": "IP",
    "col.detail": "详情",
    "actor.user": "用户",
    "actor.api_key": "API 密钥",
    "actor.operator": "运营方",
  },
  {
    title: "Audit trail",
    kind: "Kind",
    all: "All",
    actor: "Actor (id or label)",
    from: "From",
    to: "To",
    filter: "Filter",
    export: "Export CSV",
    "col.at": "When",
    "col.kind": "Event",
    "col.actor": "Actor",
    "col.target": "Target",
    "col.ip": "IP",
    "col.detail": "Detail",
    "actor.user": "User",
    "actor.api_key": "API key",
    "actor.operator": "Operator",
  },
);

const FILTERS = ["kind", "actor", "from", "to"] as const;
/** The API's limit on the actor filter (AuditListQuery), shown on the field and in the refusal. */
const ACTOR_MAX_LENGTH = 100;

/** Why the trail is not shown, in the reader's words: a refused filter says which limits apply. */
function refusal(lang: Lang, code: string): string {
  const shell = shellMessages(lang);
  if (code === "VALIDATION_FAILED") return fill(shell["filter.refused.body"], { max: String(ACTOR_MAX_LENGTH) });
  return fill(shell["error.generic"], { code });
}
const COLUMNS = ["at", "kind", "actor", "target", "ip", "detail"] as const;

/**
 * A label that is an email may wrap after its "@" and before each "." of its domain, as addresses are
 * broken in print, so a long one takes two lines in its column instead of being cut mid-word or
 * widening the table; the name before the "@" stays whole. Other labels (a key's name) are as they are.
 */
function wrappable(label: string): Html {
  const at = label.indexOf("@");
  const parts = at < 0 ? [label] : [label.slice(0, at + 1), ...label.slice(at + 1).split(/(?=\.)/)];
  return html`<span class="address">${parts.map((part, i) => (i === 0 ? part : html`<wbr />${part}`))}</span>`;
}

async function auditPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const kinds = vocabulary(lang).audit;
  const events = await readConsoleApi<AuditPage>(c, `/audit${forwardedQuery(c, ["page", "pageSize", ...FILTERS])}`);
  const value = (name: (typeof FILTERS)[number]) => c.req.query(name) ?? "";
  const cell = (field: (typeof COLUMNS)[number], content: unknown, extra = html``) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}" ${extra}>${content}</td>`;
  const rows = events.ok
    ? events.data.items.map(
        (e) =>
          html`<tr data-event-id="${e.id}" data-kind="${e.kind}">
            ${cell("at", html`<time datetime="${e.at}">${formatTime(lang, e.at)}</time>`)}
            ${cell("kind", html`<span title="${e.kind}">${kinds[e.kind]}</span>`)}
            ${cell("actor", html`${words[`actor.${e.actor.type}`]} · ${wrappable(e.actor.label)}`, html`data-actor-type="${e.actor.type}" data-actor-id="${e.actor.id}"`)}
            ${cell("target", auditTarget(lang, e.target))} ${cell("ip", e.ip ?? "—")} ${cell("detail", auditDetail(lang, e.detail))}
          </tr>`,
      )
    : [];
  const chosenKind = value("kind");
  return renderPage(c, {
    title: words.title,
    active: "audit",
    body: html`<h1>${words.title}</h1>
      <form id="audit-filter" class="inline" method="get">
        <div>
          <label for="audit-kind">${words.kind}</label>
          <select id="audit-kind" name="kind">
            <option value="">${words.all}</option>
            ${AUDIT_KINDS.map((k) => html`<option value="${k}" ${k === chosenKind ? "selected" : ""}>${kinds[k]}</option>`)}
          </select>
        </div>
        <div>
          <label for="audit-actor">${words.actor}</label
          ><input id="audit-actor" name="actor" type="text" data-max-length="${ACTOR_MAX_LENGTH}" value="${value("actor")}" />
        </div>
        <div><label for="audit-from">${words.from}</label><input id="audit-from" name="from" type="date" value="${value("from")}" /></div>
        <div><label for="audit-to">${words.to}</label><input id="audit-to" name="to" type="date" value="${value("to")}" /></div>
        <button type="submit" class="secondary">${words.filter}</button>
        <a id="audit-export" class="button secondary" href="${CONSOLE_API_BASE}/audit.csv${forwardedQuery(c, FILTERS)}" download>${words.export}</a>
      </form>
      ${events.ok ? "" : html`<p id="audit-error" class="error" role="alert">${refusal(lang, events.code)}</p>`}
      ${stackedTable(
        lang,
        { table: "audit", empty: "no-events" },
        COLUMNS.map((f) => words[`col.${f}`]),
        rows,
      )}
      ${events.ok ? pager(c, events.data) : ""}`,
  });
}

export function registerAuditPage(pages: PageGroup): void {
  pages.rolePage("/audit", ["owner"], auditPage);
}
