/**
 * @module The invoice-number rule, written once. A criterion of kind invoice_no is 6 to 20 digits once
 * white space goes and full-width digits fold to ASCII. Three readers take it from here: the OpenAPI
 * schema's pattern (./check.ts), the server's check of a new criterion (worker/domain/criteria.ts,
 * through the matcher's fold) and the matcher's fold itself (worker/domain/matching/fold.ts), which
 * makes exactly these characters digits and skips exactly these as white space, so that what the
 * contract admits is what the matcher reads as a number.
 *
 * Only ASCII and full-width digits are digits. Circled, superscript and subscript digits ("①", "¹"),
 * which NFKC would make digits too, are list marks and footnote marks in the documents: read as digits
 * they would glue onto the number beside them ("①12345678" is not 112345678).
 */

/** The fewest and most digits of an invoice number (10/12-digit codes and 8-digit numbers; 20-digit e-invoices). */
export const INVOICE_DIGITS = { min: 6, max: 20 } as const;

/** Characters that are digits, as a regular-expression class body: ASCII and full-width. */
export const DIGIT_CLASS = "0-9\\uFF10-\\uFF19";

/** Where full-width digits begin: U+FF10 is "０". */
export const FULL_WIDTH_ZERO = 0xff10;

/**
 * Characters that are white space, as a class body: JavaScript's \s (which includes the ideographic space
 * and no-break spaces), NEL and the zero-width space (which PDF text layers put between grouped digits),
 * and U+FFFF, a noncharacter the matcher's fold table uses as its mark for what it skips.
 */
export const SPACE_CLASS = "\\s\\u0085\\u200B\\uFFFF";

/**
 * White space the door admits between digits: the space separators (Zs). The fold skips more (line breaks,
 * the zero-width space of PDF text layers), but a criterion is text typed at a door, and the door's text
 * rule (./text.ts) refuses controls and invisible characters inside a value and trims them around it.
 */
export const INPUT_SPACE_CLASS = " \\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000";

/**
 * The schema's pattern: digits with space separators between them, and around them whatever the door trims
 * (\s is exactly what String.prototype.trim removes).
 */
export const INVOICE_NO_PATTERN = `^\\s*[${DIGIT_CLASS}](?:[${INPUT_SPACE_CLASS}]*[${DIGIT_CLASS}]){${INVOICE_DIGITS.min - 1},${INVOICE_DIGITS.max - 1}}\\s*$`;
