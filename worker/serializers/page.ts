/** @module Any page of a list (open-api-v1.md, Pages): items, then the filter's total and where the page is. */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function toPage<T>(items: T[], at: { total: number; page: number; pageSize: number }): Page<T> {
  return { items, total: at.total, page: at.page, pageSize: at.pageSize };
}

/** An unpaged list (management-api.md: plans, keys). */
export function toItems<T>(items: T[]): { items: T[] } {
  return { items };
}
