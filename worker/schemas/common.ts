/**
 * @module Building blocks of every public shape: int64 and timestamp fields, pages, pagination and
 * search parameters, and enum-list filters. The resource schemas beside this file compose them.
 */
import { z } from "@hono/zod-openapi";

/** A whole number 1–max written in a query parameter: not a number is INVALID_TYPE, a number outside the range OUT_OF_RANGE. */
function checkWholeNumber(name: string, max: number | undefined, value: string | undefined, ctx: z.RefinementCtx): void {
  if (value === undefined) return;
  if (!/^\d+$/.test(value)) {
    ctx.addIssue({ code: "custom", message: `${name} must be a whole number.`, params: { fieldCode: "INVALID_TYPE" } });
    return;
  }
  const n = Number(value);
  if (n < 1 || (max !== undefined && n > max))
    ctx.addIssue({
      code: "custom",
      message: max ? `${name} must be from 1 to ${max}.` : `${name} must be at least 1.`,
      params: { fieldCode: "OUT_OF_RANGE" },
    });
}

const positiveIntString = (name: string, max?: number) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => checkWholeNumber(name, max, value, ctx))
    .openapi({ type: "integer", minimum: 1, ...(max ? { maximum: max } : {}) });

/** A required whole-number query parameter from 1 to max (a page number of a document, say). */
export const requiredPositiveIntString = (name: string, max: number) =>
  z
    .string()
    // One spelling per page: "01" is as malformed here as "1.0" (evidence entries name pages canonically).
    .superRefine((value, ctx) =>
      /^0\d/.test(value)
        ? ctx.addIssue({ code: "custom", message: `${name} must be a whole number.`, params: { fieldCode: "INVALID_TYPE" } })
        : checkWholeNumber(name, max, value, ctx),
    )
    .openapi({ type: "integer", minimum: 1, maximum: max });

/** Pages are int32 (open-api-v1.md, Pages); a larger page would also overflow SQLite's OFFSET (a 5xx). */
export const MAX_PAGE = 2_147_483_647;

/** page 1–MAX_PAGE (default 1), pageSize 1–100 (default 20); out of range is 400, never clamped. */
export const PaginationQuery = {
  page: positiveIntString("page", MAX_PAGE).openapi({ description: "From 1", default: 1 }),
  pageSize: positiveIntString("pageSize", 100).openapi({ description: "1 to 100", default: 20 }),
};

export function pageSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int().openapi({ format: "int64" }),
      page: z.number().int().openapi({ format: "int32" }),
      pageSize: z.number().int().openapi({ format: "int32" }),
    })
    .openapi(name);
}

export const int64 = () => z.number().int().openapi({ format: "int64" });
export const timestamp = () => z.string().openapi({ format: "date-time", example: "2026-11-22T10:15:30.000+08:00" });

export const SearchQuery = z
  .string()
  .max(200)
  .optional()
  .openapi({ description: "Case-insensitive substring; `%`, `_` and `!` match literally", example: "示例供应链" });

/**
 * A filter given as repeated parameters and/or comma lists (`parseStatus=failed,missing`): the handler
 * splits and checks the values; the document states them as an exploded array of the enum.
 */
export const enumListParameter = (values: readonly string[], description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description: `${description} Repeat the parameter or give a comma-separated list; a value outside the list is 400.`,
      anyOf: undefined,
      type: "array",
      items: { type: "string", enum: [...values] },
      example: [values[0]],
      param: { style: "form", explode: true },
    });

export const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().min(1).max(128).regex(/\S/).openapi({
    description:
      "One per business intent (a fresh UUID); send the same key with the same body when retrying. 1 to 128 characters, not only spaces; keys are compared exactly.",
    example: "3f0c2a9e-3d1b-4b9e-9a8e-2c1f0b7d6e5a",
  }),
});
