/**
 * @module The resource types, inferred from the zod schemas the Worker validates and documents with
 * (worker/routes/**\/schema.ts): one source per shape. Type-only imports: nothing of the Worker is
 * loaded at run time.
 */
import type { z } from "@hono/zod-openapi";
import type { EntitlementsSchema } from "../worker/routes/account/schema";
import type {
  AcceptedQueriesSchema,
  AttachmentSchema,
  CreateQueriesBody,
  QueryPageSchema,
  QuerySchema,
  RegistrationPageSchema,
  RegistrationSchema,
  RegistrationSummarySchema,
} from "../worker/routes/queries/schema";
import type {
  CheckPageSchema,
  CheckResultSchema,
  CheckResultSummarySchema,
  CheckSchema,
  CreateCheckBody,
  CriterionInputSchema,
  EvidenceLocationsSchema,
  EvidenceSchema,
  NavigationSchema,
  ResultPageSchema,
} from "../worker/routes/checks/schema";
import type { RESULT_SORTS } from "../worker/schemas/check-vocabulary";
import type { ErrorBodySchema } from "../worker/schemas/error";

export type Entitlements = z.output<typeof EntitlementsSchema>;
export type Query = z.output<typeof QuerySchema>;
export type AcceptedQueries = z.output<typeof AcceptedQueriesSchema>;
export type QueryPage = z.output<typeof QueryPageSchema>;
export type CreateQueriesRequest = z.input<typeof CreateQueriesBody>;
export type RegistrationSummary = z.output<typeof RegistrationSummarySchema>;
export type RegistrationPage = z.output<typeof RegistrationPageSchema>;
export type Registration = z.output<typeof RegistrationSchema>;
export type Attachment = z.output<typeof AttachmentSchema>;
export type Check = z.output<typeof CheckSchema>;
export type CheckPage = z.output<typeof CheckPageSchema>;
export type CreateCheckRequest = z.input<typeof CreateCheckBody>;
export type CriterionInput = z.input<typeof CriterionInputSchema>;
export type CheckResultPage = z.output<typeof ResultPageSchema>;
export type CheckResultSummary = z.output<typeof CheckResultSummarySchema>;
export type CheckResult = z.output<typeof CheckResultSchema>;
export type Evidence = z.output<typeof EvidenceSchema>;
export type CheckResultNavigation = z.output<typeof NavigationSchema>;
export type EvidenceLocations = z.output<typeof EvidenceLocationsSchema>;
export type ErrorBody = z.output<typeof ErrorBodySchema>;

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
