/**
 * @module The life of a check. Its status column says `processing` until the pipeline is done; the
 * table splits that in three by executionStatus: `queued` (waiting for its source query, or for its
 * first slice), `indexing` (waiting_resource: its query's attachments are being read, queues/indexing/)
 * and `matching`. Matching ends in review_pending (candidates await manual review),
 * completed or partial; a check whose source query failed, or that the pipeline gave up on, fails.
 * Manual reviews (worker/routes/admin/reviews/put.ts) move review_pending on.
 */
import { from, stateMachine } from "./state-machine";

export const CHECK_STATES = ["queued", "indexing", "matching", "review_pending", "completed", "partial", "failed"] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export const CHECK_EVENTS = [
  /** The query's attachments are being read for it (asked for by this check or another of the query). */
  "indexing",
  /** A slice of registrations is being matched (every slice says so: it also keeps the sweep away). */
  "matching",
  /** The source query ended failed (or is gone): there is nothing to match. */
  "source_failed",
  /** A slice kept failing until the queue gave up (dead-letter queue). */
  "abandoned",
  /** The last slice is matched and candidates await review. */
  "matched_for_review",
  /** The last slice is matched, nothing awaits review, every document was searched. */
  "matched_complete",
  /** The last slice is matched, nothing awaits review, some document could not be searched. */
  "matched_partial",
  /** A review was recorded and candidates still await review. */
  "reviews_pending",
  /** The last candidate was reviewed (coverage complete / incomplete). */
  "reviews_complete",
  "reviews_partial",
] as const;
export type CheckEvent = (typeof CHECK_EVENTS)[number];

const UNFINISHED = ["queued", "indexing", "matching"] as const;

export const checkStates = stateMachine<CheckState, CheckEvent>({
  name: "check",
  statuses: CHECK_STATES,
  initial: "queued",
  terminal: ["completed", "partial", "failed"],
  events: CHECK_EVENTS,
  transitions: [
    ...from(["queued", "indexing"], "indexing", "indexing"),
    ...from(UNFINISHED, "matching", "matching"),
    ...from(UNFINISHED, "source_failed", "failed"),
    ...from(UNFINISHED, "abandoned", "failed"),
    ...from(["matching"], "matched_for_review", "review_pending"),
    ...from(["matching"], "matched_complete", "completed"),
    ...from(["matching"], "matched_partial", "partial"),
    ...from(["review_pending"], "reviews_pending", "review_pending"),
    ...from(["review_pending"], "reviews_complete", "completed"),
    ...from(["review_pending"], "reviews_partial", "partial"),
  ],
});

/** Where a check stands, read from its two status columns. */
export function checkState(row: { status: string; executionStatus: string }): CheckState {
  if (row.status === "processing") {
    if (row.executionStatus === "queued") return "queued";
    return row.executionStatus === INDEXING_EXECUTION_STATUS ? "indexing" : "matching";
  }
  const state = CHECK_STATES.find((s) => s === row.status);
  if (!state) throw new Error("a check's status column holds a value that is no state");
  return state;
}

/** The executionStatus of a check waiting for its query's attachments to be read. */
export const INDEXING_EXECUTION_STATUS = "waiting_resource";

/** The stored columns of a state: `processing` covers queued, indexing and matching. */
export function checkStatusColumn(state: CheckState): string {
  return state === "queued" || state === "indexing" || state === "matching" ? "processing" : state;
}

/** The event that ends matching, named by the status checkStatus (check-matching.ts) decided. */
export const MATCHED_EVENT = {
  review_pending: "matched_for_review",
  completed: "matched_complete",
  partial: "matched_partial",
} as const satisfies Record<string, CheckEvent>;
