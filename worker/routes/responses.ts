/** @module Documented error responses, generated from the one code table (errors.ts). */
import { ERROR_STATUS, type ErrorCode } from "../errors";
import { ErrorBodySchema } from "./shared";

const COMMON: ErrorCode[] = ["UNAUTHENTICATED", "ACCOUNT_DISABLED", "RATE_LIMITED", "SERVICE_UNAVAILABLE"];

/** OpenAPI `responses` entries for the given codes plus the ones every endpoint can answer. */
export function errorResponses(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...COMMON]) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, { description: string; content: { "application/json": { schema: typeof ErrorBodySchema } }; headers?: Record<string, unknown> }> = {};
  for (const [status, list] of byStatus) {
    responses[status] = {
      description: `Error codes: ${[...new Set(list)].join(", ")}`,
      content: { "application/json": { schema: ErrorBodySchema } },
      ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } } : {}),
    };
  }
  return responses;
}

export const REQUEST_ID_HEADER = {
  "X-Request-Id": { description: "Identifies this request in support conversations", schema: { type: "string" } },
} as const;
