/**
 * @module The labels a certificate prints (certificate-format.md) and how a line is recognised as
 * "label [colon] value". One table for the parser and the sandbox generator. Labels are matched at the
 * start of a line, longest first (登记期限（月） before 登记期限, 填表人证件类型 before 证件类型), tolerating
 * spaces between the characters of a justified label ("登 记 时 间") and full-width or ASCII colons.
 */
import { ATTACHMENT_LABELS, DEBTOR_ROLES, SECURED_ROLES } from "./vocabulary";

/** Where a label's value goes. `party.*` keys belong to the current party block. */
export type FieldKey =
  | "certificateNumber" | "initialCertificateNumber" | "registerType" | "registerTime" | "registrationMonths"
  | "expiresAt" | "businessType" | "leaseBusinessType" | "securityType" | "securedScope"
  | "mainContractNumber" | "mainContractAmount" | "mainContractCurrency" | "maximumClaimAmount"
  | "maximumClaimCurrency" | "securityContractNumber" | "performancePeriod" | "propertyValue"
  | "propertyValueCurrency" | "propertyUniqueCode" | "propertyDescription" | "attachment"
  | "preparer.name" | "preparer.certificateType" | "preparer.certificateNumber" | "preparer.address"
  | "preparer.archiveNumber" | "preparer.authorizedPerson"
  | "original.registered" | "original.department" | "original.number" | "original.date" | "original.description"
  | "details.changeDescription" | "details.extensionMonths" | "details.cancellationReason"
  | "party.type" | "party.name" | "party.creditCode" | "party.organizationCode" | "party.businessRegistrationNumber"
  | "party.financialInstitutionCode" | "party.institutionCertificateNumber" | "party.organizationRegistrationCertificateNumber"
  | "party.lei" | "party.legalRepresentative" | "party.industry" | "party.scale" | "party.nationality"
  | "party.province" | "party.city" | "party.address" | "party.certificateType" | "party.identityNumber"
  | "party.tradeName" | "party.passportIssuingCountry" | "party.passportExpiryDate" | "party.unclassified";

/** Every label variant per field. The first variant is the one the generator prints by default. */
export const LABELS: Readonly<Record<FieldKey, readonly string[]>> = {
  certificateNumber: ["登记证明编号"],
  initialCertificateNumber: ["初始登记编号", "关联的初始登记编号"],
  registerType: ["登记类型"],
  registerTime: ["登记时间"],
  registrationMonths: ["登记期限", "登记期限（月）"],
  expiresAt: ["登记到期日"],
  businessType: ["交易业务类型", "业务类型"],
  leaseBusinessType: ["租赁业务类型"],
  securityType: ["担保类型"],
  securedScope: ["担保范围"],
  mainContractNumber: ["主合同号码", "融资合同号码"],
  mainContractAmount: ["主合同金额", "融资合同金额"],
  mainContractCurrency: ["主合同币种", "融资合同币种"],
  maximumClaimAmount: ["最高债权额"],
  maximumClaimCurrency: ["最高债权额币种"],
  securityContractNumber: ["担保合同号码", "质押合同号码", "转让合同号码"],
  performancePeriod: ["债务履行期限", "履行期限"],
  propertyValue: ["财产价值", "转让财产价值", "质押财产价值"],
  propertyValueCurrency: ["财产价值币种"],
  propertyUniqueCode: ["财产唯一识别码", "识别码"],
  propertyDescription: ["财产描述", "担保财产描述", "质押财产描述", "转让财产描述", "抵押财产描述", "租赁财产描述", "异议登记陈述"],
  attachment: Object.keys(ATTACHMENT_LABELS),
  "preparer.name": ["填表人名称", "填表人"],
  "preparer.certificateType": ["填表人证件类型"],
  "preparer.certificateNumber": ["填表人证件号码"],
  "preparer.address": ["填表人住所"],
  "preparer.archiveNumber": ["填表人归档号"],
  "preparer.authorizedPerson": ["授权人"],
  "original.registered": ["是否已在其他机构登记"],
  "original.department": ["原登记机构"],
  "original.number": ["原登记编号"],
  "original.date": ["原登记日期"],
  "original.description": ["原登记说明"],
  "details.changeDescription": ["变更事项", "变更说明"],
  "details.extensionMonths": ["展期期限"],
  "details.cancellationReason": ["注销原因", "注销说明"],
  "party.type": ["类型"],
  "party.name": ["名称", "姓名"],
  "party.creditCode": ["统一社会信用代码"],
  "party.organizationCode": ["组织机构代码"],
  "party.businessRegistrationNumber": ["工商注册号"],
  "party.financialInstitutionCode": ["金融机构编码"],
  "party.institutionCertificateNumber": ["事业单位法人证书号"],
  "party.organizationRegistrationCertificateNumber": ["机构注册登记证书号"],
  "party.lei": ["全球法人机构识别编码", "全球法人机构识别编码（LEI）", "LEI"],
  "party.legalRepresentative": ["法定代表人", "负责人", "法定代表人/负责人"],
  "party.industry": ["所属行业", "行业"],
  "party.scale": ["企业规模", "规模"],
  "party.nationality": ["国家"],
  "party.province": ["省份"],
  "party.city": ["城市"],
  "party.address": ["住所", "地址", "详细地址"],
  "party.certificateType": ["证件类型"],
  "party.identityNumber": ["证件号码", "身份证件号码"],
  "party.tradeName": ["字号名称"],
  "party.passportIssuingCountry": ["护照签发国"],
  "party.passportExpiryDate": ["护照到期日"],
  "party.unclassified": ["组织机构代码/统一社会信用代码", "工商注册号/统一社会信用代码"],
};

