/** @module Check result shapes (open-api-v1.md: Check result, its list, counts and navigation, manual review). */
import { z } from "@hono/zod-openapi";
import {
  MATCH_STATUSES,
  PENDING_REASONS,
  RESULT_SORTS,
  RESULT_STATUSES,
  REVIEW_DECISIONS,
  STANDING_BASES,
  STANDING_STATES,
  STRENGTHS,
} from "./check-vocabulary";
import { CheckParams, CoverageIssueSchema } from "./check";
import { PaginationQuery, enumListParameter, int64, timestamp } from "./common";
import { EvidenceSchema } from "./evidence";
import { RegistrationIdParam, RegistrationSchema, RegistrationSummarySchema } from "./registration";

export const SystemDecisionSchema = z
  .object({ decidedAt: timestamp(), decision: z.enum(["matched"]), reason: z.enum(["invoice_exact_match"]) })
  .openapi("SystemDecision");

export const ManualReviewSchema = z.object({ decision: z.enum(REVIEW_DECISIONS), note: z.string(), reviewedAt: timestamp() }).openapi("ManualReview");

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

/** Where the result's registration stood when the check matched (console-api.md, "A registration's standing"). */
export const StandingSchema = z
  .object({
    state: z.enum(STANDING_STATES).openapi({
      description:
        "in_force: not cancelled and not past its expiry date; expired: past effectiveUntil; cancelled: a cancellation registration cites it; unknown: the chain was truncated or a certificate in it (its own included) was not read, or no expiry date was stated",
    }),
    effectiveUntil: z.string().nullable().openapi({
      description: "yyyy-MM-dd: the expiry date after every extension in the chain; null when not known",
      example: "2027-01-10",
    }),
    cancelledBy: z
      .object({ certificateNumber: z.string(), registerTime: z.string().nullable() })
      .nullable()
      .openapi({ description: "The cancellation registration of the chain; null when none was seen" }),
    changedBy: z
      .array(z.string())
      .openapi({ description: "Certificate numbers of the change registrations registered after this one, in registration order" }),
    stillDescribed: z.boolean().nullable().openapi({
      description:
        "Whether every matched criterion still appears in the property description of the latest later change that rewrote it; null when no later change rewrote it (or nothing was matched)",
    }),
    asOf: timestamp().openapi({ description: "The check's match time: the standing is where the registration stood then" }),
    basis: z.enum(STANDING_BASES).openapi({
      description:
        "chain: read from the registrations of the source query that cite it; certificate: from its own certificate, none cites it; unknown: the chain was truncated or a certificate in it was not read",
    }),
  })
  .openapi("RegistrationStanding", {
    description: "Where the registration stood when the check matched; omitted on results matched before standings were recorded",
  });

const RESULT_STANDING = { standing: StandingSchema.optional() };

/** Why a result's coverage is incomplete, and why an unmatched one stays pending: in the result and in its summary. */
const RESULT_COVERAGE = {
  coverageReason: z.string().optional().openapi({
    description: "The registration's coverage issue codes, comma-separated; omitted when its coverage is complete",
    example: "ATTACHMENT_NOT_TEXT_SEARCHABLE",
  }),
  pendingReason: z
    .enum(PENDING_REASONS)
    .optional()
    .openapi({ description: "Why an unmatched registration could not be ruled out (matchStatus pending)" }),
};

export const CheckResultSchema = z
  .object({
    registration: RegistrationSchema,
    matchStatus: z.enum(MATCH_STATUSES),
    resultStatus: z.enum(RESULT_STATUSES),
    check: CheckEvidenceSchema.nullable(),
    coverageIssues: z.array(CoverageIssueSchema),
    ...RESULT_COVERAGE,
    ...RESULT_STANDING,
  })
  .openapi("PublicCheckResult");

export const CheckResultSummarySchema = z
  .object({
    registration: RegistrationSummarySchema,
    matchStatus: z.enum(MATCH_STATUSES),
    matchedCriterionIds: z.array(z.string()),
    resultStatus: z.enum(RESULT_STATUSES),
    strength: z.enum(STRENGTHS).optional(),
    ...RESULT_COVERAGE,
    reviewNote: z.string().optional(),
    ...RESULT_STANDING,
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
    description:
      "registration (default): certificate order; strength: invoice matches first; hits: most matched criteria first; standing: live conflicts first (matched, in force and still described; then unknown, no longer described, expired, cancelled; unmatched last)",
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

export const ResultParams = CheckParams.extend({ registrationId: RegistrationIdParam });

export type Standing = z.output<typeof StandingSchema>;
export type CheckEvidence = z.output<typeof CheckEvidenceSchema>;
export type ManualReview = z.output<typeof ManualReviewSchema>;
export type CheckResult = z.output<typeof CheckResultSchema>;
export type CheckResultSummary = z.output<typeof CheckResultSummarySchema>;
export type CheckResultPage = z.output<typeof ResultPageSchema>;
export type CheckResultNavigation = z.output<typeof NavigationSchema>;
