/**
 * @module The error body (open-api-v1.md, Errors), described once: the OpenAPI document's ErrorBody,
 * the type the serializer (serializers/error.ts) returns, and the schema the tests check every error
 * response with.
 */
import { z } from "@hono/zod-openapi";
import { FIELD_CODES } from "../errors";

export const FieldErrorSchema = z.object({
  path: z.string().openapi({ description: "Field path, array index, or header name; `$` is the whole body", example: "criteria[0].value" }),
  code: z.enum(FIELD_CODES),
  message: z.string().openapi({ example: "Must be 2 to 100 characters." }),
});

export const ErrorBodySchema = z
  .object({
    code: z
      .string()
      .openapi({ description: "Machine-readable; governs when details is absent (codes: see the introduction)", example: "VALIDATION_FAILED" }),
    message: z.string().openapi({ description: "For people; never echoes a submitted value or key" }),
    requestId: z.string().openapi({ description: "Equals the X-Request-Id response header", example: "req_3kq9x0v1b2n3m4l5" }),
    details: z.object({ fields: z.array(FieldErrorSchema) }).optional(),
  })
  .openapi("ErrorBody");

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
