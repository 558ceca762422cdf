/**
 * @module The life of a query (open-api-v1 "Status fields"): queued, perhaps waiting for an upstream
 * slot, listed (processing its documents, or no_result for an explicit empty list, or failed when no
 * list could be had), then succeeded or partial once every document was processed.
 */
import { QUERY_STATUSES } from "../../schemas/query-vocabulary";
import type { FailureCode } from "../failures";
import { from, stateMachine } from "./state-machine";

export { QUERY_STATUSES };
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const QUERY_EVENTS = [
  /** No upstream slot, or the upstream said busy: the query waits (again). */
  "slot_busy",
  /** The upstream listed one or more registrations: their documents are processed next. */
  "listed",
  /** The upstream listed none, explicitly and completely. */
  "listed_empty",
  /** The upstream refused the list for good (unavailable, quarantined). */
  "list_refused",
  /** The listing kept failing until the queue gave up (dead-letter queue). */
  "list_abandoned",
  /** Every registration processed, every certificate read and parsed, from an available source. */
  "documents_complete",
  /** Every registration processed, some certificate missing or unparsed (or a quarantined source). */
  "documents_incomplete",
] as const;
export type QueryEvent = (typeof QUERY_EVENTS)[number];

const WAITING_TO_LIST = ["queued", "waiting_resource"] as const;

export const queryStates = stateMachine<QueryStatus, QueryEvent>({
  name: "query",
  statuses: QUERY_STATUSES,
  initial: "queued",
  // "cancelled" is in the spec's vocabulary, but nothing cancels a query yet: it has no row below.
  terminal: ["succeeded", "no_result", "partial", "failed", "cancelled"],
  events: QUERY_EVENTS,
  transitions: [
    ...from(WAITING_TO_LIST, "slot_busy", "waiting_resource"),
    ...from(WAITING_TO_LIST, "listed", "processing"),
    ...from(WAITING_TO_LIST, "listed_empty", "no_result"),
    ...from(WAITING_TO_LIST, "list_refused", "failed"),
    ...from(WAITING_TO_LIST, "list_abandoned", "failed"),
    ...from(["processing"], "documents_complete", "succeeded"),
    ...from(["processing"], "documents_incomplete", "partial"),
  ],
});

/** Statuses in the spec that no transition reaches yet, with why (the states test allows exactly these). */
/** The ends an operator's re-drive may reopen (worker/db/redrive.ts `reopenQuery`): the dead-letter queue's. */
export const QUERY_STATUSES_REOPENABLE = ["failed", "partial"] as const satisfies readonly QueryStatus[];

/**
 * Ends nothing leaves: no event's source, no re-drive's. A query row in one of these never changes
 * again in what a client reads (only its updatedAt, which no answer shows), so a copy of it may be kept.
 */
export const QUERY_STATUSES_FINAL: readonly QueryStatus[] = queryStates.terminal.filter(
  (s) => !(QUERY_STATUSES_REOPENABLE as readonly QueryStatus[]).includes(s),
);

export const QUERY_STATUSES_NOT_REACHED: Partial<Record<QueryStatus, string>> = {
  cancelled: "no endpoint cancels a query yet",
};

/** executionStatus follows status: no_result is a successful execution. */
export const QUERY_EXECUTION_STATUS = {
  queued: "queued",
  waiting_resource: "waiting_resource",
  processing: "processing",
  succeeded: "succeeded",
  no_result: "succeeded",
  partial: "partial",
  failed: "failed",
  cancelled: "cancelled",
} as const satisfies Record<QueryStatus, string>;

/** What a query's registrations say once its documents are done (or the pipeline gave up on it). */
export interface DocumentsTally {
  /** Whether the registration list was ever obtained. */
  listed: boolean;
  sourceStatus: string;
  processed: number;
  /** Registrations not processed, or whose certificate is missing or unparsed. */
  incomplete: number;
}

export type DocumentsOutcome = {
  event: "documents_complete" | "documents_incomplete" | "list_abandoned";
  coverageComplete: boolean;
  failureCode: FailureCode | null;
};

/**
 * Any certificate missing or unparsed, or a quarantined source, makes the query partial; a query
 * abandoned before it was listed fails.
 */
export function documentsOutcome(tally: DocumentsTally): DocumentsOutcome {
  if (!tally.listed) return { event: "list_abandoned", coverageComplete: false, failureCode: "QUERY_FAILED" };
  const complete = tally.sourceStatus === "available" && tally.incomplete === 0;
  if (complete) return { event: "documents_complete", coverageComplete: true, failureCode: null };
  const failureCode: FailureCode | null =
    tally.sourceStatus === "quarantined" ? "SOURCE_QUARANTINED" : tally.incomplete > 0 ? "DOCUMENT_COVERAGE_INCOMPLETE" : null;
  return { event: "documents_incomplete", coverageComplete: false, failureCode };
}

/** A stored status as a status of the table (a value outside it is corrupt data, not a state). */
export function asQueryStatus(value: string): QueryStatus {
  const status = QUERY_STATUSES.find((s) => s === value);
  if (!status) throw new Error("a query's status column holds a value that is no status");
  return status;
}
