/**
 * @module The value sets of a query and its registrations, written once: the public schemas
 * (schemas/query.ts, schemas/registration.ts), the query state table (domain/pipeline/query-states.ts),
 * the public failures (domain/failures.ts) and the client's checks (client/validate.ts) all read them
 * from here. Plain constants, no zod: the client bundles this file and needs nothing else at run time.
 */

export const QUERY_STATUSES = ["queued", "waiting_resource", "processing", "succeeded", "no_result", "partial", "failed", "cancelled"] as const;
export const QUERY_EXECUTION_STATUSES = ["queued", "waiting_resource", "processing", "succeeded", "partial", "failed", "cancelled"] as const;
export const SOURCE_STATUSES = ["available", "unavailable", "quarantined"] as const;
export const FAILURE_CODES = [
  "SOURCE_QUARANTINED",
  "SOURCE_UNAVAILABLE",
  "QUERY_FAILED",
  "CHECK_FAILED",
  "DOCUMENT_COVERAGE_INCOMPLETE",
  "CHECK_COVERAGE_INCOMPLETE",
] as const;
export const REGISTRATION_PARSE_STATUSES = ["completed", "pending", "failed", "missing"] as const;
/** The gateway contract's register types (worker/upstream/http/contract.ts), as the upstream lists them. */
export const REGISTER_TYPES = ["initial", "change", "extension", "cancellation", "objection"] as const;
export const ATTACHMENT_STATUSES = ["text_extracted", "no_text", "not_text_searchable", "unreadable"] as const;
