/** @module Check shapes (open-api-v1.md: Check, Criterion, CoverageIssue, Check result, Evidence, Evidence locations). */
import { z } from "@hono/zod-openapi";
import { FailureSchema, RegistrationSchema, RegistrationSummarySchema, SOURCE_STATUSES, enumListParameter } from "../queries/schema";
import { PaginationQuery, SearchQuery, int64, pageSchema, requiredPositiveIntString, timestamp } from "../shared";
import {
  CHECK_EXECUTION_STATUSES,
  CHECK_STATUSES,
  COVERAGE_ISSUE_CODES,
  MATCH_STATUSES,
  PENDING_REASONS,
  RESULT_SORTS,
  RESULT_STATUSES,
  SOURCE_FIELDS,
  STRENGTHS,
  TERM_KINDS,
} from "../../schemas/check-vocabulary";

/** What the server checks of an invoice_no value (worker/domain/criteria.ts): 6 to 20 digits once spaces go and full-width digits fold. */
const INVOICE_NO_PATTERN = "^[\\s]*([0-9０-９][\\s]*){6,20}$";

export const CriterionInputSchema = z
  .strictObject({
    kind: z
      .enum(TERM_KINDS)
      .openapi({ description: "invoice_no: an invoice number, matched as a whole digit token; keyword: text matched as a substring" }),
    value: z.string().min(1).max(200).openapi({
      description: "invoice_no: 6 to 20 digits (spaces and full-width digits allowed, folded before matching); keyword: 1 to 200 characters",
      example: "44031234",
    }),
  })
  .openapi("CriterionInput", {
    // The value's rule depends on the kind: one branch per kind, so generators and validators see it.
    oneOf: [
      {
        type: "object",
        title: "Invoice number",
        properties: {
          kind: { type: "string", const: "invoice_no" },
          value: { type: "string", minLength: 6, maxLength: 200, pattern: INVOICE_NO_PATTERN },
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
    applicant: z.string().min(2).max(100).openapi({ example: "上海示例供应链管理有限公司" }),
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

export const RangeSchema = z.object({ start: int64(), end: int64() });

export const EvidenceSchema = z
  .object({
    id: z.string(),
    certificateNumber: z.string(),
    criterionId: z.string(),
    fileName: z.string(),
    snippet: z.string().openapi({ description: "The hit with up to 30 characters of context each side, as in the page text" }),
    start: int64().openapi({ description: "UTF-16 offset in the page text, from 0" }),
    end: int64().openapi({ description: "UTF-16 offset, exclusive" }),
    highlightRanges: z.array(RangeSchema).openapi({ description: "Offsets within snippet, end exclusive" }),
    indexVersion: z.string(),
    matchedAt: timestamp(),
    sourceField: z.enum(SOURCE_FIELDS),
    termKind: z.enum(TERM_KINDS),
    termValue: z.string().openapi({ description: "The text as written on the page (a number, a whole written range, or the keyword)" }),
    documentId: z.string().optional(),
    documentVersionId: z.string().optional(),
    mimeType: z.string().optional(),
    pageNumber: int64().optional(),
    pageRanges: z.array(RangeSchema).optional().openapi({ description: "Character ranges in the full page text" }),
    ruleVersion: z.string().optional(),
    url: z.string().optional(),
  })
  .openapi("PublicEvidence");

export const SystemDecisionSchema = z
  .object({ decidedAt: timestamp(), decision: z.enum(["matched"]), reason: z.enum(["invoice_exact_match"]) })
  .openapi("SystemDecision");

export const ManualReviewSchema = z
  .object({ decision: z.enum(["confirmed", "false_positive"]), note: z.string(), reviewedAt: timestamp() })
  .openapi("ManualReview");

export const CheckEvidenceSchema = z
  .object({
    evidence: z.array(EvidenceSchema),
    matchedCriterionIds: z.array(z.string()),
    strength: z.enum(STRENGTHS),
    version: int64(),
    systemDecision: SystemDecisionSchema.optional(),
    manualReview: ManualReviewSchema.optional(),
  })
  .openapi("PublicCheckEvidence");

export const CheckResultSchema = z
  .object({
    registration: RegistrationSchema,
    matchStatus: z.enum(MATCH_STATUSES),
    resultStatus: z.enum(RESULT_STATUSES),
    check: CheckEvidenceSchema.nullable(),
    coverageIssues: z.array(CoverageIssueSchema),
    coverageReason: z.string().optional().openapi({
      description: "The registration's coverage issue codes, comma-separated; omitted when its coverage is complete",
      example: "ATTACHMENT_NOT_TEXT_SEARCHABLE",
    }),
    pendingReason: z
      .enum(PENDING_REASONS)
      .optional()
      .openapi({ description: "Why an unmatched registration could not be ruled out (matchStatus pending)" }),
  })
  .openapi("PublicCheckResult");

export const CheckResultSummarySchema = z
  .object({
    registration: RegistrationSummarySchema,
    matchStatus: z.enum(MATCH_STATUSES),
    matchedCriterionIds: z.array(z.string()),
    resultStatus: z.enum(RESULT_STATUSES),
    strength: z.enum(STRENGTHS).optional(),
    coverageReason: z.string().optional().openapi({
      description: "The registration's coverage issue codes, comma-separated; omitted when its coverage is complete",
      example: "ATTACHMENT_NOT_TEXT_SEARCHABLE",
    }),
    pendingReason: z
      .enum(PENDING_REASONS)
      .optional()
      .openapi({ description: "Why an unmatched registration could not be ruled out (matchStatus pending)" }),
    reviewNote: z.string().optional(),
  })
  .openapi("PublicCheckResultSummary");

/** Filters and order shared by the results list and navigation. */
export const ResultFilterQuery = {
  resultStatus: enumListParameter(RESULT_STATUSES, "Results with one of these review states."),
  matchStatus: enumListParameter(MATCH_STATUSES, "Results with one of these automatic outcomes (pending: could not be decided, see pendingReason)."),
  strength: enumListParameter(STRENGTHS, "Matched results of this strength (invoice_match: an invoice number matched)."),
  criterionId: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Results that matched this criterion (an id of the check's criteria)", example: "crt_4uaLamJvE9LKPiLa" }),
  sort: z.enum(RESULT_SORTS).optional().openapi({
    description: "registration (default): certificate order; strength: invoice matches first; hits: most matched criteria first",
    example: "strength",
  }),
};

export const ResultListQuery = z.object({ ...PaginationQuery, ...ResultFilterQuery });
export const NavigationQuery = z.object(ResultFilterQuery);

export const ResultCountsSchema = z
  .object({ all: int64(), confirmed: int64(), excluded: int64(), pending: int64(), unmatched: int64() })
  .openapi("CheckResultCounts");

export const ResultPageSchema = z
  .object({
    counts: ResultCountsSchema,
    items: z.array(CheckResultSummarySchema),
    page: int64(),
    pageSize: int64(),
    total: int64(),
    reviewableCount: int64(),
  })
  .openapi("PublicCheckResultPage");

export const NavigationSchema = z
  .object({
    total: int64(),
    position: int64().nullable(),
    previousRegistrationId: z.string().nullable(),
    nextRegistrationId: z.string().nullable(),
  })
  .openapi("CheckResultNavigation");

export const EvidenceLocationsQuery = z.object({
  documentId: z.string().min(1).max(100).openapi({ description: "documentId of a listed evidence entry", example: "doc_5e6f7a8b9c0d1e2f" }),
  pageNumber: requiredPositiveIntString("pageNumber", 999_999).openapi({ description: "pageNumber of that evidence entry, from 1", example: 1 }),
});

export const EvidenceLocationsSchema = z
  .object({
    coordinateSystem: z.enum(["normalized_top_left"]),
    documentId: z.string(),
    fileName: z.string(),
    height: z.number().nullable(),
    width: z.number().nullable(),
    locations: z.array(
      z.object({
        evidenceId: z.string(),
        precision: z.enum(["word", "region", "page", "unavailable"]).openapi({
          description: "word: quads around the hit's characters (text layer); region: within the OCR line that holds it; page: the page only",
        }),
        quads: z.array(z.array(z.number())).openapi({
          description:
            "One quad per line the hit covers: [x1, y1, x2, y2, x3, y3, x4, y4] (top-left, top-right, bottom-right, bottom-left), each 0..1 of the page's width or height from its top-left corner",
          example: [[0.1, 0.2, 0.25, 0.2, 0.25, 0.215, 0.1, 0.215]],
        }),
        reason: z.enum(["TEXT_ONLY_MODE", "PAGE_NOT_PARSED", "OCR_LINE"]).nullable().openapi({
          description:
            "Why the precision is below word: OCR_LINE (text read by OCR, placed within its line), TEXT_ONLY_MODE (offsets in the page text only), PAGE_NOT_PARSED",
        }),
      }),
    ),
    mimeType: z.string(),
    pageCount: int64(),
    pageNumber: int64(),
    rotation: int64(),
    sha256: z.string(),
    url: z.string(),
  })
  .openapi("EvidenceLocations");

export const CheckParams = z.object({ id: z.string().min(1).max(100).openapi({ description: "Check id", example: "chk_8d1f2a3b4c5d6e7f" }) });
export const ResultParams = z.object({
  id: z.string().min(1).max(100).openapi({ description: "Check id", example: "chk_8d1f2a3b4c5d6e7f" }),
  registrationId: z.string().min(1).max(100).openapi({ description: "Registration id", example: "reg_7b2c9d0e1f2a3b4c" }),
});
export { SearchQuery };
