/** @module Loading allowance balances and writing ledger entries (D1). */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AllowanceKind, BucketBalance } from "../domain/allowance";
import { newId } from "../lib/ids";
import { bound } from "./batch";
import { allowanceBuckets, allowanceLedger } from "./schema";

/** The sum of the bucket's ledger entries of one kind (0 without any). */
const ledgerSum = (entry: "reserve" | "settle" | "release") =>
  sql<number>`COALESCE(SUM(CASE WHEN ${allowanceLedger.entry} = ${entry} THEN ${allowanceLedger.amount} END), 0)`;

/** Buckets effective at `now` (started, not expired) with their ledger sums, in one query. */
export async function loadEffectiveBuckets(db: D1Database, accountId: string, now: number): Promise<BucketBalance[]> {
  return drizzle(db)
    .select({
      id: allowanceBuckets.id,
      kind: allowanceBuckets.kind,
      amount: allowanceBuckets.amount,
      expiresAt: allowanceBuckets.expiresAt,
      reservedTotal: ledgerSum("reserve"),
      settled: ledgerSum("settle"),
      released: ledgerSum("release"),
    })
    .from(allowanceBuckets)
    .leftJoin(allowanceLedger, eq(allowanceLedger.bucketId, allowanceBuckets.id))
    .where(and(eq(allowanceBuckets.accountId, accountId), lte(allowanceBuckets.startsAt, now), gt(allowanceBuckets.expiresAt, now)))
    .groupBy(allowanceBuckets.id)
    .all();
}

/** One unit reserved for a task, as a statement for the batch that writes the task's rows. */
export function reserveStatement(
  db: D1Database,
  entry: { accountId: string; bucketId: string; kind: AllowanceKind; taskId: string; now: number },
): D1PreparedStatement {
  return bound(
    db,
    drizzle(db)
      .insert(allowanceLedger)
      .values({
        id: newId("led"),
        accountId: entry.accountId,
        bucketId: entry.bucketId,
        kind: entry.kind,
        taskId: entry.taskId,
        entry: "reserve",
        amount: 1,
        createdAt: entry.now,
      }),
  );
}

/**
 * Settles or releases a task's reservation, at most once whatever happens (redelivered queue
 * messages): the outcome row copies the reserve row and the partial unique index on outcomes turns a
 * second into nothing (ON CONFLICT DO NOTHING).
 */
export function closeReservationStatement(
  db: D1Database,
  taskId: string,
  kind: AllowanceKind,
  outcome: "settle" | "release",
  now: number,
): D1PreparedStatement {
  const d = drizzle(db);
  const copy = d
    .select({
      id: sql<string>`${newId("led")}`.as("id"),
      accountId: allowanceLedger.accountId,
      bucketId: allowanceLedger.bucketId,
      kind: allowanceLedger.kind,
      taskId: allowanceLedger.taskId,
      entry: sql<"settle" | "release">`${outcome}`.as("entry"),
      amount: allowanceLedger.amount,
      createdAt: sql<number>`${now}`.as("created_at"),
    })
    .from(allowanceLedger)
    .where(and(eq(allowanceLedger.taskId, taskId), eq(allowanceLedger.kind, kind), eq(allowanceLedger.entry, "reserve")));
  return bound(db, d.insert(allowanceLedger).select(copy).onConflictDoNothing());
}
