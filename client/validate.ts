/**
 * @module Checks on the tasks the API returns (open-api-v1.md, States rule 2): a missing required
 * field, a wrong type or an unknown status is an error that keeps the task id. The status sets are
 * the Worker's own (worker/schemas/*-vocabulary.ts, plain constants the bundle carries); the field
 * lists are tied to the schemas' types at compile time, so they cannot drift silently.
 */
import { CHECK_EXECUTION_STATUSES, CHECK_STATUSES } from "../worker/schemas/check-vocabulary.ts";
import { QUERY_EXECUTION_STATUSES, QUERY_STATUSES, SOURCE_STATUSES } from "../worker/schemas/query-vocabulary.ts";
import { UnexpectedResponseError } from "./errors.ts";
import type { Check, CheckExecutionStatus, Query, QueryExecutionStatus } from "./types.ts";

/** true when A and B are the same union; used as `const x: Same<A, B> = true`. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
type Kind = "string" | "integer" | "boolean" | "array" | "object";
type FieldSpec<T> = { [K in RequiredKeys<T>]: T[K] extends string ? "string" | readonly T[K][] : Kind };

export const QUERY_TERMINAL = ["succeeded", "partial", "failed", "cancelled"] as const satisfies readonly QueryExecutionStatus[];
export const CHECK_TERMINAL = ["succeeded", "partial", "failed"] as const satisfies readonly CheckExecutionStatus[];

const QUERY_FIELDS = {
  id: "string",
  subjectName: "string",
  status: QUERY_STATUSES,
  executionStatus: QUERY_EXECUTION_STATUSES,
  sourceStatus: SOURCE_STATUSES,
  coverageComplete: "boolean",
  registrationCount: "integer",
  totalDocumentCount: "integer",
  processedDocumentCount: "integer",
  createdAt: "string",
} as const satisfies FieldSpec<Query>;

const CHECK_FIELDS = {
  id: "string",
  applicant: "string",
  status: CHECK_STATUSES,
  executionStatus: CHECK_EXECUTION_STATUSES,
  sourceStatus: SOURCE_STATUSES,
  sourceRegistryQueryId: "string",
  coverageComplete: "boolean",
  coverageIssues: "array",
  criteria: "array",
  criterionCounts: "array",
  unmatchedCriterionIds: "array",
  candidateCount: "integer",
  pendingReviewCount: "integer",
  confirmedRiskCount: "integer",
  excludedCount: "integer",
  createdAt: "string",
} as const satisfies FieldSpec<Check>;

const allListed: [Same<keyof typeof QUERY_FIELDS, RequiredKeys<Query>>, Same<keyof typeof CHECK_FIELDS, RequiredKeys<Check>>] = [true, true];
void allListed;

function kindOf(value: unknown): Kind | "other" {
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  if (Array.isArray(value)) return "array";
  if (value !== null && typeof value === "object") return "object";
  return "other";
}

function checkFields<T>(what: string, value: unknown, spec: Record<string, string | readonly string[]>, knownId?: string): T {
  const record = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const taskId = typeof record?.id === "string" ? record.id : knownId;
  const label = taskId ? `${what} ${taskId}` : what;
  if (!record) throw new UnexpectedResponseError(`${label}: the response is not an object`, { field: "$", ...(taskId ? { taskId } : {}) });
  for (const [field, expected] of Object.entries(spec)) {
    const actual = record[field];
    if (actual === undefined || actual === null)
      throw new UnexpectedResponseError(`${label}: required field "${field}" is missing`, { field, ...(taskId ? { taskId } : {}) });
    if (typeof expected === "string") {
      if (kindOf(actual) !== expected)
        throw new UnexpectedResponseError(`${label}: field "${field}" is not of type ${expected}`, { field, ...(taskId ? { taskId } : {}) });
    } else if (typeof actual !== "string" || !expected.includes(actual)) {
      throw new UnexpectedResponseError(`${label}: field "${field}" has a value this client does not know`, { field, ...(taskId ? { taskId } : {}) });
    }
  }
  return record as T;
}

/** @throws UnexpectedResponseError (keeping `knownId` or the object's own id) */
export function checkQuery(value: unknown, knownId?: string): Query {
  return checkFields<Query>("query", value, QUERY_FIELDS, knownId);
}

/** @throws UnexpectedResponseError (keeping `knownId` or the object's own id) */
export function checkCheck(value: unknown, knownId?: string): Check {
  return checkFields<Check>("check", value, CHECK_FIELDS, knownId);
}

export function isQueryTerminal(query: Query): boolean {
  return (QUERY_TERMINAL as readonly string[]).includes(query.executionStatus);
}

export function isCheckTerminal(check: Check): boolean {
  return (CHECK_TERMINAL as readonly string[]).includes(check.executionStatus);
}
