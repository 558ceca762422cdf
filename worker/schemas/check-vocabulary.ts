/**
 * @module The value sets of a check, written once: the public schemas (schemas/check*.ts, schemas/evidence.ts), the
 * stored evidence record (db/evidence.ts) and the tables' column types all read them from here.
 */

export const CHECK_STATUSES = ["processing", "review_pending", "completed", "partial", "failed"] as const;
export const CHECK_EXECUTION_STATUSES = ["queued", "waiting_resource", "processing", "succeeded", "partial", "failed"] as const;
export const MATCH_STATUSES = ["matched", "unmatched", "pending"] as const;
export const RESULT_STATUSES = ["pending", "confirmed", "excluded", "unmatched"] as const;
export const STRENGTHS = ["invoice_match", "keyword_only"] as const;
export const REVIEW_DECISIONS = ["confirmed", "false_positive"] as const;
/** Where a hit was read (worker/domain/check-matching.ts SourceField; README "Where a hit was read"). */
export const SOURCE_FIELDS = ["property_description", "certificate_text", "attachment_text", "ocr_text", "ocr_text_low_confidence"] as const;
export const TERM_KINDS = ["invoice_no", "keyword"] as const;
export const RESULT_SORTS = ["registration", "strength", "hits", "standing"] as const;
/** Where a result's registration stood when the check matched (console-api.md, "A registration's standing"). */
export const STANDING_STATES = ["in_force", "expired", "cancelled", "unknown"] as const;
/** What a standing was read from: the chain, the registration's own certificate alone, or neither in full. */
export const STANDING_BASES = ["chain", "certificate", "unknown"] as const;
export const COVERAGE_ISSUE_CODES = [
  "SOURCE_QUARANTINED",
  "SOURCE_UNAVAILABLE",
  "CERTIFICATE_MISSING",
  "CERTIFICATE_UNPARSED",
  "ATTACHMENT_NOT_TEXT_SEARCHABLE",
  "ATTACHMENT_NO_TEXT",
  "ATTACHMENT_UNREADABLE",
  "ATTACHMENT_MISSING",
  "ATTACHMENT_NOT_INDEXED",
  "CRITERION_NOT_SEARCHABLE",
  "PAGES_NOT_READ",
  "OCR_LOW_CONFIDENCE",
] as const;
/** Why a registration could not be decided (a coverage issue code of the registration itself). */
export const PENDING_REASONS = [
  "CERTIFICATE_MISSING",
  "CERTIFICATE_UNPARSED",
  "ATTACHMENT_NOT_TEXT_SEARCHABLE",
  "ATTACHMENT_NO_TEXT",
  "ATTACHMENT_UNREADABLE",
  "ATTACHMENT_MISSING",
  "ATTACHMENT_NOT_INDEXED",
  "PAGES_NOT_READ",
  "OCR_LOW_CONFIDENCE",
] as const;
