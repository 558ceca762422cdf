/**
 * @module A statement as SQL text and parameters: the form task rows take to cross the RPC boundary
 * into the AccountGate (a drizzle query or a prepared D1 statement cannot be sent), prepared again
 * there against the same D1.
 */

export interface BoundStatement {
  sql: string;
  params: (string | number | null)[];
}

/** Task rows and their allowance reservations in one batch: one transaction, so they land together or not at all. */
export async function writeTaskRows(db: D1Database, rows: readonly BoundStatement[], reservations: readonly D1PreparedStatement[]): Promise<void> {
  await db.batch([...rows.map((s) => db.prepare(s.sql).bind(...s.params)), ...reservations]);
}

/** A drizzle query as SQL text and parameters, to send over RPC (drizzle writes the SQL; nothing is hand-written). */
export function toBoundStatement(query: { toSQL(): { sql: string; params: unknown[] } }): BoundStatement {
  const { sql, params } = query.toSQL();
  return {
    sql,
    params: params.map((p) => {
      if (p === null || typeof p === "string" || typeof p === "number") return p;
      throw new TypeError(`a task row parameter D1 cannot take over RPC: ${typeof p}`);
    }),
  };
}
