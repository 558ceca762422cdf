/** @module Loading allowance balances and writing ledger entries (D1). */
import type { AllowanceKind, BucketBalance } from "../domain/allowance";
import { newId } from "../lib/ids";

interface BucketRow {
  id: string;
  kind: AllowanceKind;
  amount: number;
  expires_at: number;
  reserved_total: number;
  settled: number;
  released: number;
}

/** Buckets effective at `now` (started, not expired) with their ledger sums, in one query. */
export async function loadEffectiveBuckets(db: D1Database, accountId: string, now: number): Promise<BucketBalance[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id, b.kind, b.amount, b.expires_at,
         COALESCE(SUM(CASE WHEN l.entry = 'reserve' THEN l.amount END), 0) AS reserved_total,
         COALESCE(SUM(CASE WHEN l.entry = 'settle' THEN l.amount END), 0) AS settled,
         COALESCE(SUM(CASE WHEN l.entry = 'release' THEN l.amount END), 0) AS released
       FROM allowance_buckets b LEFT JOIN allowance_ledger l ON l.bucket_id = b.id
       WHERE b.account_id = ?1 AND b.starts_at <= ?2 AND b.expires_at > ?2
       GROUP BY b.id`,
    )
    .bind(accountId, now)
    .all<BucketRow>();
  return results.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amount,
    expiresAt: r.expires_at,
    reservedTotal: r.reserved_total,
    settled: r.settled,
    released: r.released,
  }));
}

export function reserveStatement(
  db: D1Database,
  entry: { accountId: string; bucketId: string; kind: AllowanceKind; taskId: string; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO allowance_ledger (id, account_id, bucket_id, kind, task_id, entry, amount, created_at) VALUES (?, ?, ?, ?, ?, 'reserve', 1, ?)",
    )
    .bind(newId("led"), entry.accountId, entry.bucketId, entry.kind, entry.taskId, entry.now);
}

/**
 * Settles or releases a task's reservation, at most once whatever happens (redelivered queue
 * messages): the outcome row copies the reserve row and the partial unique index rejects a second.
 */
export function closeReservationStatement(
  db: D1Database,
  taskId: string,
  kind: AllowanceKind,
  outcome: "settle" | "release",
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO allowance_ledger (id, account_id, bucket_id, kind, task_id, entry, amount, created_at)
       SELECT ?1, account_id, bucket_id, kind, task_id, ?2, amount, ?3 FROM allowance_ledger
       WHERE task_id = ?4 AND kind = ?5 AND entry = 'reserve'`,
    )
    .bind(newId("led"), outcome, now, taskId, kind);
}
