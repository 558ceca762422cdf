/** @module ApiError → ErrorBody: `details` only when there are field errors. */
import type { ApiError } from "../errors";
import type { ErrorBody } from "../schemas/error";

export function toErrorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    code: error.code,
    message: error.message,
    requestId,
    ...(error.fields && error.fields.length > 0 ? { details: { fields: error.fields } } : {}),
  };
}
