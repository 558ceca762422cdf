/**
 * @module GET /console/checks/{id}: one check (GET /checks/{id}) and its results (GET
 * /checks/{id}/results), filtered and ordered as the open API does (resultStatus, matchStatus,
 * strength, criterionId, sort, page: the page's own URL parameters handed on, so the API's
 * validation and order are the ones that count). A result awaiting review links to the review
 * screen, /console/checks/{id}/review?registration={registrationId}. Another account's check, or an
 * unknown one, is the 404 page.
 *
 * Stable hooks: h1#check-applicant, dl#check with dd[data-field=status|candidateCount|pendingReviewCount|
 * confirmedRiskCount|excludedCount|coverageComplete|createdAt], form#results-filter (select#filter-resultStatus,
 * #filter-matchStatus, #filter-strength, #filter-criterionId, #filter-sort, each named for its parameter),
 * table#results with rows tr[data-registration-id][data-result-status] (cells
 * td[data-field=certificateNumber|matchStatus|resultStatus|strength|criteria|reviewNote]) and
 * a.review-link in a pending row, a#review-next (the review screen from its first candidate) while any
 * result awaits review, #no-results, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, formatNumber, formatTime, type Lang } from "../view/i18n";
import { failedReadPage, html, renderPage, type Html } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { readConsoleApi, type PageContext } from "../view/page-session";
import { statusWords } from "../view/status-words";
import type { CheckSchema } from "../../schemas/check";
import type { ResultPageSchema } from "../../schemas/check-result";
import { MATCH_STATUSES, RESULT_SORTS, RESULT_STATUSES, STRENGTHS } from "../../schemas/check-vocabulary";

type Check = z.output<typeof CheckSchema>;

const messages = defineMessages(
  {
    title: "核查",
    back: "返回核查列表",
    status: "状态",
    candidateCount: "候选",
    pendingReviewCount: "待复核",
    confirmedRiskCount: "已确认风险",
    excludedCount: "已排除",
    coverageComplete: "覆盖完整",
    yes: "是",
    no: "否（未命中不代表无风险）",
    createdAt: "创建时间",
    results: "结果",
    "filter.resultStatus": "复核状态",
    "filter.matchStatus": "自动判定",
    "filter.strength": "强度",
    "filter.criterionId": "条件",
    "filter.sort": "排序",
    "sort.registration": "按登记顺序",
    "sort.strength": "发票号命中优先",
    "sort.hits": "命中条件多者优先",
    all: "全部",
    filter: "筛选",
    "col.certificateNumber": "登记证明编号",
    "col.matchStatus": "自动判定",
    "col.resultStatus": "复核状态",
    "col.strength": "强度",
    "col.criteria": "命中条件",
    "col.reviewNote": "复核备注",
    "col.actions": "操作",
    review: "复核",
    reviewNext: "开始复核待复核候选",
  },
  {
    title: "Check",
    back: "Back to the checks",
    status: "Status",
    candidateCount: "Candidates",
    pendingReviewCount: "Awaiting review",
    confirmedRiskCount: "Confirmed risks",
    excludedCount: "Excluded",
    coverageComplete: "Coverage complete",
    yes: "Yes",
    no: "No (a miss does not rule out risk)",
    createdAt: "Created",
    results: "Results",
    "filter.resultStatus": "Review state",
    "filter.matchStatus": "Automatic outcome",
    "filter.strength": "Strength",
    "filter.criterionId": "Criterion",
    "filter.sort": "Order",
    "sort.registration": "Certificate order",
    "sort.strength": "Invoice matches first",
    "sort.hits": "Most criteria matched first",
    all: "All",
    filter: "Filter",
    "col.certificateNumber": "Certificate number",
    "col.matchStatus": "Automatic outcome",
    "col.resultStatus": "Review state",
    "col.strength": "Strength",
    "col.criteria": "Criteria matched",
    "col.reviewNote": "Review note",
    "col.actions": "Actions",
    review: "Review",
    reviewNext: "Review the candidates awaiting review",
  },
);

const COLUMNS = ["certificateNumber", "matchStatus", "resultStatus", "strength", "criteria", "reviewNote"] as const;
const FILTERS = ["resultStatus", "matchStatus", "strength", "criterionId", "sort"] as const;

/** The review screen's path (the review page module's), for a result awaiting review. */
function reviewPath(checkId: string, registrationId: string): string {
  return `/console/checks/${encodeURIComponent(checkId)}/review?registration=${encodeURIComponent(registrationId)}`;
}

