/**
 * @module A certificate as printed, before any renderer: the number line, the title, blocks of
 * label/value rows and the page furniture, in one vocabulary. Every renderer lays out the same
 * PrintedDocument its own way. Each row names the checked fields (test/corpus/fields.ts) it prints, so the
 * truth of a document is exactly what it shows.
 */
import { BUSINESS_TYPES, CURRENCIES, PARTY_TYPES, REGISTER_TYPES } from "../../worker/domain/certificate/vocabulary";
import type { Certificate, CertificateParty } from "../../worker/schemas/certificate";
import type { Rng } from "../../worker/upstream/sandbox/prng";
import { certificateFields, type FieldValues, partyKey } from "../../test/corpus/fields";
import { capitalNumerals, withSeparators } from "./amounts";
import { propertyPrefix, type Vocabulary } from "./vocabularies";

export interface Row {
  label: string;
  value: string;
  /** Checked fields this row prints. */
  fields: string[];
  /** A value that may run over lines or pages (descriptions, addresses). */
  long?: boolean;
}

export interface Block {
  heading: string | null;
  rows: Row[];
  /** A party's block: its role word ("出质人"), side and position within the side (layouts that number parties). */
  party?: { word: string; role: "debtor" | "secured_party"; position: number };
}

export interface Furniture {
  registry: string;
  agent: string;
  printTime: string;
  /** Repeated at the top of every page. */
  header: string;
  watermark: string | null;
  /** "第N页 共M页" or "第N页". */
  pageCount: boolean;
  /** A closing statement after the last block: a line the parser does not know. */
  closing: string | null;
}

export interface PrintedDocument {
  numberRow: Row;
  title: string;
  blocks: Block[];
  furniture: Furniture;
  truth: FieldValues;
}

export interface PrintOptions {
  vocabulary: Vocabulary;
  /** 登记证明编号 in groups of four digits. */
  groupedNumber: boolean;
  agent: string;
  printTime: string;
  watermark: boolean;
  pageCount: boolean;
  closing: boolean;
}

const REGISTRY = "中国人民银行征信中心";

function registerTypeWord(code: string | null): string {
  return REGISTER_TYPES.find((t) => t.code === code)?.description ?? "初始登记";
}

function currencyText(code: string | null, v: Vocabulary): string | null {
  if (code === null) return null;
  const c = CURRENCIES.find((x) => x.code === code);
  return v.currency === "code" || !c ? code : (c.words[0] ?? code);
}

function amountText(decimal: string | null, currency: string | null, v: Vocabulary): string | null {
  if (decimal === null) return null;
  const printed = withSeparators(decimal);
  if (v.amounts === "yuan") return `${printed} 元`;
  if (v.amounts === "capital") return `${printed}（${currencyText(currency, { ...v, currency: "word" }) ?? "人民币"}${capitalNumerals(decimal)}）`;
  return printed;
}

