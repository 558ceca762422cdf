/**
 * @module GET /console/checks/{id}: one check (GET /checks/{id}) and its results (GET
 * /checks/{id}/results), filtered and ordered as the open API does (resultStatus, matchStatus,
 * strength, criterionId, sort, page: the page's own URL parameters handed on, so the API's
 * validation and order are the ones that count). A result awaiting review links to the review
 * screen, /console/checks/{id}/review?registration={registrationId}. Another account's check, or an
 * unknown one, is the 404 page.
 *
 * A decided result links to the review screen too, to change its conclusion (the earlier one stays
 * in the audit trail); the reviewer and the time of the conclusion shown come from GET
 * /checks/{id}/reviews. While the check runs the page follows it (follow.js); the export links
 * (a#export-csv, a#export-pdf) give the check for the credit file in the reader's language.
 *
 * Stable hooks: h1#check-applicant, dl#check with dd[data-field=status|criteria|source|candidateCount|pendingReviewCount|
 * confirmedRiskCount|excludedCount|coverageComplete|createdBy|createdAt], #check-following, form#results-filter (select#filter-resultStatus,
 * #filter-matchStatus, #filter-strength, #filter-criterionId, #filter-sort, each named for its parameter),
 * table#results with rows tr[data-registration-id][data-result-status] (cells
 * td[data-field=certificateNumber|matchStatus|resultStatus|strength|standing|criteria|reviewNote|reviewedBy], the standing in words
 * in span.standing[data-state][data-live]) and
 * a.review-link in a pending row, a.review-again-link in a decided one, a#review-next (the review screen from its first candidate) while any
 * result awaits review, #no-results, nav.pager.
 */
import type { z } from "zod";
import { defineMessages, fill, formatNumber, formatTime, type Lang } from "../view/i18n";
import { failedReadPage, html, renderPage, type Html } from "../view/layout";
import { forwardedQuery, pager, stackedTable } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { CONSOLE_API_BASE, readConsoleApi, type PageContext } from "../view/page-session";
import { vocabulary } from "../view/vocabulary";
import { creatorsOf } from "../view/task-forms";
import { followingNotice } from "../view/task-progress";
import type { CheckSchema } from "../../schemas/check";
import type { ReviewHistorySchema } from "../../schemas/console-checks";
import type { ResultPageSchema } from "../../schemas/check-result";
import { MATCH_STATUSES, RESULT_SORTS, RESULT_STATUSES, STRENGTHS } from "../../schemas/check-vocabulary";
import { standingBadge } from "../view/standing";

type Check = z.output<typeof CheckSchema>;

const messages = defineMessages(
  {
    title: "核查",
    back: "返回核查列表",
    status: "状态",
    criteria: "核查条件",
    source: "查询结果",
    createdBy: "发起人",
    following: "核查进行中：本页会自动更新，直到自动处理完成。",
    export: "导出",
    exportCsv: "导出 CSV（供系统读取）",
    exportXlsx: "导出 Excel 工作簿",
    exportPdf: "导出 PDF（授信档案）",
    reviewAgain: "更改结论",
    reviewedBy: "{reviewer}，{at}",
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
    "sort.standing": "有效冲突优先",
    all: "全部",
    filter: "筛选",
    "col.certificateNumber": "登记证明编号",
    "col.matchStatus": "自动判定",
    "col.resultStatus": "复核状态",
    "col.strength": "强度",
    "col.standing": "登记现状",
    "col.criteria": "命中条件",
    "col.reviewNote": "复核备注",
    "col.reviewedBy": "复核人与时间",
    "col.actions": "操作",
    review: "复核",
    reviewNext: "开始复核待复核候选",
  },
  {
    title: "Check",
    back: "Back to the checks",
    status: "Status",
    criteria: "Looked for",
    source: "Query result",
    createdBy: "Started by",
    following: "The check is running: this page updates itself until its automatic processing is done.",
    export: "Export",
    exportCsv: "Export CSV (for machines)",
    exportXlsx: "Export Excel workbook",
    exportPdf: "Export PDF (credit file)",
    reviewAgain: "Change the conclusion",
    reviewedBy: "{reviewer}, {at}",
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
    "sort.standing": "Live conflicts first",
    all: "All",
    filter: "Filter",
    "col.certificateNumber": "Certificate number",
    "col.matchStatus": "Automatic outcome",
    "col.resultStatus": "Review state",
    "col.strength": "Strength",
    "col.standing": "Standing",
    "col.criteria": "Criteria matched",
    "col.reviewNote": "Review note",
    "col.reviewedBy": "Reviewed by",
    "col.actions": "Actions",
    review: "Review",
    reviewNext: "Review the candidates awaiting review",
  },
);

