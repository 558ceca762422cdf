/**
 * @module The account's memory of a receivable (console-api.md, GET /hits), its pure part: a value
 * looked up is folded as criteria are (./criteria.ts), and a registration a check of the account hit
 * "touches" the value when the check's own matcher, given the value as its one criterion, finds it in
 * the registration's text (invoice numbers as whole tokens or inside a printed range, keywords across
 * width, case and script). The text search that picks the registrations to read is a prefix of the
 * value (a range prints its two ends with a common head: 00123456-00123499).
 */
import { foldedCriterion, invoiceDigits } from "./criteria";
import { compileCriteria, type CompiledMatcher } from "./matching";

export interface MemoryProbe {
  /** The value as criteria are stored (criteria.folded_value). */
  folded: string;
  /** What a registration's text must contain to be read at all. */
  prefix: string;
  matcher: CompiledMatcher;
}

/** The digits a printed range's two ends share at least: all but the last three (and never fewer than four). */
const RANGE_TAIL = 3;
const MIN_PREFIX = 4;

export function memoryProbe(value: string): MemoryProbe | null {
  const folded = foldedCriterion(value);
  if (!folded) return null;
  const digits = invoiceDigits(value);
  const prefix = digits ? digits.slice(0, Math.max(MIN_PREFIX, digits.length - RANGE_TAIL)) : folded;
  const matcher = compileCriteria([{ id: "value", kind: digits ? "invoice_no" : "keyword", value: digits ?? value }]);
  return { folded, prefix, matcher };
}

/** Whether the text names the value (the matcher's rules, ranges included). */
export function namesValue(probe: MemoryProbe, text: string): boolean {
  return probe.matcher.scan(text).length > 0;
}