function grouped(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Rows of the fields that have a value; a row whose value is null is not printed. */
class RowList {
  readonly rows: Row[] = [];
  add(label: string, value: string | number | null | undefined, fields: string[] = [], long = false): void {
    if (value === null || value === undefined || value === "") return;
    this.rows.push({ label, value: String(value), fields, long });
  }
}

function partyBlock(party: CertificateParty, role: string, position: number, heading: string, v: Vocabulary): Block {
  const r = party.role ?? "debtor";
  const prefix = v.partyLabels === "prefixed" ? heading : "";
  const list = new RowList();
  const person = party.typeCode === "04";
  const typeText = PARTY_TYPES.find((t) => t.code === party.typeCode)?.description ?? party.details?.typeDescription ?? null;
  list.add(`${prefix}类型`, typeText, [partyKey(r, position, "typeCode")]);
  list.add(`${prefix}${person && v.name === "format" ? "姓名" : "名称"}`, party.name, [partyKey(r, position, "name")]);
  list.add(`${prefix}统一社会信用代码`, party.unifiedSocialCreditCode, [partyKey(r, position, "unifiedSocialCreditCode")]);
  if (party.personalIdentityNumber) list.add(`${prefix}证件类型`, "身份证");
  list.add(`${prefix}证件号码`, party.personalIdentityNumber, [partyKey(r, position, "personalIdentityNumber")]);
  list.add(`${prefix}法定代表人`, party.details?.legalRepresentative);
  list.add(`${prefix}住所`, `${party.details?.province ?? ""}${party.details?.city ?? ""}${party.details?.address ?? ""}` || null, [], true);
  return { heading: v.partyLabels === "headed" ? heading : null, rows: list.rows, party: { word: heading, role: r, position } };
}

function registrationBlock(c: Certificate, o: PrintOptions): Block {
  const v = o.vocabulary;
  const list = new RowList();
  if (v.registerType) list.add(v.registerType, registerTypeWord(c.registerType), ["registerType"]);
  if (c.registerType !== "initial") list.add(v.initialNumber, c.initialCertificateNumber, ["initialCertificateNumber"]);
  list.add(v.registerTime, c.registerTime?.slice(0, 19).replace("T", " "), ["registerTime"]);
  const months = c.registrationMonths === null ? null : v.months.unitInLabel ? String(c.registrationMonths) : `${c.registrationMonths}个月`;
  list.add(v.months.label, months, ["registrationMonths"]);
  list.add(v.expiresAt, c.expiresAt, ["expiresAt"]);
  list.add(v.businessType, c.businessTypeDescription, ["businessTypeCode"]);
  list.add(v.leaseBusinessType, c.leaseBusinessType, ["leaseBusinessType"]);
  list.add("担保类型", c.securityType, ["securityType"]);
  list.add("担保范围", c.securedScope, ["securedScope"], true);
  return { heading: v.sectionHeadings ? "登记信息" : null, rows: list.rows };
}

/** `propertyLabel` is the business type's description label: the prefix of the property labels comes from it. */
function propertyBlock(c: Certificate, propertyLabel: string, rentTotal: string | null, o: PrintOptions): Block {
  const v = o.vocabulary;
  const prefix = propertyPrefix(propertyLabel);
  // An objection states its case where the description would be; the property labels stay the type's.
  const descriptionLabel = c.registerType === "objection" ? "异议登记陈述" : propertyLabel;
  const list = new RowList();
  list.add(v.mainContractNumber, c.mainContractNumber, ["mainContractNumber"]);
  list.add(v.mainContractAmount, amountText(c.mainContractAmount, c.mainContractCurrency, v), ["mainContractAmount"]);
  list.add(v.mainContractCurrency, currencyText(c.mainContractCurrency, v), ["mainContractCurrency"]);
  if (v.rentTotal) list.add("租金总额", rentTotal && amountText(rentTotal, "CNY", { ...v, amounts: "yuan" }));
  list.add("最高债权额", amountText(c.maximumClaimAmount, c.maximumClaimCurrency, v), ["maximumClaimAmount"]);
  list.add("最高债权额币种", currencyText(c.maximumClaimCurrency, v), ["maximumClaimCurrency"]);
  list.add(v.securityContractNumber, c.securityContractNumber, ["securityContractNumber"]);
  list.add(v.performancePeriod, c.performancePeriodText, ["performanceStartDate", "performanceEndDate"]);
  list.add(v.propertyValue(prefix), amountText(c.propertyValue, c.propertyValueCurrency, v), ["propertyValue"]);
  list.add(v.propertyValueCurrency(prefix), currencyText(c.propertyValueCurrency, v), ["propertyValueCurrency"]);
  list.add(v.uniqueCode(prefix), c.propertyUniqueCode, ["propertyUniqueCode"]);
  list.add(descriptionLabel, c.propertyDescription, ["propertyDescription"], true);
  const files = (c.declaredAttachments ?? []).map((a) => a.fileName ?? "").filter((f) => f !== "");
  list.add(v.attachment(prefix), files.join("、"), files.length ? ["declaredAttachments"] : []);
  return { heading: v.sectionHeadings ? "财产信息" : null, rows: list.rows };
}

function detailsBlock(c: Certificate): Block | null {
  const d = c.registrationDetails;
  if (d?.changeDescription)
    return { heading: "变更信息", rows: [{ label: "变更事项", value: d.changeDescription, fields: ["changeDescription"], long: true }] };
  if (d?.extensionMonths)
    return { heading: "展期信息", rows: [{ label: "展期期限", value: `${d.extensionMonths}个月`, fields: ["extensionMonths"] }] };
  if (d?.cancellationReason)
    return { heading: "注销信息", rows: [{ label: "注销原因", value: d.cancellationReason, fields: ["cancellationReason"], long: true }] };
  return null;
}

function preparerBlock(c: Certificate, o: PrintOptions, rng: Rng): Block | null {
  const p = c.preparer;
  if (!p?.name) return null;
  const list = new RowList();
  list.add(o.vocabulary.preparerName, p.name, ["preparer.name"]);
  if (o.vocabulary.preparerNumber) list.add("填表人编号", `TB${rng.digits(12)}`);
  list.add("填表人证件类型", p.certificateType);
  list.add("填表人证件号码", p.certificateNumber);
  return { heading: o.vocabulary.sectionHeadings ? "填表人信息" : null, rows: list.rows };
}

/**
 * The printed form of a certificate. `certificate` is what is printed (as generated, full-width digits
 * and all); `truth` is the same certificate as a reader states it (the sandbox's normalised truth).
 */
export function printDocument(certificate: Certificate, truth: Certificate, o: PrintOptions, rng: Rng): PrintedDocument {
  const c = certificate;
  const business = BUSINESS_TYPES.find((b) => b.code === c.businessTypeCode) ?? BUSINESS_TYPES[0];
  const roles = business?.roles ?? ["担保人", "担保权人"];
  const propertyLabel = business?.descriptionLabel ?? "财产描述";
  const seen = { debtor: 0, secured_party: 0 };
  const parties = (c.parties ?? []).map((p) => {
    const role = p.role ?? "debtor";
    seen[role] += 1;
    return partyBlock(p, role, seen[role], role === "debtor" ? roles[0] : roles[1], o.vocabulary);
  });
  const rentTotal = c.businessTypeCode === "B00000" && c.mainContractAmount ? (Number(c.mainContractAmount) * 1.08).toFixed(2) : null;
  const blocks = [
    registrationBlock(c, o),
    ...parties,
    propertyBlock(c, propertyLabel, rentTotal, o),
    detailsBlock(c),
    preparerBlock(c, o, rng),
  ].filter((b): b is Block => b !== null && b.rows.length > 0);
  const number = c.certificateNumber ?? "";
  const printed = new Set(["certificateNumber", "registerType", ...blocks.flatMap((b) => b.rows.flatMap((r) => r.fields))]);
  // An initial registration's initial number is its own number, printed or not (certificate-format.md).
  if (c.registerType === "initial") printed.add("initialCertificateNumber");
  const all = certificateFields(truth);
  return {
    numberRow: { label: "登记证明编号", value: o.groupedNumber ? grouped(number) : number, fields: ["certificateNumber"] },
    title: `动产和权利担保统一登记 ${registerTypeWord(c.registerType)}证明`,
    blocks,
    furniture: {
      registry: REGISTRY,
      agent: o.agent,
      printTime: o.printTime,
      header: `登记证明编号：${number}\u3000${REGISTRY}`,
      watermark: o.watermark ? REGISTRY : null,
      pageCount: o.pageCount,
      closing: o.closing ? `本证明由${REGISTRY}动产融资统一登记公示系统出具，登记内容以系统记载为准。` : null,
    },
    truth: Object.fromEntries(Object.entries(all).filter(([key]) => printed.has(key))),
  };
}
