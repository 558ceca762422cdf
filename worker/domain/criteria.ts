/**
 * @module Criterion input rules: an invoice number is what worker/schemas/invoice-number.ts says (6 to 20
 * digits once white space goes and full-width digits fold), read through the matcher's own fold, so a
 * value the server admits is a value the matcher reads as a number; a keyword is any text of 1 to 200
 * characters.
 */
import { INVOICE_DIGITS } from "../schemas/invoice-number";
import { isDigitString, normalizeValue } from "./matching";

/** The invoice number's digits as the matcher reads them, or null when the value is no invoice number. */
export function invoiceDigits(value: string): string | null {
  const digits = normalizeValue(value);
  return isDigitString(digits) && digits.length >= INVOICE_DIGITS.min && digits.length <= INVOICE_DIGITS.max ? digits : null;
}

/** A criterion value, or a value looked up in the account's memory, as the matcher folds it: the same intent finds the same checks. */
export function foldedCriterion(value: string): string {
  return normalizeValue(value);
}
