/** @module Check shapes (open-api-v1.md: Check, Criterion, CoverageIssue, creating a check, the check list). */
import { z } from "@hono/zod-openapi";
import { CHECK_EXECUTION_STATUSES, CHECK_STATUSES, COVERAGE_ISSUE_CODES, TERM_KINDS } from "./check-vocabulary";
import { PaginationQuery, SearchQuery, int64, pageSchema, timestamp } from "./common";
import { FailureSchema } from "./query";
import { INVOICE_DIGITS, INVOICE_NO_PATTERN } from "./invoice-number";
import { SOURCE_STATUSES } from "./query-vocabulary";
import { firstHiddenCharacter, lineText } from "./text";

const INVOICE_NO = new RegExp(INVOICE_NO_PATTERN);

export const CriterionInputSchema = z
  .strictObject({
    kind: z
      .enum(TERM_KINDS)
      .openapi({ description: "invoice_no: an invoice number, matched as a whole digit token; keyword: text matched as a substring" }),
    value: lineText(1, 200).openapi({
      description: `invoice_no: ${INVOICE_DIGITS.min} to ${INVOICE_DIGITS.max} digits (spaces and full-width digits allowed, folded before matching); keyword: 1 to 200 characters. Surrounding white space is removed, the text is put in Unicode NFC, and control, invisible (format) and bidirectional characters are refused (400)`,
      example: "44031234",
    }),
  })
  // The invoice rule where the shape is (./invoice-number.ts): the pattern the document publishes is the check.
  // A value already refused for a hidden character gets that one reason, not a second one about its digits.
  .superRefine((criterion, ctx) => {
    if (criterion.kind === "invoice_no" && !INVOICE_NO.test(criterion.value) && !firstHiddenCharacter(criterion.value, "line"))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `An invoice number is ${INVOICE_DIGITS.min} to ${INVOICE_DIGITS.max} digits.`,
        params: { fieldCode: "INVALID_FORMAT" },
      });
  })
  .openapi("CriterionInput", {
    // The value's rule depends on the kind: one branch per kind, so generators and validators see it.
    oneOf: [
      {
        type: "object",
        title: "Invoice number",
        properties: {
          kind: { type: "string", const: "invoice_no" },
          value: { type: "string", minLength: INVOICE_DIGITS.min, maxLength: 200, pattern: INVOICE_NO_PATTERN },
        },
        required: ["kind", "value"],
        additionalProperties: false,
      },
      {
        type: "object",
        title: "Keyword",
        properties: { kind: { type: "string", const: "keyword" }, value: { type: "string", minLength: 1, maxLength: 200 } },
        required: ["kind", "value"],
        additionalProperties: false,
      },
    ],
  });

export const CriterionSchema = z
  .object({ id: z.string(), kind: z.enum(TERM_KINDS), value: z.string().openapi({ description: "Original condition text" }) })
  .openapi("Criterion");

export const CoverageIssueSchema = z
  .object({
    code: z.enum(COVERAGE_ISSUE_CODES).openapi({
      description:
        "ATTACHMENT_NOT_TEXT_SEARCHABLE: an image; ATTACHMENT_NO_TEXT: a PDF without a text layer; CRITERION_NOT_SEARCHABLE: a value that is empty after normalisation",
    }),
    criterionId: z.string().optional(),
    registrationId: z.string().optional(),
  })
  .openapi("CoverageIssue");

export const CreateCheckBody = z
  .strictObject({
    applicant: lineText(2, 100).openapi({ example: "上海示例供应链管理有限公司" }),
    criteria: z.array(CriterionInputSchema).min(1).max(100),
    sourceRegistryQueryId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "Reuse a finished query (succeeded or partial) of the same subject" }),
  })
  .openapi("CreateCheckRequest");

export const CheckSchema = z
  .object({
    id: z.string().openapi({ example: "chk_8d1f2a3b4c5d6e7f" }),
    applicant: z.string(),
    status: z.enum(CHECK_STATUSES).openapi({ description: "review_pending: automatic execution done, candidates await manual review" }),
    executionStatus: z.enum(CHECK_EXECUTION_STATUSES),
    sourceStatus: z.enum(SOURCE_STATUSES),
    sourceRegistryQueryId: z.string(),
    coverageComplete: z.boolean().openapi({ description: "When false, a miss does not rule out risk" }),
    coverageIssues: z.array(CoverageIssueSchema),
    criteria: z.array(CriterionSchema),
    criterionCounts: z.array(z.object({ criterionId: z.string(), count: int64() })),
    unmatchedCriterionIds: z.array(z.string()),
    candidateCount: int64(),
    pendingReviewCount: int64(),
    confirmedRiskCount: int64().openapi({ description: "Manual conclusions only" }),
    excludedCount: int64().openapi({ description: "Manual false-positive conclusions only" }),
    createdAt: timestamp(),
    processingCompletedAt: timestamp().optional(),
    completedAt: timestamp().optional(),
    failure: FailureSchema.optional(),
  })
  .openapi("PublicCheck");

export const CheckListQuery = z.object({
  ...PaginationQuery,
  search: SearchQuery,
  status: z
    .union([z.literal(""), z.enum(CHECK_STATUSES)])
    .optional()
    .openapi({ description: "Checks in this status only; empty or absent means all", example: "review_pending" }),
});
export const CheckPageSchema = pageSchema(CheckSchema, "PublicCheckPage");

export const CheckParams = z.object({ id: z.string().min(1).max(100).openapi({ description: "Check id", example: "chk_8d1f2a3b4c5d6e7f" }) });

export type Check = z.output<typeof CheckSchema>;
export type CheckPage = z.output<typeof CheckPageSchema>;
export type CreateCheckRequest = z.input<typeof CreateCheckBody>;
export type CriterionInput = z.input<typeof CriterionInputSchema>;
export type CoverageIssue = z.output<typeof CoverageIssueSchema>;
