/**
 * @module The pipeline's failures and dead letters (schema/operations.ts): written by the queue
 * consumer when a step fails or the dead-letter queue ends a message, read by the operator's status,
 * marked by a hand re-drive.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Write } from "./batch";
import { inJsonList } from "./json-list";
import { stepFailures, type FailureReason, type PipelineStep, type StepFailureRecord, type TaskKind } from "./schema";

/** The message a failure belongs to (queues/failures.ts derives it from the message). */
export interface FailedMessage {
  messageKey: string;
  taskKind: TaskKind;
  taskId: string;
  accountId: string;
  step: PipelineStep;
}

/**
 * The message's last failure, replacing the one before (a dead-letter mark stays until a re-drive).
 * Returns since when the message has been failing: the run of failures goes on unless it had ended
 * (dead-lettered, given up) or its last failure is more than `runGapMs` old. (SQLite's UPDATE reads the
 * row as it was, so the CASE sees the previous failed_at.)
 */
export async function recordStepFailure(
  db: D1Database,
  message: FailedMessage,
  reason: FailureReason,
  attempts: number,
  now: number,
  runGapMs: number,
): Promise<number> {
  const [row] = await drizzle(db)
    .insert(stepFailures)
    .values({ ...message, reason, attempts, failedAt: now, failingSince: now })
    .onConflictDoUpdate({
      target: stepFailures.messageKey,
      set: {
        reason,
        attempts,
        failedAt: now,
        failingSince: sql`CASE WHEN ${stepFailures.failingSince} IS NULL OR ${stepFailures.failedAt} < ${now - runGapMs} THEN ${now} ELSE ${stepFailures.failingSince} END`,
      },
    })
    .returning({ failingSince: stepFailures.failingSince });
  return row?.failingSince ?? now;
}

/**
 * The dead-letter queue ended the message, or the consumer gave up on its passing faults (the same
 * ending, sooner): marked with the time (a message re-driven before is dead-lettered anew). Its
 * reason stays the last failure recorded, or `waited` when none was.
 */
export async function recordDeadLetter(db: D1Database, message: FailedMessage, attempts: number, now: number): Promise<StepFailureRecord> {
  const [row] = await drizzle(db)
    .insert(stepFailures)
    .values({ ...message, reason: "waited", attempts, failedAt: now, deadLetteredAt: now })
    // The run of failures ends here: a later failure of the same message (a re-drive, a registration indexed again) starts its own.
    .onConflictDoUpdate({ target: stepFailures.messageKey, set: { deadLetteredAt: now, redrivenAt: null, failingSince: null } })
    .returning();
  if (!row) throw new Error("the dead-letter record was not written");
  return row;
}

/** Messages the dead-letter queue ended since `since`, newest first. */
export async function deadLettersSince(db: D1Database, since: number, limit: number): Promise<StepFailureRecord[]> {
  return drizzle(db)
    .select()
    .from(stepFailures)
    .where(gte(stepFailures.deadLetteredAt, since))
    .orderBy(desc(stepFailures.deadLetteredAt))
    .limit(limit)
    .all();
}

/** The task's dead-lettered messages that no re-drive has taken up yet. */
export async function pendingDeadLetters(db: D1Database, taskId: string): Promise<StepFailureRecord[]> {
  return drizzle(db)
    .select()
    .from(stepFailures)
    .where(and(eq(stepFailures.taskId, taskId), isNotNull(stepFailures.deadLetteredAt), isNull(stepFailures.redrivenAt)))
    .all();
}

/** These dead letters are taken up by a re-drive (they stay listed in the status with the time). */
export function markRedriven(db: D1Database, messageKeys: readonly string[], now: number): Write {
  return drizzle(db)
    .update(stepFailures)
    .set({ redrivenAt: now })
    .where(and(inJsonList(stepFailures.messageKey, messageKeys), isNotNull(stepFailures.deadLetteredAt), isNull(stepFailures.redrivenAt)));
}

/** Failures last seen before `before` and not dead-lettered since: forgotten (the sweep keeps the table small). */
export function forgetOldFailures(db: D1Database, before: number): Write {
  return drizzle(db)
    .delete(stepFailures)
    .where(and(lt(stepFailures.failedAt, before), or(isNull(stepFailures.deadLetteredAt), lt(stepFailures.deadLetteredAt, before)) ?? sql`1`));
}
