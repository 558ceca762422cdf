/**
 * @module What the operator's status reads of the pipeline's failures (docs/operations.md): the last
 * failure of each pipeline message that failed, and whether the dead-letter queue ended it and a hand
 * re-drive took it up again. One row per message (its key names the task and the unit of work), in the
 * shared D1; written only when a step fails or is dead-lettered, never on a step that succeeds.
 */
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { oneOf } from "./constraints";

// The value sets are the operator API's too: written once there.
import { FAILURE_REASONS, PIPELINE_STEPS, TASK_KINDS, type FailureReason, type PipelineStep, type TaskKind } from "../../schemas/pipeline-vocabulary";

export { FAILURE_REASONS, PIPELINE_STEPS, TASK_KINDS, type FailureReason, type PipelineStep, type TaskKind };

export const stepFailures = sqliteTable(
  "step_failures",
  {
    /** `list:<query>`, `document:<query>:<registration>`, `index:<query>:<registration>`, `check:<check>:<offset>`, `move:<account>:…` (queues/failures.ts). */
    messageKey: text("message_key").primaryKey(),
    taskKind: text("task_kind", { enum: TASK_KINDS }).notNull(),
    /** The query or check; the account for a move. */
    taskId: text("task_id").notNull(),
    accountId: text("account_id").notNull(),
    /** The message's type: list, document, check, move. */
    step: text("step", { enum: PIPELINE_STEPS }).notNull(),
    reason: text("reason", { enum: FAILURE_REASONS }).notNull(),
    /** The delivery attempt of the last failure (or of the dead-lettering). */
    attempts: integer("attempts").notNull(),
    failedAt: integer("failed_at").notNull(),
    /**
     * When the message's present run of failures began (queues/retry-policy.ts bounds it); null once the
     * run ended (the message was dead-lettered or given up). A failure longer than the bound after the
     * one before starts a new run.
     */
    failingSince: integer("failing_since"),
    deadLetteredAt: integer("dead_lettered_at"),
    /** When an operator re-drove the task (POST /tasks/{id}/redrive) after the dead-letter queue ended this message. */
    redrivenAt: integer("redriven_at"),
  },
  (t) => [
    check("step_failures_task_kind", oneOf(t.taskKind, TASK_KINDS)),
    check("step_failures_reason", oneOf(t.reason, FAILURE_REASONS)),
    index("step_failures_dead_lettered").on(t.deadLetteredAt),
    index("step_failures_task").on(t.taskId),
  ],
);

export type StepFailureRecord = typeof stepFailures.$inferSelect;
