/**
 * @module The error model: one table of codes → HTTP statuses, one envelope
 * `{code, message, requestId, details?: {fields}}` (open-api-v1.md, Errors; its schema is
 * schemas/error.ts, its serializer serializers/error.ts). Messages are fixed
 * per code or written by us: they never echo a client's value or key.
 */

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_SUBJECT: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOTP_REQUIRED: 401,
  SUBSCRIPTION_REQUIRED: 402,
  QUERY_ALLOWANCE_INSUFFICIENT: 402,
  CHECK_ALLOWANCE_INSUFFICIENT: 402,
  CHECK_PLAN_REQUIRED: 403,
  ACCOUNT_DISABLED: 403,
  CSRF_TOKEN_INVALID: 403,
  ROLE_FORBIDDEN: 403,
  SOURCE_QUARANTINED: 403,
  SOURCE_UNAVAILABLE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  SOURCE_QUERY_NOT_FINISHED: 409,
  SOURCE_QUERY_UNUSABLE: 409,
  KEY_LIMIT_REACHED: 409,
  REVIEW_NOT_ALLOWED: 409,
  EMAIL_TAKEN: 409,
  USER_NOT_INVITED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "The request is not valid; see details.fields.",
  INVALID_SUBJECT: "A subject looks like an identity number but is not a valid 18-digit resident identity number.",
  UNAUTHENTICATED: "The API key is missing, unknown, expired or revoked.",
  INVALID_CREDENTIALS: "The email or the password is wrong.",
  TOTP_REQUIRED: "A valid code of the second factor (TOTP) is required.",
  SUBSCRIPTION_REQUIRED: "A valid subscription is required.",
  QUERY_ALLOWANCE_INSUFFICIENT: "The query allowance is too low for this request.",
  CHECK_ALLOWANCE_INSUFFICIENT: "The check allowance is too low for this request.",
  CHECK_PLAN_REQUIRED: "Checks need the professional or enterprise plan.",
  ACCOUNT_DISABLED: "The account is disabled.",
  CSRF_TOKEN_INVALID: "A request that changes something must carry the session's X-CSRF-Token header.",
  ROLE_FORBIDDEN: "Your role does not allow this.",
  SOURCE_QUARANTINED: "The source data is quarantined and cannot be downloaded.",
  SOURCE_UNAVAILABLE: "The source data is not available.",
  NOT_FOUND: "The resource does not exist.",
  METHOD_NOT_ALLOWED: "This path does not answer this method; the Allow header lists the methods it does.",
  IDEMPOTENCY_CONFLICT: "This Idempotency-Key was used with a different request body.",
  IDEMPOTENCY_IN_FLIGHT: "A request with this Idempotency-Key is still being processed; retry shortly.",
  SOURCE_QUERY_NOT_FINISHED: "The source query is still running; poll it until it finishes, then create the check.",
  SOURCE_QUERY_UNUSABLE:
    "The source query ended failed or cancelled and holds no registration list; a check without sourceRegistryQueryId fetches the data again.",
  KEY_LIMIT_REACHED: "The account already has 3 valid keys.",
  REVIEW_NOT_ALLOWED: "Only a matched candidate whose source is available can be reviewed.",
  EMAIL_TAKEN: "A user with this email already exists.",
  USER_NOT_INVITED: "The user has accepted an invitation already: there is nothing to invite again.",
  PAYLOAD_TOO_LARGE: "The request body is too large.",
  UNSUPPORTED_MEDIA_TYPE: "The request body must be application/json.",
  RANGE_NOT_SATISFIABLE: "The requested range is not satisfiable.",
  RATE_LIMITED: "Too many requests; wait for Retry-After seconds, then continue with the same intent.",
  INTERNAL_ERROR: "An internal error occurred.",
  SERVICE_UNAVAILABLE: "The service is temporarily unavailable; retry the same request later.",
};

export const FIELD_CODES = ["REQUIRED", "OUT_OF_RANGE", "INVALID_CHOICE", "INVALID_VALUE", "INVALID_TYPE", "INVALID_FORMAT"] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

export interface FieldError {
  path: string;
  code: FieldCode;
  message: string;
}

/** Thrown at the HTTP edge only; the app's error handler renders it. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    options: { message?: string; fields?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? DEFAULT_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string>;
}

export function validationError(fields: FieldError[]): ApiError {
  return new ApiError("VALIDATION_FAILED", { fields });
}
