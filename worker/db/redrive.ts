/**
 * @module An operator's hand re-drive of a task (worker/services/task-redrive.ts): the one set of
 * writes outside the state tables (worker/domain/pipeline). The dead-letter queue ended the task
 * (failed, or partial with registrations marked missing); these put it back where its dead-lettered
 * messages left it, so the same steps run again. The allowance ledger is not touched: a reservation
 * already settled or released stays so (one outcome per task, schema/platform.ts), so a re-driven
 * task is never charged again.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { QUERY_STATUSES_REOPENABLE } from "../domain/pipeline/query-states";
import type { Write } from "./batch";
import { inJsonList } from "./json-list";
import { checks, queries } from "./schema";
import { registrations } from "./schema/shard";

/** Registrations the dead-letter queue marked missing are unprocessed again (their document step runs anew). */
export function unmarkMissing(shard: D1Database, registrationIds: readonly string[], now: number): Write {
  return drizzle(shard)
    .update(registrations)
    .set({ processed: false, parseStatus: "pending", coverageComplete: false, updatedAt: now })
    .where(and(inJsonList(registrations.id, registrationIds), eq(registrations.parseStatus, "missing")));
}

/**
 * A finished query runs again: queued when it was never listed, processing (its processed count as
 * recounted) when it was. Only a query the dead-letter queue could have ended (failed or partial).
 */
export function reopenQuery(db: D1Database, id: string, listed: boolean, processed: number, now: number): Write {
  const status = listed ? "processing" : "queued";
  return drizzle(db)
    .update(queries)
    .set({
      status,
      executionStatus: status,
      completedAt: null,
      failureCode: null,
      coverageComplete: false,
      processedDocumentCount: processed,
      updatedAt: now,
    })
    .where(and(eq(queries.id, id), isNotNull(queries.completedAt), inArray(queries.status, [...QUERY_STATUSES_REOPENABLE])));
}

/** An open query's processed count, recounted after registrations were unprocessed (the count only grows elsewhere). */
export function recountQuery(db: D1Database, id: string, processed: number, now: number): Write {
  return drizzle(db).update(queries).set({ processedDocumentCount: processed, updatedAt: now }).where(eq(queries.id, id));
}

/** A check the dead-letter queue failed runs again from its first slice. */
export function reopenCheck(db: D1Database, id: string, now: number): Write {
  return drizzle(db)
    .update(checks)
    .set({
      status: "processing",
      executionStatus: "queued",
      failureCode: null,
      coverageComplete: false,
      processingCompletedAt: null,
      completedAt: null,
      updatedAt: now,
    })
    .where(and(eq(checks.id, id), eq(checks.status, "failed"), isNotNull(checks.processingCompletedAt)));
}
