/**
 * @module How an invoice number was found on the page, from the stored evidence: printed on its own
 * (`exact`), or only inside a printed range ("43632615~43632933") or an abbreviated list
 * ("07573825/26/27") that covers it (worker/domain/matching/index.ts, rules 4 and 5). The matcher
 * stores the text as printed (termValue: the whole range for a range hit), so the form is read back by
 * comparing it, folded as the matcher folds, with the criterion. A keyword is a keyword.
 */
import { normalizeValue } from "../../domain/matching";

export type HitForm = "exact" | "range" | "list" | "keyword";

/** The marks that join an abbreviated list (after folding); anything else between two numbers is a range. */
const LIST_MARK = /[/、]/;

export function hitForm(termKind: "invoice_no" | "keyword", criterionValue: string, printed: string): HitForm {
  if (termKind === "keyword") return "keyword";
  const found = normalizeValue(printed);
  if (found === normalizeValue(criterionValue)) return "exact";
  return LIST_MARK.test(found) ? "list" : "range";
}

/** The system's reason in the export's own terms: an exact hit anywhere outweighs hits inside ranges. */
export type ExportDecision = "invoice_exact_match" | "invoice_in_printed_range" | "invoice_in_printed_list";

export function exportDecision(forms: readonly HitForm[]): ExportDecision {
  if (forms.includes("exact")) return "invoice_exact_match";
  if (forms.includes("range")) return "invoice_in_printed_range";
  if (forms.includes("list")) return "invoice_in_printed_list";
  return "invoice_exact_match";
}
