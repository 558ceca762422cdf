/**
 * @module Duplicate-check matcher: finds invoice numbers and keywords of up to 100 criteria in
 * a page text or property description in one pass (one Aho-Corasick automaton over keywords and
 * invoice numbers, ./automaton.ts; token boundaries checked where a number hits, ./tokens.ts;
 * ranges by value, ./numbers.ts).
 *
 * Normalisation (./fold.ts), applied to criteria values and to the text alike: per UTF-16 code
 * unit NFKC (when it stays one unit: full-width digits, letters and punctuation become ASCII),
 * lower case, dash/wave-dash variants → "-"/"~", traditional characters → simplified ones by OpenCC's
 * character dictionary (./variants.ts), whitespace and line breaks removed; only ASCII and full-width
 * digits are digits (worker/schemas/invoice-number.ts: "①" is a mark). Hit offsets are UTF-16 offsets in the
 * ORIGINAL text, start inclusive, end exclusive; `matched` is `text.slice(start, end)` and may
 * contain whitespace that normalisation ignored.
 *
 * keyword: a normalised substring anywhere (case-, width-, whitespace- and script-insensitive:
 * 应收账款 finds 应收帐款 and 應收賬款, ./variants.ts), via "substring". An invoice_no value that is not all digits after normalisation ("No.0149") is
 * matched the same way (termKind stays "invoice_no"); none of the digit rules below apply to it.
 *
 * invoice_no with an all-digit normalised value matches whole number TOKENS only (via "exact"):
 * 1. A chunk is a maximal run of digits with no whitespace inside. Any other character
 *    (letters, ".", ":", "号码", "、", "，", "-", CJK text) ends a token, so "No.01492921",
 *    "号码：01492921" and "HT01492921" all hit 01492921.
 * 2. Chunks separated by one whitespace unit (not a tab) join into one token only in the 4-digit
 *    grouping style: a chunk joins the token before it when every chunk so far has exactly 4 digits
 *    and the joining chunk has 1–4 ("0149 2921", "2444 2000 0000 0012 3456"). Otherwise the chunks
 *    are separate tokens: "3100222130 01492921" (code, space, number) has the token 01492921.
 *    A chunk longer than 4 after 4-digit groups starts its own token ("0149 29211234"). A tab or
 *    several whitespace units are a table's column gap: "0440 3190 0111\t1234 5678" is a code and
 *    the number 12345678.
 * 3. A criterion hits a token only when the token's digits equal it exactly: never inside a
 *    longer run ("310022213001492921"), never the tail or head of a 20-digit number, written
 *    plainly or in 4-digit groups ("2444 2000 0000 0149 2921" does not hit 01492921).
 *    Leading zeros count: 1492921 and 01492921 are different numbers.
 * 4. Range (via "range"): token A, optionally the "号" closing an ordinal, optional whitespace,
 *    one or more separators among "-", "~", "至", "到" (after folding, so also "～", "〜", "—", "－"),
 *    "一" and "ー" (put for a dash by typists and OCR), optional whitespace, optionally a number
 *    sign ("No", "No.", "No:", "No#" in any case and width, "№", the "第" opening an ordinal) and
 *    whitespace, token B: "No.00823456-No.00823499" and "第12345601号至第12345609号" are ranges.
 *    A criterion v hits when A, B and v have the same length and A < v < B compared as numbers
 *    (same length, so as digit strings); no common-prefix requirement. The span is the whole
 *    range text, from A's first digit to B's last. The ends A and B hit as ordinary exact
 *    tokens, so an endpoint is reported once, as "exact". Reversed ranges (A ≥ B) give no range
 *    hits. When B is shorter than A and A has 6 digits or more, B gives only A's last digits that
 *    change ("12345601-09" is 12345601 to 12345609): B' = A with its last digits replaced by B's, and
 *    A < v ≤ B' hits (B' is printed only in part, so it hits here, not as a token); no range when
 *    B' ≤ A ("12345678-1" of a copy count is 12345671). In "A-B-C" both A-B and B-C are ranges.
 *    Ordinary text makes no range because the ends must be two tokens of one length, or a short one
 *    after 6 digits or more: a date ("2019-03-21": 4, 2, 2 digits), "第一批", "一00123456" never do;
 *    two years ("2019一2021") would, for a 4-digit criterion only (invoice numbers have 8 or 20 digits).
 * 5. Abbreviated list (via "list"): a token H of 6 digits or more, then tokens of 1–4 digits, each
 *    after the same list mark, "/" or "、" (whitespace aside): "07573825/26/27", "07573825、26、27".
 *    Each short token stands for the number before it with as many last digits replaced
 *    (07573826, then 07573827) and must be above it, else the list ends there ("12345678/2份",
 *    "07573825/24" are no lists; nor is a date "2019/03/21", whose first token has 4 digits). A
 *    criterion equal to a short token's expansion hits; the span runs from H's first digit to the
 *    short token's last. H itself hits as an ordinary exact token.
 * 6. Groups joined by hyphens (via "exact", issue 39): an invoice number's 8 or 20 digits in two groups of
 *    any size or in 4-digit groups with a last of 1–4, each one "-" apart ("0149-2921",
 *    "2444-2000-0000-0149-2921"); not a 4-digit group spaced after another (a range of grouped ends).
 * 7. Ranges whose ends stand on labels of their own (via "range", ./labelled-ranges.ts): "起始号码：A，终止号码：B",
 *    "起 A 止 B", "自A起至B止"; as in rule 4, criteria of the ends' length strictly between them.
 * What a hit's number is (an invoice number, an amount, a contract's …) is read apart, for the few hits a
 * check keeps (./number-kinds.ts).
 *
 * Every criterion hitting a span is reported (overlaps of different criteria included); the
 * same criterion id on the same span once. Hits are sorted by start, then end.
 * Not folded: astral characters (e.g. mathematical digits), characters whose NFKC or lower
 * case is more than one code unit ("㈱", "ﬁ"), and U+FFFF, which is skipped like whitespace.
 */
export { compileCriteria } from "./compile";
export type { CompiledMatcher, Criterion, Hit, MatchVia, Pattern, TermKind } from "./types";
export { isDigitString, normalizeValue } from "./fold";
export { invoiceEvidence, namedOtherThanInvoice, numberKind, type NumberKind } from "./number-kinds";
export { snippetAround } from "./snippet";
export type { Snippet } from "./snippet";
