/**
 * @module What the text calls a number. An invoice number's digits may also be a contract's, an order's,
 * an account's or a certificate's number: "合同编号：12345678" found by the criterion 12345678 is no
 * evidence that invoice 12345678 was pledged, and must never become a system decision. The label is the
 * nearest one written before the number in its sentence (a "。" or "；" ends it; white space and line
 * breaks are nothing, since values wrap anywhere), compared folded like everything the matcher reads
 * (./fold.ts: 合同編號 is 合同编号). Read only for the few hits a check keeps, never in the scan.
 */
import { normalizeValue } from "./fold";

/** Labels that name a number as something other than an invoice number (folded forms). */
export const OTHER_NUMBER_LABELS = [
  "合同编号",
  "合同号",
  "协议编号",
  "协议号",
  "订单编号",
  "订单号",
  "账号",
  "账户",
  "证书编号",
  "证明编号",
  "登记编号",
  "身份证号",
  "信用代码",
  "税号",
  "识别号",
  "提单号",
  "运单号",
  "电话",
  "手机",
].map(normalizeValue);

/** Labels that name an invoice (folded forms): "发票号码", "发票代码", "电子发票号码", "票号". */
export const INVOICE_LABELS = ["发票", "票号"].map(normalizeValue);

/** How far before a number its label may stand (code units of the text). */
const LABEL_REACH = 32;
/** Sentence ends: a label before one of these names something else. */
const SENTENCE_END = /[。；;]/g;

/** Where the last of `labels` ends in `window` (folded), or -1. */
function lastEnd(window: string, labels: readonly string[]): number {
  let end = -1;
  for (const label of labels) {
    const at = window.lastIndexOf(label);
    if (at >= 0) end = Math.max(end, at + label.length);
  }
  return end;
}

/**
 * Whether the text names the number starting at `start` as something other than an invoice number: the
 * nearest label before it in its sentence is a contract, order, account, certificate … number's.
 */
export function namedOtherThanInvoice(text: string, start: number): boolean {
  let before = text.slice(Math.max(0, start - LABEL_REACH), start);
  const ends = [...before.matchAll(SENTENCE_END)];
  const last = ends[ends.length - 1];
  if (last) before = before.slice(last.index + 1);
  const window = normalizeValue(before);
  return lastEnd(window, OTHER_NUMBER_LABELS) > lastEnd(window, INVOICE_LABELS);
}