function select(c: PageContext, name: (typeof FILTERS)[number], label: string, options: ReadonlyArray<[string, string]>, allLabel?: string): Html {
  const chosen = c.req.query(name) ?? "";
  return html`<div>
    <label for="filter-${name}">${label}</label>
    <select id="filter-${name}" name="${name}">
      ${allLabel ? html`<option value="">${allLabel}</option>` : ""}
      ${options.map(([value, text]) => html`<option value="${value}" ${value === chosen ? "selected" : ""}>${text}</option>`)}
    </select>
  </div>`;
}

function filterForm(c: PageContext, check: Check): Html {
  const words = messages(c.var.lang);
  const status = statusWords(c.var.lang);
  const named = (values: readonly (keyof typeof status)[]) => values.map((v): [string, string] => [v, status[v]]);
  return html`<form id="results-filter" class="inline" method="get">
    ${select(c, "resultStatus", words["filter.resultStatus"], named(RESULT_STATUSES), words.all)}
    ${select(c, "matchStatus", words["filter.matchStatus"], named(MATCH_STATUSES), words.all)}
    ${select(c, "strength", words["filter.strength"], named(STRENGTHS), words.all)}
    ${select(
      c,
      "criterionId",
      words["filter.criterionId"],
      check.criteria.map((k): [string, string] => [k.id, k.value]),
      words.all,
    )}
    ${select(
      c,
      "sort",
      words["filter.sort"],
      RESULT_SORTS.map((s): [string, string] => [s, words[`sort.${s}`]]),
    )}
    <button type="submit" class="secondary">${words.filter}</button>
  </form>`;
}

function checkFacts(lang: Lang, check: Check): Html {
  const words = messages(lang);
  const counts = ["candidateCount", "pendingReviewCount", "confirmedRiskCount", "excludedCount"] as const;
  return html`<dl id="check" class="facts">
    <dt>${words.status}</dt>
    <dd data-field="status" data-value="${check.status}">${statusWords(lang)[check.status]}</dd>
    ${counts.map(
      (f) =>
        html`<dt>${words[f]}</dt>
          <dd data-field="${f}">${formatNumber(lang, check[f])}</dd>`,
    )}
    <dt>${words.coverageComplete}</dt>
    <dd data-field="coverageComplete">${check.coverageComplete ? words.yes : words.no}</dd>
    <dt>${words.createdAt}</dt>
    <dd data-field="createdAt">${formatTime(lang, check.createdAt)}</dd>
  </dl>`;
}

async function checkPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const status = statusWords(lang);
  const rawId = c.req.param("id") ?? "";
  const id = encodeURIComponent(rawId);
  const [check, results] = await Promise.all([
    readConsoleApi<Check>(c, `/checks/${id}`),
    readConsoleApi<z.output<typeof ResultPageSchema>>(c, `/checks/${id}/results${forwardedQuery(c, ["page", "pageSize", ...FILTERS])}`),
  ]);
  if (!check.ok) return failedReadPage(c, check);
  const criteria = new Map(check.data.criteria.map((k) => [k.id, k.value]));
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = results.ok
    ? results.data.items.map(
        (r) =>
          html`<tr data-registration-id="${r.registration.id}" data-result-status="${r.resultStatus}">
            ${cell("certificateNumber", html`<code>${r.registration.certificateNumber}</code>`)} ${cell("matchStatus", status[r.matchStatus])}
            ${cell("resultStatus", status[r.resultStatus])} ${cell("strength", r.strength ? status[r.strength] : "—")}
            ${cell("criteria", r.matchedCriterionIds.map((k) => criteria.get(k) ?? k).join("、") || "—")} ${cell("reviewNote", r.reviewNote ?? "—")}
            <td data-label="${words["col.actions"]}">
              ${r.resultStatus === "pending" ? html`<a class="review-link button" href="${reviewPath(rawId, r.registration.id)}">${words.review}</a>` : ""}
            </td>
          </tr>`,
      )
    : [];
  return renderPage(c, {
    title: `${words.title} · ${check.data.applicant}`,
    active: "checks",
    body: html`<p><a href="/console/checks">← ${words.back}</a></p>
      <h1 id="check-applicant">${check.data.applicant}</h1>
      ${checkFacts(lang, check.data)}
      ${
        check.data.pendingReviewCount > 0
          ? html`<p><a id="review-next" class="button" href="/console/checks/${encodeURIComponent(rawId)}/review">${words.reviewNext}</a></p>`
          : ""
      }
      <h2>${words.results}</h2>
      ${filterForm(c, check.data)} ${results.ok ? "" : html`<p id="results-error" class="error" role="alert">${results.code}</p>`}
      ${stackedTable(lang, { table: "results", empty: "no-results" }, [...COLUMNS.map((f) => words[`col.${f}`]), words["col.actions"]], rows)}
      ${results.ok ? pager(c, results.data) : ""}`,
  });
}

export function registerCheckPage(pages: PageGroup): void {
  pages.signedInPage("/checks/:id", checkPage);
}
