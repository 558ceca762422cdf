/**
 * @module The pipeline's words the operator's API, its storage and its signals share: the kinds of
 * task, the pipeline's message types, and why a step did not get done.
 */

export const TASK_KINDS = ["query", "check", "move"] as const;

/** The pipeline's message types (queues/messages.ts). */
export const PIPELINE_STEPS = ["list", "document", "index", "check", "move"] as const;

/**
 * Why a step did not get done. The last one recorded is the reason the status gives for a
 * dead-lettered message; `waited` when no failure was ever recorded for it (every delivery waited for
 * an upstream slot, a busy upstream or an account's move until the retries ran out).
 */
export const FAILURE_REASONS = ["upstream_failed", "download_failed", "ocr_failed", "step_threw", "step_deadline", "waited"] as const;

export type TaskKind = (typeof TASK_KINDS)[number];
export type PipelineStep = (typeof PIPELINE_STEPS)[number];
export type FailureReason = (typeof FAILURE_REASONS)[number];
