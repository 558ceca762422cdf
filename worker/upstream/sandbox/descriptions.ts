/**
 * @module Property descriptions (财产描述) the sandbox prints: per business type, built of invoice
 * clauses in every printed form, contract numbers and amounts; some long enough to run over one or two
 * page breaks, some only "详见附件" with the invoice list in an attachment.
 */
import { amount, INVOICE_FORMS, invoiceClause, type InvoiceMention } from "./invoices";
import type { Rng } from "./prng";
import { EQUIPMENT, GOODS } from "./vocab";

export interface GeneratedDescription {
  text: string;
  mentions: InvoiceMention[];
  /** True when the description refers to an attachment for the invoice list. */
  refersToAttachment: boolean;
}

/** The registry caps a description at 4,000 characters. */
const MAX_LENGTH = 4000;

function lead(rng: Rng, businessCode: string, debtor: string, buyer: string): string {
  switch (businessCode) {
    case "A00100":
      return `出质人${debtor}以其对${buyer}享有的应收账款出质，应收账款对应发票如下：`;
    case "A00200":
      return `出让人${debtor}将其对${buyer}的应收账款转让给受让人，转让应收账款对应发票如下：`;
    case "B00000":
      return `租赁物为${rng.pick(EQUIPMENT)}${rng.int(1, 30)}台（套），设备编号SB-${rng.digits(6)}，租赁物购置发票如下：`;
    case "N10030":
      return `抵押财产为${rng.pick(["温室大棚", "灌溉设施", "冷库设备"])}，位于${buyer}厂区内，相关发票如下：`;
    case "P00100":
      return `抵押财产为${rng.pick(EQUIPMENT)}及库存${rng.pick(GOODS)}，购置发票如下：`;
    default:
      return `担保财产为${rng.pick(GOODS)}${rng.int(10, 5000)}吨，仓单编号CD${rng.digits(8)}，相关发票如下：`;
  }
}

function contractClause(rng: Rng): string {
  const total = amount(rng, 10_000, 9_000_000);
  return rng.chance(0.5) ? `合同编号HT-${rng.int(2019, 2025)}-${rng.digits(4)}，金额${total.printed}元` : `价税合计 ${total.printed} 元`;
}

/**
 * A description of a target length class: "short" (one clause or two), "medium" (a page),
 * "long" (over one or two page breaks), or "attachment" (详见附件 plus a sentence).
 */
export function generateDescription(
  rng: Rng,
  businessCode: string,
  debtor: string,
  buyer: string,
  size: "short" | "medium" | "long" | "attachment",
): GeneratedDescription {
  if (size === "attachment") {
    const text = rng.chance(0.5) ? `${lead(rng, businessCode, debtor, buyer).replace(/如下：$/, "详见附件。")}` : "详见附件";
    return { text, mentions: [], refersToAttachment: true };
  }
  const target = size === "short" ? rng.int(60, 200) : size === "medium" ? rng.int(400, 1200) : rng.int(2400, 3800);
  let text = lead(rng, businessCode, debtor, buyer);
  const mentions: InvoiceMention[] = [];
  // Every form appears once before repeats, so a medium or long description carries all of them.
  const forms = rng.shuffle([...INVOICE_FORMS]);
  for (let i = 0; text.length < target; i++) {
    const form = forms[i % forms.length] ?? "coded10";
    const clause = i % 5 === 4 ? { text: contractClause(rng), mentions: [] } : invoiceClause(rng, form);
    if (text.length + clause.text.length + 30 > MAX_LENGTH) break;
    text += `${i === 0 ? "" : "；"}${clause.text}`;
    mentions.push(...clause.mentions);
  }
  const total = amount(rng, 50_000, 50_000_000);
  text += `。以上合计金额${total.printed}元。`;
  return { text, mentions, refersToAttachment: false };
}
