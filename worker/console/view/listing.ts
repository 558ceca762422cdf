/**
 * @module What the list pages share: the page number and size read from the page's URL (handed on to
 * the JSON as they are, so its validation is the one that counts), and the pager (previous / next
 * links that keep every other parameter of the URL, e.g. the filters).
 *
 * Stable hooks: nav.pager with a[rel=prev] / a[rel=next] and span.page-position.
 */
import { defineMessages, fill, type Lang } from "./i18n";
import { html, type Html } from "./layout";
import type { PageContext } from "./page-session";

const messages = defineMessages(
  { previous: "上一页", next: "下一页", position: "第 {page} / {pages} 页，共 {total} 条", pager: "分页", empty: "暂无记录。" },
  { previous: "Previous", next: "Next", position: "Page {page} of {pages}, {total} in all", pager: "Pages", empty: "Nothing here yet." },
);

export function emptyText(lang: Lang): string {
  return messages(lang).empty;
}

/** The page's own query string, only the named parameters that are present, for the JSON read. */
export function forwardedQuery(c: PageContext, names: readonly string[]): string {
  const params = new URLSearchParams();
  for (const name of names) for (const value of c.req.queries(name) ?? []) if (value !== "") params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface PageOf {
  total: number;
  page: number;
  pageSize: number;
}

export function pager(c: PageContext, list: PageOf): Html {
  const words = messages(c.var.lang);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const link = (page: number) => {
    const url = new URL(c.req.url);
    url.searchParams.set("page", String(page));
    return `${url.pathname}${url.search}`;
  };
  return html`<nav class="pager" aria-label="${words.pager}">
    ${list.page > 1 ? html`<a rel="prev" href="${link(list.page - 1)}">${words.previous}</a>` : ""}
    <span class="page-position">${fill(words.position, { page: list.page, pages, total: list.total })}</span>
    ${list.page < pages ? html`<a rel="next" href="${link(list.page + 1)}">${words.next}</a>` : ""}
  </nav>`;
}

/**
 * A list page's rows as a table that stacks into labelled rows on a phone (console.css `.stacked`), or
 * one muted line when there are none. Stable hooks: table#{table} and p#{empty}.
 */
export function stackedTable(lang: Lang, ids: { table: string; empty: string }, headings: readonly string[], rows: readonly Html[]): Html {
  return rows.length
    ? html`<table id="${ids.table}" class="stacked">
        <thead>
          <tr>
            ${headings.map((h) => html`<th scope="col">${h}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>`
    : html`<p id="${ids.empty}" class="muted">${emptyText(lang)}</p>`;
}

/** The words of a list's search-and-status filter, in the page's language. */
export interface FilterWords {
  search: string;
  status: string;
  all: string;
  filter: string;
}

/**
 * The search box and status select above a task list (queries, checks): a GET form, so the filter is in
 * the URL and the pager keeps it. `data-max-length` is the API's own limit; a longer search is refused
 * with a message (browser/input-length.js), never cut.
 * Stable hooks: form#{list}-filter, input#{list}-search, select#{list}-status.
 */
export function searchAndStatusFilter<S extends string>(
  c: PageContext,
  list: "queries" | "checks",
  words: FilterWords,
  statuses: { values: readonly S[]; chosen: string | undefined; words: Record<S, string> },
): Html {
  return html`<form id="${list}-filter" class="inline" method="get">
    <div>
      <label for="${list}-search">${words.search}</label
      ><input id="${list}-search" name="search" type="search" data-max-length="200" value="${c.req.query("search") ?? ""}" />
    </div>
    <div>
      <label for="${list}-status">${words.status}</label>
      <select id="${list}-status" name="status">
        <option value="">${words.all}</option>
        ${statuses.values.map((s) => html`<option value="${s}" ${s === statuses.chosen ? "selected" : ""}>${statuses.words[s]}</option>`)}
      </select>
    </div>
    <button type="submit" class="secondary">${words.filter}</button>
  </form>`;
}