/** Block headings that are not party roles: they end the value before them and carry no value. */
export const SECTION_HEADINGS = [
  "基本信息", "登记信息", "担保人信息", "担保权人信息", "财产信息", "原登记信息", "变更信息", "展期信息",
  "注销信息", "异议信息", "填表人信息",
] as const;

export interface LabelMatch {
  field: FieldKey;
  label: string;
  /** The value after the label and its colon, trimmed ("" when the value is on the next line). */
  value: string;
  /** UTF-16 offset of `value` in the line. */
  valueStart: number;
}

function charsPattern(label: string): string {
  return [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\/（）]/g, "\\$&")).join("\\s*");
}

const LABEL_ENTRIES = (Object.entries(LABELS) as [FieldKey, readonly string[]][])
  .flatMap(([field, labels]) => labels.map((label) => ({ field, label })))
  .sort((a, b) => b.label.length - a.label.length);

/**
 * One regex for all labels: the label, an optional unit in brackets ("主合同金额（元）", "登记期限(月)"),
 * then a colon, whitespace or the end of the line.
 */
const LABEL_REGEX = new RegExp(
  `^\\s*(?:${LABEL_ENTRIES.map((e) => `(${charsPattern(e.label)})`).join("|")})\\s*(?:[（(][^（()）]{1,6}[)）])?\\s*(?:[:：]|(?=\\s)|$)\\s*`,
);

/** Recognise "label: value" at the start of a line. */
export function matchLabel(line: string): LabelMatch | null {
  const m = LABEL_REGEX.exec(line);
  if (!m) return null;
  const group = m.slice(1).findIndex((g) => g !== undefined);
  const entry = LABEL_ENTRIES[group];
  if (!entry) return null;
  const value = line.slice(m[0].length).trimEnd();
  return { field: entry.field, label: entry.label, value, valueStart: m[0].length };
}

const ROLE_REGEX = new RegExp(`^\\s*(${[...SECURED_ROLES, ...DEBTOR_ROLES].map(charsPattern).join("|")})\\s*(?:信息)?\\s*(?:[（(]?\\d+[)）]?)?\\s*$`);
const SECTION_REGEX = new RegExp(`^\\s*(?:${SECTION_HEADINGS.map(charsPattern).join("|")})\\s*$`);

/** A party block heading ("出质人", "质权人（2）"): the role, with spaces removed. */
export function matchRoleHeading(line: string): { role: "debtor" | "secured_party"; heading: string } | null {
  const m = ROLE_REGEX.exec(line);
  if (!m?.[1]) return null;
  const heading = m[1].replace(/\s/g, "");
  const secured = (SECURED_ROLES as readonly string[]).includes(heading);
  return { role: secured ? "secured_party" : "debtor", heading };
}

export function isSectionHeading(line: string): boolean {
  return SECTION_REGEX.test(line);
}

/** True when a line would be read as the start of a new field or block (the generator avoids wrapping into one). */
export function startsStructure(line: string): boolean {
  return matchLabel(line) !== null || matchRoleHeading(line) !== null || isSectionHeading(line);
}