const COLUMNS = ["certificateNumber", "matchStatus", "resultStatus", "strength", "standing", "criteria", "reviewNote", "reviewedBy"] as const;
/** What changes while a check runs: the page is rendered again when one of these does. */
const CHECK_PROGRESS_FIELDS = ["status", "executionStatus", "candidateCount"] as const;
type ReviewHistory = z.output<typeof ReviewHistorySchema>;
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
  const terms = vocabulary(c.var.lang);
  const named = <T extends string>(values: readonly T[], table: Readonly<Record<T, string>>) => values.map((v): [string, string] => [v, table[v]]);
  return html`<form id="results-filter" class="inline" method="get">
    ${select(c, "resultStatus", words["filter.resultStatus"], named(RESULT_STATUSES, terms.result), words.all)}
    ${select(c, "matchStatus", words["filter.matchStatus"], named(MATCH_STATUSES, terms.match), words.all)}
    ${select(c, "strength", words["filter.strength"], named(STRENGTHS, terms.strength), words.all)}
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

function checkFacts(lang: Lang, check: Check, createdBy: string | undefined): Html {
  const words = messages(lang);
  const counts = ["candidateCount", "pendingReviewCount", "confirmedRiskCount", "excludedCount"] as const;
  return html`<dl id="check" class="facts">
    <dt>${words.status}</dt>
    <dd data-field="status" data-value="${check.status}">${vocabulary(lang).check[check.status]}</dd>
    <dt>${words.criteria}</dt>
    <dd data-field="criteria" class="criteria">${check.criteria.map((k) => html`<code>${k.value}</code> `)}</dd>
    <dt>${words.source}</dt>
    <dd data-field="source"><a href="/console/queries/${encodeURIComponent(check.sourceRegistryQueryId)}">${check.sourceRegistryQueryId}</a></dd>
    ${counts.map(
      (f) =>
        html`<dt>${words[f]}</dt>
          <dd data-field="${f}">${formatNumber(lang, check[f])}</dd>`,
    )}
    <dt>${words.coverageComplete}</dt>
    <dd data-field="coverageComplete">${check.coverageComplete ? words.yes : words.no}</dd>
    <dt>${words.createdBy}</dt>
    <dd data-field="createdBy">${createdBy ?? "—"}</dd>
    <dt>${words.createdAt}</dt>
    <dd data-field="createdAt">${formatTime(lang, check.createdAt)}</dd>
  </dl>`;
}

/** The conclusion shown for each result: the last one written, with its reviewer and time. */
function lastReviews(history: ReviewHistory | null): Map<string, ReviewHistory["items"][number]> {
  return new Map((history?.items ?? []).map((item) => [item.registrationId, item]));
}

function following(check: Check, words: ReturnType<typeof messages>): Html | string {
  if (check.processingCompletedAt) return "";
  const path = `/checks/${encodeURIComponent(check.id)}`;
  return followingNotice("check-following", { path, task: check, fields: CHECK_PROGRESS_FIELDS, message: words.following });
}

function reviewedBy(lang: Lang, resultStatus: string, review: ReviewHistory["items"][number] | undefined): string {
  if (!review || (resultStatus !== "confirmed" && resultStatus !== "excluded")) return "—";
  return fill(messages(lang).reviewedBy, { reviewer: review.reviewer.label, at: formatTime(lang, review.reviewedAt) });
}

async function checkPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const terms = vocabulary(lang);
  const rawId = c.req.param("id") ?? "";
  const id = encodeURIComponent(rawId);
  const [check, results, history] = await Promise.all([
    readConsoleApi<Check>(c, `/checks/${id}`),
    readConsoleApi<z.output<typeof ResultPageSchema>>(c, `/checks/${id}/results${forwardedQuery(c, ["page", "pageSize", ...FILTERS])}`),
    readConsoleApi<ReviewHistory>(c, `/checks/${id}/reviews`),
  ]);
  if (!check.ok) return failedReadPage(c, check);
  const creators = await creatorsOf(c, [check.data.id]);
  const reviews = lastReviews(history.ok ? history.data : null);
  const criteria = new Map(check.data.criteria.map((k) => [k.id, k.value]));
  const cell = (field: (typeof COLUMNS)[number], content: unknown) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  const rows = results.ok
    ? results.data.items.map(
        (r) =>
          html`<tr data-registration-id="${r.registration.id}" data-result-status="${r.resultStatus}">
            ${cell("certificateNumber", html`<code>${r.registration.certificateNumber}</code>`)} ${cell("matchStatus", terms.match[r.matchStatus])}
            ${cell("resultStatus", terms.result[r.resultStatus])} ${cell("strength", r.strength ? terms.strength[r.strength] : "—")}
            ${cell("standing", standingBadge(lang, r.standing))}
            ${cell("criteria", r.matchedCriterionIds.map((k) => criteria.get(k) ?? k).join("、") || "—")}
            ${cell("reviewNote", html`<span class="long-text">${r.reviewNote ?? "—"}</span>`)}
            ${cell("reviewedBy", reviewedBy(lang, r.resultStatus, reviews.get(r.registration.id)))}
            <td data-label="${words["col.actions"]}">
              ${r.resultStatus === "pending" ? html`<a class="review-link button" href="${reviewPath(rawId, r.registration.id)}">${words.review}</a>` : ""}
              ${
                r.resultStatus === "confirmed" || r.resultStatus === "excluded"
                  ? html`<a class="review-again-link" href="${reviewPath(rawId, r.registration.id)}">${words.reviewAgain}</a>`
                  : ""
              }
            </td>
          </tr>`,
      )
    : [];
  return renderPage(c, {
    title: `${words.title} · ${check.data.applicant}`,
    active: "checks",
    scripts: check.data.processingCompletedAt ? ["export-links.js"] : ["export-links.js", "follow.js"],
    body: html`<p><a href="/console/checks">← ${words.back}</a></p>
      <h1 id="check-applicant">${check.data.applicant}</h1>
      ${following(check.data, words)} ${checkFacts(lang, check.data, creators.get(check.data.id))}
      <p id="check-export" class="actions">
        ${words.export}:
        <a id="export-pdf" data-export href="${CONSOLE_API_BASE}/checks/${id}/export?format=pdf&amp;lang=${lang}" download>${words.exportPdf}</a>
        <a id="export-xlsx" data-export href="${CONSOLE_API_BASE}/checks/${id}/export?format=xlsx&amp;lang=${lang}" download>${words.exportXlsx}</a>
        <a id="export-csv" data-export href="${CONSOLE_API_BASE}/checks/${id}/export?format=csv&amp;lang=${lang}" download>${words.exportCsv}</a>
      </p>
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
