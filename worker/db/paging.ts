/** @module One page of a filtered table and the filter's total, in one D1 round trip. */

export interface PageRequest {
  /** SQL after FROM, without ORDER BY: "queries WHERE account_id = ?1 …" (table and clause are ours, never input). */
  from: string;
  params: readonly (string | number)[];
  order: string;
  pageSize: number;
  offset: number;
}

export async function pagedRows<T>(db: D1Database, r: PageRequest): Promise<{ rows: T[]; total: number }> {
  const [count, rows] = await db.batch<unknown>([
    db.prepare(`SELECT COUNT(*) AS n FROM ${r.from}`).bind(...r.params),
    db.prepare(`SELECT * FROM ${r.from} ORDER BY ${r.order} LIMIT ${r.pageSize} OFFSET ${r.offset}`).bind(...r.params),
  ]);
  return { rows: rows!.results as T[], total: (count!.results[0] as { n: number }).n };
}
