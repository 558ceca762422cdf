/** @module Documented responses: a JSON body of a schema, and the error responses generated from the one code table (errors.ts). */
import type { z } from "@hono/zod-openapi";
import { DEFAULT_MESSAGES, ERROR_STATUS, type ErrorCode } from "../errors";
import { ErrorBodySchema } from "../schemas/error";

/** Codes every open endpoint can answer, whatever it does. */
const COMMON: ErrorCode[] = ["UNAUTHENTICATED", "ACCOUNT_DISABLED", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];

type HeaderObject = { description: string; schema: { type: "integer" | "string"; minimum?: number; example?: string | number } };

/** Headers that come with some codes (open-api-v1.md, Errors; RFC 9110 §14.4 for Content-Range on 416). */
const HEADERS: Partial<Record<ErrorCode, Record<string, HeaderObject>>> = {
  RATE_LIMITED: {
    "Retry-After": {
      description: "Seconds to wait; then continue with the same intent (same Idempotency-Key)",
      schema: { type: "integer", minimum: 1, example: 12 },
    },
  },
  IDEMPOTENCY_IN_FLIGHT: {
    "Retry-After": {
      description: "With IDEMPOTENCY_IN_FLIGHT: seconds to wait before sending the same request again",
      schema: { type: "integer", minimum: 1, example: 1 },
    },
  },
  RANGE_NOT_SATISFIABLE: {
    "Content-Range": { description: "`bytes */<size>`: the whole file's size in bytes", schema: { type: "string", example: "bytes */48213" } },
  },
};

/** A response or request body of `schema`, as JSON. */
export const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

const EXAMPLE_REQUEST_ID = "req_3kq9x0v1b2n3m4l5";

function example(code: ErrorCode) {
  const value = { code, message: DEFAULT_MESSAGES[code], requestId: EXAMPLE_REQUEST_ID };
  if (code === "VALIDATION_FAILED")
    return { ...value, details: { fields: [{ path: "subjectNames[0]", code: "OUT_OF_RANGE", message: "Must be 2 to 100 characters." }] } };
  if (code === "INVALID_SUBJECT")
    return {
      ...value,
      details: {
        fields: [
          { path: "subjectNames[1]", code: "INVALID_VALUE", message: "Not a valid 18-digit resident identity number (birth date or check digit)." },
        ],
      },
    };
  return value;
}

/** OpenAPI `responses` entries for the given codes plus the ones every endpoint can answer. */
export function errorResponses(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...COMMON])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<
    number,
    {
      description: string;
      content: { "application/json": { schema: typeof ErrorBodySchema; examples: Record<string, { summary: string; value: unknown }> } };
      headers?: Record<string, HeaderObject>;
    }
  > = {};
  for (const [status, list] of byStatus) {
    const headers = Object.assign({}, ...list.map((code) => HEADERS[code] ?? {})) as Record<string, HeaderObject>;
    responses[status] = {
      description: list.map((code) => `\`${code}\`: ${DEFAULT_MESSAGES[code]}`).join("\n\n"),
      content: {
        "application/json": {
          schema: ErrorBodySchema,
          examples: Object.fromEntries(list.map((code) => [code, { summary: code, value: example(code) }])),
        },
      },
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  }
  return responses;
}
