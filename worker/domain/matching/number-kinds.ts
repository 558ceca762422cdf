/**
 * @module What the text says a number is, before it is evidence (issue 39). An invoice criterion's digits
 * may be printed as an invoice number, an invoice code, an amount ("金额 12345678 元", "12345678.00"), a
 * contract's, an order's, an account's or a certificate's number, a date or a phone number: only an invoice
 * number, or a number nothing names that has no other kind's shape (a mobile number's), is evidence of an invoice.
 *
 * A number's kind comes from its own writing first (a unit or currency sign beside it, decimals after it:
 * an amount), then from the nearest label written before it in its sentence (a "。" or "；" ends it; white
 * space and line breaks are nothing, since values wrap anywhere; longest label where two end together),
 * compared folded like everything the matcher reads (./fold.ts: 合同編號 is 合同编号). A label of a single
 * value (an amount, a date, a phone number) names only the number right after it: past another number its
 * sentence has moved on. Read only for the few hits a check keeps, never in the scan.
 */
import { normalizeValue } from "./fold";

export type NumberKind =
  | "invoice_number"
  | "invoice_code"
  | "amount"
  | "contract"
  | "order"
  | "account"
  | "certificate"
  | "date"
  | "phone"
  /** Nothing names it. */
  | "unlabelled";

/** Labels and the kind each names (written plainly; folded below). */
const LABELS: ReadonlyArray<readonly [string, NumberKind]> = [
  ["发票号码", "invoice_number"],
  ["发票号", "invoice_number"],
  ["票号", "invoice_number"],
  ["发票", "invoice_number"],
  ["起始号码", "invoice_number"],
  ["终止号码", "invoice_number"],
  ["发票代码", "invoice_code"],
  ["代码", "invoice_code"],
  ["金额", "amount"],
  ["价税合计", "amount"],
  ["合计", "amount"],
  ["总额", "amount"],
  ["总价", "amount"],
  ["价款", "amount"],
  ["税额", "amount"],
  ["余额", "amount"],
  ["价值", "amount"],
  ["货款", "amount"],
  ["合同编号", "contract"],
  ["合同号码", "contract"],
  ["合同号", "contract"],
  ["协议编号", "contract"],
  ["协议号", "contract"],
  ["订单编号", "order"],
  ["订单号", "order"],
  ["提单号", "order"],
  ["运单号", "order"],
  ["账号", "account"],
  ["账户", "account"],
  ["卡号", "account"],
  ["证书编号", "certificate"],
  ["证明编号", "certificate"],
  ["登记编号", "certificate"],
  ["身份证号", "certificate"],
  ["证件号码", "certificate"],
  ["信用代码", "certificate"],
  ["税号", "certificate"],
  ["识别号", "certificate"],
  ["日期", "date"],
  ["时间", "date"],
  ["电话", "phone"],
  ["手机", "phone"],
  ["传真", "phone"],
  ["联系方式", "phone"],
];

const FOLDED: ReadonlyArray<readonly [string, NumberKind]> = LABELS.map(([label, kind]) => [normalizeValue(label), kind]);

/** Kinds whose label names one value: a number after that value is no longer the label's. */
const SINGLE_VALUE: ReadonlySet<NumberKind> = new Set(["amount", "date", "phone"]);

