/**
 * @module Invoice numbers as registrations print them (certificate-format.md, "Property"): 8-digit
 * numbers after a 10- or 12-digit invoice code, 20-digit fully digital invoice numbers, "No." lists,
 * lists separated by 、，；, ranges (-, 至, ～), 4-digit groups and full-width digits. Each clause comes
 * with the exact numbers it prints, which is the truth the duplicate-check tests compare against.
 */
import type { Rng } from "./prng";

export type InvoiceForm = "coded10" | "coded12" | "digital20" | "no_list" | "separated_list" | "range" | "grouped" | "full_width";

/** One invoice number as printed in a registration. */
export interface InvoiceMention {
  /** ASCII digits, no separators: 8 digits, or 20 for a fully digital invoice. */
  number: string;
  /** The 10- or 12-digit invoice code printed with it, if any. */
  code: string | null;
  /** The number exactly as printed (grouped, full-width …). */
  printed: string;
  form: InvoiceForm;
  /** Set on both ends of a printed range. */
  range: { start: string; end: string } | null;
  /** Where it is printed: the property description or an attachment (by file name). */
  source: "description" | { attachment: string };
  /** Printed only as pixels (a scanned attachment): found by OCR or not at all. */
  needsOcr?: true;
}

export interface InvoiceClause {
  text: string;
  mentions: InvoiceMention[];
}

const FULL_WIDTH_DIGITS = "０１２３４５６７８９";

export function toFullWidth(digits: string): string {
  return digits.replace(/\d/g, (d) => FULL_WIDTH_DIGITS.charAt(Number(d)));
}

function grouped(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

function invoiceCode(rng: Rng, length: 10 | 12): string {
  // 10 digits: region (4) year (2) batch (3) kind (1); 12 digits: a leading 0 and a longer batch.
  return length === 10
    ? `${rng.int(1100, 6500)}${rng.int(18, 25)}${rng.digits(3)}${rng.pick(["1", "3", "4"])}`
    : `0${rng.int(1100, 6500)}${rng.int(18, 25)}${rng.digits(5)}`;
}

const eightDigits = (rng: Rng) => rng.digits(8);
const twentyDigits = (rng: Rng) => `${rng.int(21, 25)}${rng.int(11, 65)}${rng.pick(["2", "7"])}${rng.digits(15)}`;

function mention(number: string, form: InvoiceForm, printed = number, code: string | null = null): InvoiceMention {
  return { number, code, printed, form, range: null, source: "description" };
}

/** One clause in one of the printed forms, chosen by `form`. */
export function invoiceClause(rng: Rng, form: InvoiceForm): InvoiceClause {
  switch (form) {
    case "coded10":
    case "coded12": {
      const code = invoiceCode(rng, form === "coded10" ? 10 : 12);
      const n = eightDigits(rng);
      const text = rng.chance(0.5) ? `发票代码：${code} 发票号码：${n}` : `发票代码${code}，发票号码${n}`;
      return { text, mentions: [mention(n, form, n, code)] };
    }
    case "digital20": {
      const n = twentyDigits(rng);
      return { text: `${rng.pick(["数电发票号码：", "全电发票号码", "电子发票号码："])}${n}`, mentions: [mention(n, form)] };
    }
    case "no_list": {
      const ns = Array.from({ length: rng.int(2, 4) }, () => eightDigits(rng));
      return { text: ns.map((n) => `No.${n}`).join("，"), mentions: ns.map((n) => mention(n, form)) };
    }
    case "separated_list": {
      const sep = rng.pick(["、", "，", "；"]);
      const ns = Array.from({ length: rng.int(3, 8) }, () => eightDigits(rng));
      return { text: `发票号码：${ns.join(sep)}`, mentions: ns.map((n) => mention(n, form)) };
    }
    case "range": {
      const startValue = rng.int(100000, 89999999);
      const start = String(startValue).padStart(8, "0");
      const end = String(startValue + rng.int(5, 400)).padStart(8, "0");
      const sep = rng.pick(["-", "至", "～"]);
      const range = { start, end };
      return {
        text: `发票号码${start}${sep}${end}`,
        mentions: [start, end].map((n) => ({ ...mention(n, form), range })),
      };
    }
    case "grouped": {
      const n = rng.chance(0.6) ? eightDigits(rng) : twentyDigits(rng);
      return { text: `发票号码：${grouped(n)}`, mentions: [mention(n, form, grouped(n))] };
    }
    case "full_width": {
      const n = eightDigits(rng);
      return { text: `发票号码：${toFullWidth(n)}`, mentions: [mention(n, form, toFullWidth(n))] };
    }
  }
}

export const INVOICE_FORMS: readonly InvoiceForm[] = [
  "coded10",
  "coded12",
  "digital20",
  "no_list",
  "separated_list",
  "range",
  "grouped",
  "full_width",
];

/** An amount with thousands separators, e.g. "189,496.66", and its decimal string "189496.66". */
export function amount(rng: Rng, min: number, max: number): { printed: string; decimal: string } {
  const cents = rng.int(min * 100, max * 100);
  const decimal = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const printed = decimal.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ",");
  return { printed, decimal };
}
