/**
 * @module A parsed certificate as an analyst reads it beside the drawn pages: the registration's type in
 * words, its dates, business type, parties by role, amounts and the property description, each field
 * only when the certificate printed it. What the parser read, not what the upstream listed.
 *
 * Stable hooks: dl#certificate-parsed with dd[data-field=registerType|registerTime|registrationMonths|
 * expiresAt|businessType|debtors|securedParties|mainContract|maximumClaim|performancePeriod|
 * propertyDescription]; p#certificate-unparsed when there is none.
 */
import type { Certificate } from "../../schemas/certificate";
import { REGISTER_TYPES } from "../../schemas/query-vocabulary";
import { defineMessages, fill, formatTime, type Lang } from "./i18n";
import { html, type Html } from "./layout";
import { vocabulary } from "./vocabulary";

const messages = defineMessages(
  {
    heading: "解析结果",
    unparsed: "此登记证明尚未解析或无法解析，请查看原文件。",
    registerType: "登记类型",
    registerTime: "登记时间",
    registrationMonths: "登记期限",
    months: "{months} 个月",
    expiresAt: "到期日",
    businessType: "交易业务类型",
    debtors: "出质人/债务人",
    securedParties: "质权人/担保权人",
    mainContract: "主合同",
    maximumClaim: "最高债权额",
    performancePeriod: "债务履行期限",
    propertyDescription: "财产描述",
  },
  {
    heading: "As parsed",
    unparsed: "This certificate has not been parsed, or could not be: read the file itself.",
    registerType: "Registration type",
    registerTime: "Registered",
    registrationMonths: "Term",
    months: "{months} months",
    expiresAt: "Expires",
    businessType: "Business type",
    debtors: "Debtors",
    securedParties: "Secured parties",
    mainContract: "Main contract",
    maximumClaim: "Maximum claim",
    performancePeriod: "Performance period",
    propertyDescription: "Property description",
  },
);

type Field =
  | "registerType"
  | "registerTime"
  | "registrationMonths"
  | "expiresAt"
  | "businessType"
  | "debtors"
  | "securedParties"
  | "mainContract"
  | "maximumClaim"
  | "performancePeriod"
  | "propertyDescription";

const isRegisterType = (value: string): value is (typeof REGISTER_TYPES)[number] => (REGISTER_TYPES as readonly string[]).includes(value);

/** The parts that were printed, joined; null when none was. */
const joined = (separator: string, ...parts: ReadonlyArray<string | null>) => parts.filter((p) => p !== null && p !== "").join(separator) || null;
/** An amount and its currency code ("1500000.00 CNY"); null without an amount. */
const money = (amount: string | null, currency: string | null) => (amount ? joined(" ", amount, currency) : null);

function fieldsOf(lang: Lang, certificate: Certificate): ReadonlyArray<[Field, string | null]> {
  const words = messages(lang);
  const partyNames = (role: "debtor" | "secured_party") =>
    (certificate.parties ?? [])
      .filter((p) => p.role === role && p.name)
      .map((p) => p.name)
      .join("、") || null;
  const type = certificate.registerType;
  return [
    ["registerType", type === null ? null : isRegisterType(type) ? vocabulary(lang).registerType[type] : type],
    ["registerTime", certificate.registerTime === null ? null : formatTime(lang, certificate.registerTime)],
    ["registrationMonths", certificate.registrationMonths === null ? null : fill(words.months, { months: certificate.registrationMonths })],
    ["expiresAt", certificate.expiresAt],
    ["businessType", certificate.businessTypeDescription],
    ["debtors", partyNames("debtor")],
    ["securedParties", partyNames("secured_party")],
    ["mainContract", joined(" · ", certificate.mainContractNumber, money(certificate.mainContractAmount, certificate.mainContractCurrency))],
    ["maximumClaim", money(certificate.maximumClaimAmount, certificate.maximumClaimCurrency)],
    ["performancePeriod", certificate.performancePeriodText ?? joined(" – ", certificate.performanceStartDate, certificate.performanceEndDate)],
    ["propertyDescription", certificate.propertyDescription],
  ];
}

export function certificateFacts(lang: Lang, certificate: Certificate | null): Html {
  const words = messages(lang);
  if (!certificate) return html`<p id="certificate-unparsed">${words.unparsed}</p>`;
  const shown = fieldsOf(lang, certificate).filter((entry): entry is [Field, string] => entry[1] !== null);
  return html`<h2>${words.heading}</h2>
    <dl id="certificate-parsed" class="facts">
      ${shown.map(
        ([field, value]) =>
          html`<dt>${words[field]}</dt>
            <dd data-field="${field}" class="long-text">${value}</dd>`,
      )}
    </dl>`;
}
