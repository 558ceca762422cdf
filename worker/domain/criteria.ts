/**
 * @module Criterion input rules: an invoice number is 6 to 20 digits once full-width digits are
 * folded and spaces removed (how they are printed varies; the number does not); a keyword is any
 * text of 1 to 200 characters.
 */
export function invoiceDigits(value: string): string | null {
  const digits = value.normalize("NFKC").replace(/\s+/gu, "");
  return /^\d{6,20}$/.test(digits) ? digits : null;
}
