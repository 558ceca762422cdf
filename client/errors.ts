/**
 * @module What the client throws. Every error that concerns a task or a creation carries what the
 * caller needs to continue the same intent: the task id (open-api-v1.md, States rule 2) or the
 * Idempotency-Key to retry with (Idempotency rules 1–2).
 */
import type { ErrorBody } from "./types.ts";

type FieldError = NonNullable<ErrorBody["details"]>["fields"][number];

/** The API answered with an error body (or a non-JSON error status). */
export class RegistryApiError extends Error {
  override readonly name = "RegistryApiError";
  readonly status: number;
  /** The API's machine code, e.g. `VALIDATION_FAILED`; `HTTP_<status>` when the body was not an error body. */
  readonly code: string;
  readonly requestId: string | undefined;
  readonly fields: FieldError[];
  /** Seconds, from Retry-After (429, and 409 IDEMPOTENCY_IN_FLIGHT). */
  readonly retryAfterSeconds: number | undefined;
  /** The key of the creation that failed: retry with it, never with a new one, unless the body changes. */
  readonly idempotencyKey: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    fields?: FieldError[];
    retryAfterSeconds?: number;
    idempotencyKey?: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fields = init.fields ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/** No answer after every attempt: timeouts or lost connections. A creation may or may not have been accepted. */
export class RegistryNetworkError extends Error {
  override readonly name = "RegistryNetworkError";
  readonly idempotencyKey: string | undefined;
  readonly attempts: number;
  constructor(message: string, init: { cause: unknown; attempts: number; idempotencyKey?: string }) {
    super(message, { cause: init.cause });
    this.attempts = init.attempts;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/**
 * A response the client cannot trust: a required field is missing or has the wrong type, or a
 * status is not one the client knows. The task is never treated as successful or complete; its
 * id is kept so that it can be read again later.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = "UnexpectedResponseError";
  readonly taskId: string | undefined;
  readonly field: string;
  constructor(message: string, init: { taskId?: string; field: string }) {
    super(message);
    this.taskId = init.taskId;
    this.field = init.field;
  }
}

/** The caller's deadline passed while tasks were still running. They go on: poll the same ids later. */
export class PollDeadlineError extends Error {
  override readonly name = "PollDeadlineError";
  readonly taskIds: string[];
  constructor(message: string, taskIds: string[]) {
    super(message);
    this.taskIds = taskIds;
  }
}
