/**
 * @module The resource types: the ones the Worker's schemas (worker/schemas/) infer from the zod shapes
 * it validates and documents with, one source per shape. Type-only: nothing of the Worker is loaded at
 * run time, and client/build.mjs writes each type out in full for the package.
 */
import type { Check } from "../worker/schemas/check";
import type { CheckResult, CheckResultSummary } from "../worker/schemas/check-result";
import type { RESULT_SORTS } from "../worker/schemas/check-vocabulary";
import type { Query } from "../worker/schemas/query";

export type { Entitlements } from "../worker/schemas/entitlements";
export type { Query, AcceptedQueries, QueryPage, CreateQueriesRequest } from "../worker/schemas/query";
export type { RegistrationSummary, RegistrationPage, Registration, Attachment } from "../worker/schemas/registration";
export type { Check, CheckPage, CreateCheckRequest, CriterionInput } from "../worker/schemas/check";
export type { CheckResultPage, CheckResultSummary, CheckResult, CheckResultNavigation } from "../worker/schemas/check-result";
export type { Evidence, EvidenceLocations } from "../worker/schemas/evidence";
export type { ErrorBody } from "../worker/schemas/error";

export type QueryStatus = Query["status"];
export type QueryExecutionStatus = Query["executionStatus"];
export type CheckStatus = Check["status"];
export type CheckExecutionStatus = Check["executionStatus"];
export type SourceStatus = Query["sourceStatus"];

/** Pagination and search of the list endpoints. */
export interface ListOptions {
  page?: number;
  pageSize?: number;
  search?: string;
}

/** Filters and order of a check's results (and of navigation among them). */
export interface ResultFilter {
  resultStatus?: CheckResult["resultStatus"][];
  matchStatus?: CheckResult["matchStatus"][];
  strength?: NonNullable<CheckResultSummary["strength"]>[];
  criterionId?: string;
  sort?: (typeof RESULT_SORTS)[number];
}
