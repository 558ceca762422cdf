/**
 * @module The operator's view of the pipeline (extensions of management-api.md, documented in
 * docs/operations.md): GET /status and POST /tasks/{id}/redrive.
 */
import { z } from "@hono/zod-openapi";
import { FAILURE_REASONS, PIPELINE_STEPS, TASK_KINDS } from "./pipeline-vocabulary";
import { int64, timestamp } from "./common";

const count = () => int64().min(0);

export const TaskParams = z.object({
  id: z.string().min(1).max(100).openapi({ description: "A query (`qry_…`) or a check (`chk_…`)", example: "qry_V1StGXR8Z5jdHi6B" }),
});

const DeadLetteredMessageSchema = z.object({
  step: z.enum(PIPELINE_STEPS).openapi({ description: "The pipeline step whose message the dead-letter queue ended" }),
  reason: z.enum(FAILURE_REASONS).openapi({
    description: "The last failure recorded for the message; `waited` when every delivery waited (upstream slot, busy upstream, account move)",
  }),
  attempts: count().openapi({ description: "The delivery attempt at which it was recorded" }),
  deadLetteredAt: timestamp(),
  redrivenAt: timestamp().optional().openapi({ description: "When an operator re-drove the task since" }),
});

const DeadLetteredTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  accountId: z.string(),
  status: z
    .string()
    .openapi({ description: "The task's status now (a query's or check's public status; `active` or `moving` for an account's move)" }),
  messages: z.array(DeadLetteredMessageSchema),
});

export const OperationsStatusSchema = z
  .object({
    generatedAt: timestamp(),
    backlog: z.object({
      queries: z.object({ queued: count(), waiting_resource: count(), processing: count() }),
      checks: z.object({ queued: count(), matching: count() }),
    }),
    oldestOpenTask: z
      .object({ id: z.string(), kind: z.enum(["query", "check"]), status: z.string(), createdAt: timestamp(), ageSeconds: count() })
      .nullable()
      .openapi({ description: "The open (non-terminal) task created first; null when none is open" }),
    deadLettered: z.object({
      since: timestamp(),
      tasks: z
        .array(DeadLetteredTaskSchema)
        .openapi({ description: "Tasks with a message the dead-letter queue ended in the last 24 h, newest first" }),
    }),
    ocr: z.object({
      configured: z.boolean(),
      reachable: z.boolean().openapi({ description: "The service answered its health check (GET /healthz) within 3 s" }),
    }),
    parsing: z.object({
      since: timestamp().openapi({ description: "Midnight UTC today" }),
      certificates: count().openapi({ description: "Certificates parsed since then" }),
      failed: count(),
      failureRate: z.number().min(0).max(1).nullable().openapi({ description: "failed / certificates; null when none was parsed" }),
    }),
  })
  .openapi("AdminOperationsStatus");

export const RedriveSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["query", "check"]),
    action: z.enum(["resent", "reopened", "none"]).openapi({
      description:
        "reopened: the dead-letter queue had ended it and it runs again; resent: it was still open and its pending messages were sent again; none: nothing to re-drive (finished, no dead letter pending)",
    }),
    status: z.string().openapi({ description: "The task's status after the re-drive" }),
    messages: count().openapi({ description: "Pipeline messages sent" }),
  })
  .openapi("AdminRedrive");

export type OperationsStatus = z.infer<typeof OperationsStatusSchema>;
export type Redrive = z.infer<typeof RedriveSchema>;