/** How far before a number its label may stand (code units of the text). */
const LABEL_REACH = 32;
/** Sentence ends: a label before one of these names something else. */
const SENTENCE_END = /[。；;]/g;
/** A number sign right before the digits ("No.01492921", "№ 01492921"), folded: an invoice's number. */
const NUMBER_SIGN = /(?:no[.:#]?|№)$/;
/** After the number: decimals, or a unit or currency word ("12345678.00", "12345678 元", "1234万元"). */
const AMOUNT_AFTER = /^(?:[.．][0-9０-９]|\s*(?:元|圆|万元|万|亿元|亿|人民币|美元|欧元|港元|日元))/;
/** Before the number: a currency sign ("¥12345678", "RMB 12345678"). */
const AMOUNT_BEFORE = /(?:[¥￥$]|rmb|cny|usd)\s*$/i;
/** After the number: a date's year ("20190321年" never; "2019年" has too few digits, but a date's own words do). */
const DATE_AFTER = /^\s*(?:年|年度)/;

/** The sentence before `start`, at most LABEL_REACH units, as printed. */
function sentenceBefore(text: string, start: number): string {
  const before = text.slice(Math.max(0, start - LABEL_REACH), start);
  const ends = [...before.matchAll(SENTENCE_END)];
  const last = ends[ends.length - 1];
  return last ? before.slice(last.index + 1) : before;
}

/** Labels in a folded text, each the longest at its place, none inside another. */
function labelCount(folded: string): number {
  let count = 0;
  for (let i = 0; i < folded.length;) {
    const longest = FOLDED.reduce((n, [label]) => (label.length > n && folded.startsWith(label, i) ? label.length : n), 0);
    count += longest > 0 ? 1 : 0;
    i += Math.max(1, longest);
  }
  return count;
}

/**
 * A table's header row over the number's line ("发票号码 金额" above "12345678 1,000.00"): its labels name
 * columns, not the number after the last of them; the number's own line names nothing.
 */
function underHeaderRow(before: string): boolean {
  const lineStart = before.lastIndexOf("\n");
  if (lineStart < 0 || nearestLabel(normalizeValue(before.slice(lineStart + 1))).end >= 0) return false;
  const header = before.slice(before.lastIndexOf("\n", lineStart - 1) + 1, lineStart);
  return labelCount(normalizeValue(header)) >= 2 && !/[:：]/.test(header);
}

/** The kind of the nearest label in a folded window, where it ends; "unlabelled" at -1 when none. */
function nearestLabel(window: string): { kind: NumberKind; end: number } {
  let best: { kind: NumberKind; end: number; length: number } = { kind: "unlabelled", end: -1, length: 0 };
  for (const [label, kind] of FOLDED) {
    const at = window.lastIndexOf(label);
    if (at < 0) continue;
    const end = at + label.length;
    if (end > best.end || (end === best.end && label.length > best.length)) best = { kind, end, length: label.length };
  }
  return best;
}

/**
 * What the text calls the number whose first digit is at `start` and whose last is before `end` (a hit's
 * span: a number, a range or an abbreviated list).
 */
export function numberKind(text: string, start: number, end: number): NumberKind {
  if (AMOUNT_AFTER.test(text.slice(end, end + 4)) || AMOUNT_BEFORE.test(text.slice(Math.max(0, start - 4), start))) return "amount";
  if (DATE_AFTER.test(text.slice(end, end + 3))) return "date";
  const before = sentenceBefore(text, start);
  if (underHeaderRow(before)) return "unlabelled";
  const window = normalizeValue(before);
  if (NUMBER_SIGN.test(window)) return "invoice_number";
  const label = nearestLabel(window);
  // A single value's label followed by a number before this one: that number was its value.
  if (SINGLE_VALUE.has(label.kind) && /[0-9]/.test(window.slice(label.end))) return "unlabelled";
  return label.kind;
}

/** Digits of an invoice number as issued: 8 (paper invoices) or 20 (fully digital ones): a number grouped by hyphens must have them (./look.ts). */
export const INVOICE_NUMBER_SHAPES: ReadonlySet<number> = new Set([8, 20]);

/** The first number of a hit's text (a range's or a list's first end), its digits only. */
function firstNumber(matched: string): string {
  const m = /[0-9０-９](?:\s?[0-9０-９])*/.exec(matched);
  return m ? normalizeValue(m[0]) : "";
}

/** Numbers of another kind's own shape, named or not: a mainland mobile number (11 digits, 13… to 19…). */
const OTHER_SHAPE = /^1[3-9]\d{9}$/;

/**
 * Whether a hit [start, end) of an invoice criterion is evidence of an invoice: a number the text calls an
 * invoice number, or one nothing names that has no other kind's shape (a mobile number). `decides`: the text
 * calls it an invoice number, the only ground for a system decision.
 */
export function invoiceEvidence(text: string, start: number, end: number): { shows: boolean; decides: boolean } {
  const kind = numberKind(text, start, end);
  if (kind === "invoice_number") return { shows: true, decides: true };
  return { shows: kind === "unlabelled" && !OTHER_SHAPE.test(firstNumber(text.slice(start, end))), decides: false };
}

/** Whether the text names the number starting at `start` as something other than an invoice number. */
export function namedOtherThanInvoice(text: string, start: number): boolean {
  const kind = numberKind(text, start, start);
  return kind !== "invoice_number" && kind !== "unlabelled";
}
