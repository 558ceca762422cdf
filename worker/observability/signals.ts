/**
 * @module What the Worker tells its operator, as data: every signal's Analytics Engine datapoint
 * (index1 is the signal's name; its blobs and doubles in this order) and the fields of its JSON log
 * line. This table is the one description of the dataset's columns: the datapoints are built from it
 * (dataPoint), docs/operations.md's SQL reads blobN/doubleN by the names given here, and
 * test/node/operations-doc.test.ts checks every query of that doc against it.
 *
 * Nothing here may carry an API key, a subject name or any text a customer sent or a document holds:
 * routes are patterns (`/api/open/v1/queries/:id`), steps and outcomes are words of this code, a
 * PDF's Producer and Creator are the names of the programs that wrote it.
 */
import { FAILURE_REASONS, PIPELINE_STEPS } from "../schemas/pipeline-vocabulary";

export const SIGNALS = {
  /** One per HTTP request: the route's pattern (never the path), method, status; the account's shard when a key named one, else "-". */
  request: { blobs: ["route", "method", "status_class", "shard"], doubles: ["status", "duration_ms"] },
  /** One per pipeline step run (a queue delivery): its message type, outcome, the account's shard and the delivery's attempt. */
  step: { blobs: ["step", "outcome", "shard"], doubles: ["duration_ms", "attempt"] },
  /** One per certificate read: the parse's outcome by the PDF's generator (its Producer and Creator metadata). */
  parse: { blobs: ["outcome", "producer", "creator"], doubles: ["pages"] },
  /**
   * One per OCR read (kind image, or pdf_page: a PDF page without a text layer), answered from the R2
   * cache (milliseconds) or the service; outcome read, transient (retried) or permanent (left unread).
   */
  ocr: { blobs: ["outcome", "kind"], doubles: ["pages", "latency_ms"] },
  /** One per message the dead-letter queue ends: the step and the last failure recorded for it. */
  dead_letter: { blobs: ["step", "reason"], doubles: ["attempts"] },
} as const satisfies Record<string, { blobs: readonly string[]; doubles: readonly string[] }>;

export type SignalName = keyof typeof SIGNALS;

/** What became of one queue delivery (the step signal's outcome). */
export const STEP_OUTCOMES = ["done", "retry", "wait", "threw", "deadline", "dead_lettered", "gave_up"] as const;
export type StepOutcomeName = (typeof STEP_OUTCOMES)[number];

/** The values an enumerated blob takes: the only ones docs/operations.md's queries may compare it with. */
export const BLOB_VALUES: { [S in SignalName]?: { [B in (typeof SIGNALS)[S]["blobs"][number]]?: readonly string[] } } = {
  request: { method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], status_class: ["1xx", "2xx", "3xx", "4xx", "5xx"] },
  step: { step: PIPELINE_STEPS, outcome: STEP_OUTCOMES },
  parse: { outcome: ["completed", "failed", "unreadable"] },
  ocr: { outcome: ["read", "transient", "permanent"], kind: ["image", "pdf_page"] },
  dead_letter: { step: PIPELINE_STEPS, reason: FAILURE_REASONS },
};

/** The values of a signal: a string per blob, a number per double, by name. */
export type SignalFields<S extends SignalName> = { [B in (typeof SIGNALS)[S]["blobs"][number]]: string } & {
  [D in (typeof SIGNALS)[S]["doubles"][number]]: number;
};

/** The shard blob of a signal that concerns no account. */
export const NO_SHARD = "-";

/** The producer or creator blob of a PDF that names none (or could not be opened). */
export const UNKNOWN_GENERATOR = "(none)";

/** Analytics Engine keeps at most this many bytes of a blob (of 16 KB for all); ours are far shorter. */
export const BLOB_MAX_LENGTH = 96;

export interface DataPoint {
  indexes: [string];
  blobs: string[];
  doubles: number[];
}

/** The signal's datapoint: index1 its name, blobN and doubleN in the table's order. */
export function dataPoint<S extends SignalName>(signal: S, fields: SignalFields<S>): DataPoint {
  const shape = SIGNALS[signal];
  const values: Record<string, string | number> = fields;
  return {
    indexes: [signal],
    blobs: shape.blobs.map((name) => String(values[name]).slice(0, BLOB_MAX_LENGTH)),
    doubles: shape.doubles.map((name) => Number(values[name])),
  };
}

/** The column a field of a signal is written to (`blob2`, `double1`), or null when the signal has no such field. */
export function columnOf(signal: SignalName, field: string): string | null {
  const shape: { blobs: readonly string[]; doubles: readonly string[] } = SIGNALS[signal];
  const blob = shape.blobs.indexOf(field);
  if (blob >= 0) return `blob${blob + 1}`;
  const double = shape.doubles.indexOf(field);
  return double >= 0 ? `double${double + 1}` : null;
}
