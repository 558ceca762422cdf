/**
 * @module GET /console/checks/new[?query={id}][&from={checkId}] (owner, analyst): the form that starts a
 * check on a finished query of the account (succeeded, partial or no registrations: the ones POST /checks
 * accepts as sourceRegistryQueryId), the applicant being that query's subject; invoice numbers and
 * keywords pasted as lists (task-create.js sends POST /checks and opens the check). `from` fills the
 * lists with an earlier check's criteria: a new check on the same query, the way an undecided result
 * heals (view/undecided.ts).
 *
 * Stable hooks: form#check-create-form (select#check-source[name=source] with options carrying
 * data-subject, #check-applicant-name, textarea#check-invoices[name=invoices],
 * textarea#check-keywords[name=keywords], #check-create-count, #check-create-error,
 * button#check-create-submit), #no-finished-queries.
 */
import type { z } from "zod";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import type { Query, QueryPageSchema } from "../../schemas/query";
import { defineMessages, formatTime } from "../view/i18n";
import { html, renderPage } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { hasRole, readConsoleApi, type PageContext } from "../view/page-session";
import { idempotencyKeyField, taskFormText } from "../view/task-forms";
import type { Check } from "../../schemas/check";
import { vocabulary } from "../view/vocabulary";

const messages = defineMessages(
  {
    title: "发起核查",
    back: "返回核查列表",
    source: "查询结果（已完成的查询）",
    applicant: "申请人",
    invoices: "发票号（每行一个，6 到 20 位数字）",
    keywords: "关键词（每行一个）",
    hint: "发票号与关键词合计 1 到 100 条；占用一次核查额度，不再占用查询额度。",
    submit: "开始核查",
    noQueries: "还没有已完成的查询：请先发起查询。",
    startQuery: "发起查询",
    forbidden: "您的角色不能发起核查。",
  },
  {
    title: "Start a check",
    back: "Back to the checks",
    source: "Query result (a finished query)",
    applicant: "Applicant",
    invoices: "Invoice numbers (one a line, 6 to 20 digits)",
    keywords: "Keywords (one a line)",
    hint: "1 to 100 invoice numbers and keywords in all; uses one check from the allowance and no query.",
    submit: "Start the check",
    noQueries: "No finished query yet: start a query first.",
    startQuery: "Start a query",
    forbidden: "Your role cannot start checks.",
  },
);

/** The statuses POST /checks takes as a source (routes/checks/create.ts, USABLE_SOURCE_STATUSES). */
const USABLE = ["succeeded", "partial", "no_result"] as const;
/** The newest finished queries offered per status: the open API's largest page. */
const OFFERED = 100;

async function finishedQueries(c: PageContext): Promise<Query[]> {
  const reads = await Promise.all(
    USABLE.map((status) => readConsoleApi<z.output<typeof QueryPageSchema>>(c, `/queries?status=${status}&pageSize=${OFFERED}`)),
  );
  return reads.flatMap((r) => (r.ok ? r.data.items : [])).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The criteria of the check named by `from`, one a line by kind; empty when none is named or it cannot be read. */
async function earlierCriteria(c: PageContext): Promise<{ invoices: string; keywords: string }> {
  const from = c.req.query("from");
  if (!from) return { invoices: "", keywords: "" };
  const read = await readConsoleApi<Check>(c, `/checks/${encodeURIComponent(from)}`);
  const criteria = read.ok ? read.data.criteria : [];
  const lines = (kind: string) =>
    criteria
      .filter((k) => k.kind === kind)
      .map((k) => k.value)
      .join("\n");
  return { invoices: lines("invoice_no"), keywords: lines("keyword") };
}

async function newCheckPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const terms = vocabulary(lang);
  if (!hasRole(c, KEY_AND_REVIEW_ROLES))
    return renderPage(c, {
      title: words.title,
      active: "checks",
      status: 403,
      body: html`<h1>${words.title}</h1>
        <p class="notice">${words.forbidden}</p>`,
    });
  const [queries, earlier] = await Promise.all([finishedQueries(c), earlierCriteria(c)]);
  const chosen = c.req.query("query") ?? "";
  const option = (q: Query) =>
    html`<option value="${q.id}" data-subject="${q.subjectName}" ${q.id === chosen ? "selected" : ""}>
      ${q.subjectName} · ${terms.query[q.status]} · ${formatTime(lang, q.completedAt ?? q.createdAt)}
    </option>`;
  const form = html`<form id="check-create-form" novalidate ${idempotencyKeyField()}>
    <label for="check-source">${words.source}</label>
    <select id="check-source" name="source" required>
      ${queries.map(option)}
    </select>
    <p>${words.applicant}: <strong id="check-applicant-name"></strong></p>
    <label for="check-invoices">${words.invoices}</label>
    <textarea id="check-invoices" name="invoices" rows="4" inputmode="numeric">${earlier.invoices}</textarea>
    <label for="check-keywords">${words.keywords}</label>
    <textarea id="check-keywords" name="keywords" rows="3">${earlier.keywords}</textarea>
    <p class="hint"><span id="check-create-count" data-counter></span> · ${words.hint}</p>
    <p id="check-create-error" class="error" role="alert" hidden></p>
    <button type="submit" id="check-create-submit">${words.submit}</button>
  </form>`;
  return renderPage(c, {
    title: words.title,
    active: "checks",
    scripts: queries.length ? ["task-create.js"] : [],
    scriptText: taskFormText(lang),
    body: html`<p><a href="/console/checks">← ${words.back}</a></p>
      <h1>${words.title}</h1>
      ${
        queries.length
          ? form
          : html`<p id="no-finished-queries" class="notice">${words.noQueries} <a href="/console/queries">${words.startQuery}</a></p>`
      }`,
  });
}

export function registerNewCheckPage(pages: PageGroup): void {
  pages.signedInPage("/checks/new", newCheckPage);
}
