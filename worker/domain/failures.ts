/** @module Public failure messages: fixed per code, no upstream diagnostics, no customer text. */
import type { FAILURE_CODES } from "../schemas/query-vocabulary";

export type FailureCode = (typeof FAILURE_CODES)[number];

export const FAILURE_MESSAGES: Record<FailureCode, string> = {
  SOURCE_QUARANTINED: "The registry holds this subject's data in quarantine; it cannot be handed out.",
  SOURCE_UNAVAILABLE: "The registry could not provide the registration list; the query allowance was released.",
  QUERY_FAILED: "The query could not be completed.",
  CHECK_FAILED: "The check could not be completed.",
  DOCUMENT_COVERAGE_INCOMPLETE: "Some certificates could not be obtained or parsed; a miss does not rule out risk.",
  CHECK_COVERAGE_INCOMPLETE: "Some documents could not be searched; a miss does not rule out risk.",
};

export function publicFailure(code: string | null | undefined): { code: FailureCode; message: string } | undefined {
  if (!code || !(code in FAILURE_MESSAGES)) return undefined;
  return { code: code as FailureCode, message: FAILURE_MESSAGES[code as FailureCode] };
}
