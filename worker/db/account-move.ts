/**
 * @module Copying an account's shard rows to another shard (docs/capacity.md section 3, "Moving an
 * account"): a table at a time, in id order, in chunks sized to D1's 100 bound parameters a statement,
 * insert-or-ignore so that a redelivered chunk adds nothing; then the counts compared per table, and
 * the source rows deleted. registrations and documents name their account; results, evidence and
 * reviews are the account's by their check (the check ids come from the shared D1).
 */
import { and, asc, count, eq, getTableColumns, gt, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { runBatch, STATEMENTS_PER_BATCH, type Write } from "./batch";
import { inJsonList } from "./json-list";
import { D1_MAX_PARAMETERS } from "./limits";
import { checks } from "./schema";
import { auditEvents, checkResults, documents, evidence, manualReviews, registrations } from "./schema/shard";

interface MovedTable {
  name: string;
  table: SQLiteTable;
  id: SQLiteColumn;
  /** The account's rows: by account id, or by the account's check ids. */
  owned: (accountId: string, checkIds: readonly string[]) => SQL | undefined;
  /**
   * Copied but never deleted from the source: the audit trail is append-only (its triggers refuse a
   * DELETE). The source keeps a frozen copy; the target may hold more (events of an earlier stay there).
   */
  keepsSource?: true;
}

const byAccount = (column: SQLiteColumn) => (accountId: string) => eq(column, accountId);
const byCheck = (column: SQLiteColumn) => (_accountId: string, checkIds: readonly string[]) => inJsonList(column, checkIds);

/** In the order they are copied (and deleted): a reader of the source sees whole data until the flip. */
export const MOVED_TABLES: readonly MovedTable[] = [
  { name: "registrations", table: registrations, id: registrations.id, owned: byAccount(registrations.accountId) },
  { name: "documents", table: documents, id: documents.id, owned: byAccount(documents.accountId) },
  { name: "check_results", table: checkResults, id: checkResults.id, owned: byCheck(checkResults.checkId) },
  { name: "evidence", table: evidence, id: evidence.id, owned: byCheck(evidence.checkId) },
  { name: "manual_reviews", table: manualReviews, id: manualReviews.id, owned: byCheck(manualReviews.checkId) },
  { name: "audit_events", table: auditEvents, id: auditEvents.id, owned: byAccount(auditEvents.accountId), keepsSource: true },
];

/** Whether the target holds every copied row: as many as the source, or more for a table whose source is kept. */
export function copiedWhole(before: readonly number[], after: readonly number[]): boolean {
  return MOVED_TABLES.every((moved, i) => (moved.keepsSource ? (after[i] ?? 0) >= (before[i] ?? 0) : after[i] === before[i]));
}

/** The account's check ids (results, evidence and reviews are found by them). */
export async function checkIdsOf(db: D1Database, accountId: string): Promise<string[]> {
  const rows = await drizzle(db).select({ id: checks.id }).from(checks).where(eq(checks.accountId, accountId)).all();
  return rows.map((r) => r.id);
}

/**
 * Copies the next chunk of the table's account rows after `after` (by id) from source to target: as
 * many rows as one batch of STATEMENTS_PER_BATCH statements holds. Returns the last id copied, or
 * null when the table has nothing after `after`.
 */
export async function copyChunk(
  source: D1Database,
  target: D1Database,
  moved: MovedTable,
  owner: { accountId: string; checkIds: readonly string[] },
  after: string,
): Promise<string | null> {
  const rowsPerStatement = Math.max(1, Math.floor(D1_MAX_PARAMETERS / Object.keys(getTableColumns(moved.table)).length));
  const rows = (await drizzle(source)
    .select()
    .from(moved.table)
    .where(and(moved.owned(owner.accountId, owner.checkIds), gt(moved.id, after)))
    .orderBy(asc(moved.id))
    .limit(rowsPerStatement * STATEMENTS_PER_BATCH)
    .all()) as Array<Record<string, unknown> & { id: string }>;
  if (rows.length === 0) return null;
  const d = drizzle(target);
  const writes: Write[] = [];
  for (let i = 0; i < rows.length; i += rowsPerStatement)
    writes.push(
      d
        .insert(moved.table)
        .values(rows.slice(i, i + rowsPerStatement) as never)
        .onConflictDoNothing(),
    );
  await runBatch(target, writes);
  return rows.at(-1)!.id;
}

/** How many of the account's rows each database holds, per table. */
export async function countOwned(db: D1Database, owner: { accountId: string; checkIds: readonly string[] }): Promise<number[]> {
  const d = drizzle(db);
  return Promise.all(
    MOVED_TABLES.map(async (moved) => {
      const row = await d.select({ n: count() }).from(moved.table).where(moved.owned(owner.accountId, owner.checkIds)).get();
      return row?.n ?? 0;
    }),
  );
}

/** Deletes the account's rows of every table from the source, after the flip. */
export async function deleteOwned(db: D1Database, owner: { accountId: string; checkIds: readonly string[] }): Promise<void> {
  const d = drizzle(db);
  await runBatch(
    db,
    MOVED_TABLES.filter((moved) => !moved.keepsSource).map((moved) => d.delete(moved.table).where(moved.owned(owner.accountId, owner.checkIds))),
  );
}
