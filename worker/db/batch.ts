/**
 * @module One D1 batch (one transaction) for a unit of work, whoever built its statements: drizzle
 * queries, and the bound D1 statements some modules still hand over (allowance ledger entries). D1
 * runs a batch as one transaction, which is why a step's writes are gathered here instead of run one
 * by one; drizzle's own batch takes only drizzle queries, so both kinds go through D1's batch.
 */
import type { BatchItem } from "drizzle-orm/batch";

export type Write = D1PreparedStatement | BatchItem<"sqlite">;

/** Statements per D1 batch when a unit of work is large (thousands of registrations): well inside D1's limits. */
export const STATEMENTS_PER_BATCH = 50;

function isBuilt(write: Write): write is D1PreparedStatement {
  return "bind" in write && typeof write.bind === "function";
}

/** The bound D1 statement of a write. */
export function bound(db: D1Database, write: Write): D1PreparedStatement {
  if (isBuilt(write)) return write;
  if (!("toSQL" in write) || typeof write.toSQL !== "function") throw new TypeError("a batch item without SQL (a relational query?)");
  const query = (write.toSQL as () => { sql: string; params: unknown[] })();
  // The one prepare of drizzle-built SQL: its text and parameters, bound as D1 expects.
  return db.prepare(query.sql).bind(...query.params);
}

/** Runs the writes as one D1 batch (one transaction); its results in order (meta.changes says what changed). */
export async function runBatch(db: D1Database, writes: readonly Write[]): Promise<D1Result[]> {
  if (writes.length === 0) return [];
  return db.batch(writes.map((w) => bound(db, w)));
}

/**
 * Runs many writes in batches of STATEMENTS_PER_BATCH. Each batch is atomic, the whole is not: only
 * for writes that are idempotent on their own (insert-or-ignore of listed registrations).
 */
export async function runInBatches(db: D1Database, writes: readonly Write[]): Promise<void> {
  for (let i = 0; i < writes.length; i += STATEMENTS_PER_BATCH) await runBatch(db, writes.slice(i, i + STATEMENTS_PER_BATCH));
}
