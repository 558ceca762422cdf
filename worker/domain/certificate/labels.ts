/**
 * @module The labels certificates print (certificate-format.md and the registry's own wording) and how
 * they are found in a line. One table for the parser and the sandbox generator: each field's variants,
 * party labels with or without a role prefix ("名称", "出质人名称"), labels recognised but mapped to no field
 * (so their value never glues onto another), block headings. Labels match with any spacing between their
 * characters ("登 记 时 间"), longest first (登记期限（月） before 登记期限), followed by a colon, a space, a unit
 * in brackets or the end of the line.
 */
import { ATTACHMENT_LABELS, DEBTOR_ROLES, SECURED_ROLES } from "./vocabulary";

/** Where a label's value goes. `party.*` keys belong to the current party block. */
export type FieldKey =
  | "certificateNumber"
  | "initialCertificateNumber"
  | "registerType"
  | "registerTime"
  | "registrationMonths"
  | "expiresAt"
  | "businessType"
  | "leaseBusinessType"
  | "securityType"
  | "securedScope"
  | "mainContractNumber"
  | "mainContractAmount"
  | "mainContractCurrency"
  | "maximumClaimAmount"
  | "maximumClaimCurrency"
  | "securityContractNumber"
  | "performancePeriod"
  | "propertyValue"
  | "propertyValueCurrency"
  | "propertyUniqueCode"
  | "propertyDescription"
  | "attachment"
  | "preparer.name"
  | "preparer.certificateType"
  | "preparer.certificateNumber"
  | "preparer.address"
  | "preparer.archiveNumber"
  | "preparer.authorizedPerson"
  | "original.registered"
  | "original.department"
  | "original.number"
  | "original.date"
  | "original.description"
  | "details.changeDescription"
  | "details.extensionMonths"
  | "details.cancellationReason"
  | "party.type"
  | "party.name"
  | "party.creditCode"
  | "party.organizationCode"
  | "party.businessRegistrationNumber"
  | "party.financialInstitutionCode"
  | "party.institutionCertificateNumber"
  | "party.organizationRegistrationCertificateNumber"
  | "party.lei"
  | "party.legalRepresentative"
  | "party.industry"
  | "party.scale"
  | "party.nationality"
  | "party.province"
  | "party.city"
  | "party.address"
  | "party.certificateType"
  | "party.identityNumber"
  | "party.tradeName"
  | "party.passportIssuingCountry"
  | "party.passportExpiryDate"
  | "party.unclassified"
  | "ignored";

/** Every label variant per field the sandbox prints. The first variant is the one it prints by default. */
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
  ignored: [],
};

/**
 * Labels other generators print (the registry's own wording, older forms): read, never printed by the
 * sandbox (whose embedded font is subset to the characters it prints).
 */
export const MORE_LABELS: Readonly<Partial<Record<FieldKey, readonly string[]>>> = {
  certificateNumber: ["登记编号"],
  initialCertificateNumber: ["关联的登记证明编号", "初始登记证明编号"],
  registerType: ["登记种类"],
  registerTime: ["登记日期"],
  expiresAt: ["到期日", "登记到期日期"],
  mainContractNumber: ["主合同编号", "融资合同编号"],
  mainContractAmount: ["融资金额", "主债权金额"],
  mainContractCurrency: ["融资金额币种", "主合同金额币种"],
  securityContractNumber: ["抵押合同号码", "担保合同编号"],
  performancePeriod: ["主债务履行期限"],
  propertyValue: ["抵押财产价值", "租赁财产价值", "担保财产价值"],
  // Before 2021 the registry printed the currency of the property's value as the contract's (转让合同币种 beside 转让财产价值).
  propertyValueCurrency: [
    "转让财产币种",
    "质押财产币种",
    "抵押财产币种",
    "租赁财产币种",
    "担保财产币种",
    "财产币种",
    "转让合同币种",
    "质押合同币种",
    "抵押合同币种",
    "担保合同币种",
  ],
  propertyUniqueCode: ["租赁财产唯一标识码", "财产唯一标识码", "唯一标识码"],
  "details.changeDescription": ["变更内容"],
  "party.type": ["主体类型"],
  "party.name": ["姓名/名称", "名称/姓名"],
  // Since 2021 one row holds a company's credit code or a person's identity number: classified by the value's own check.
  "party.unclassified": ["统一社会信用代码/身份证件号码", "身份证件号码/统一社会信用代码"],
  // Printed by the registry but without a Certificate field: recognised, so that their values stay apart.
  ignored: ["填表人编号", "租金总额", "查询编号", "登记机构"],
};

/** How a label ranks among its field's words: the field's own (LABELS) before other wordings (MORE_LABELS). */
export function labelRank(field: FieldKey, label: string): number {
  const words = [...LABELS[field], ...(MORE_LABELS[field] ?? [])];
  const at = words.indexOf(label);
  return at < 0 ? words.length : at;
}

/**
 * The known field whose kind the words of a label no dictionary has name (issue 39): another amount
 * (融资总额, 授信额度, 债权本金余额), another contract number, another date. Its value is never that field's,
 * but it is reported against it: a reader of the certificate sees that a look-alike stood there.
 */
const LOOK_ALIKES: ReadonlyArray<readonly [RegExp, FieldKey]> = [
  [/(?:金额|总额|余额|额度|价款|价值|债权额)$/, "mainContractAmount"],
  [/合同(?:号码|编号|号)$/, "mainContractNumber"],
  [/(?:日期|到期日)$/, "expiresAt"],
];

export function lookAlikeField(label: string): FieldKey | null {
  const words = label.replace(/\s/g, "");
  return LOOK_ALIKES.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}

/** Block headings that are not party roles: they end the value before them and carry no value. */
export const SECTION_HEADINGS = [
  "基本信息",
  "登记信息",
  "担保人信息",
  "担保权人信息",
  "财产信息",
  "原登记信息",
  "变更信息",
  "展期信息",
  "注销信息",
  "异议信息",
  "填表人信息",
  "抵押财产信息",
  "质押财产信息",
  "转让财产信息",
  "租赁财产信息",
  "担保财产信息",
  "主合同信息",
  "登记基本信息",
] as const;

export type Role = "debtor" | "secured_party";

export interface LabelMatch {
  field: FieldKey;
  label: string;
  /** The role heading a prefixed party label names ("出质人" of 出质人名称). */
  roleHeading: string | null;
  /** UTF-16 offset of the label in the line. */
  start: number;
  /** UTF-16 offset of the value after the label, its unit and its colon. */
  valueStart: number;
  /** True when a colon follows the label. */
  colon: boolean;
}

const ROLES: readonly string[] = [...SECURED_ROLES, ...DEBTOR_ROLES];

export function roleOf(heading: string): Role {
  return (SECURED_ROLES as readonly string[]).includes(heading) ? "secured_party" : "debtor";
}

function charsPattern(label: string): string {
  return [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\/（）]/g, "\\$&")).join("\\s*");
}

interface LabelEntry {
  field: FieldKey;
  label: string;
  roleHeading: string | null;
}

/** Party labels that a role prefix may precede ("出质人名称", "抵押权人统一社会信用代码"). */
const PREFIXABLE: readonly FieldKey[] = [
  "party.type",
  "party.name",
  "party.creditCode",
  "party.organizationCode",
  "party.businessRegistrationNumber",
  "party.financialInstitutionCode",
  "party.institutionCertificateNumber",
  "party.legalRepresentative",
  "party.industry",
  "party.scale",
  "party.address",
  "party.certificateType",
  "party.identityNumber",
  "party.lei",
  "party.nationality",
  "party.unclassified",
];

export const LABEL_ENTRIES: readonly LabelEntry[] = [
  ...(Object.keys(LABELS) as FieldKey[]).flatMap((field) =>
    [...LABELS[field], ...(MORE_LABELS[field] ?? [])].map((label) => ({ field, label, roleHeading: null })),
  ),
  ...ROLES.flatMap((role) => PREFIXABLE.flatMap((field) => LABELS[field].map((label) => ({ field, label: `${role}${label}`, roleHeading: role })))),
].sort((a, b) => b.label.length - a.label.length);

/**
 * All labels at one position (sticky): the label, an optional unit in brackets ("主合同金额（元）",
 * "登记期限(月)"), then a colon, whitespace or the end of the line.
 */
const OPEN = "【\\[〔［";
const CLOSE = "】\\]〕］";
/** A run of leader characters ("……", "......", "———") between a label and its value works as a colon. */
const LEADER = "[.．…·・_—\\-]{2,}";

/**
 * All labels at one position (sticky): an optional opening bracket (【登记时间】), the label, an optional
 * unit in brackets ("主合同金额（元）", "登记期限(月)"), an optional closing bracket, then a colon, leader
 * dots, whitespace or the end of the line.
 */
const LABEL_AT = new RegExp(
  `([${OPEN}]\\s*)?(?:${LABEL_ENTRIES.map((e) => `(${charsPattern(e.label)})`).join("|")})\\s*(?:[（(][^（()）]{1,6}[)）])?\\s*([${CLOSE}])?\\s*((?:${LEADER}\\s*)?[:：]|${LEADER})?(?:(?<=[:：${CLOSE}]|[.．…·・_—\\-])|(?=\\s)|$)\\s*`,
  "y",
);

/** Characters a label can start with: most positions of a line are ruled out without running the regex. */
const FIRST_CHARS: ReadonlySet<string> = new Set([...LABEL_ENTRIES.map((e) => e.label[0] ?? ""), ..."【[〔［"]);

/** The label starting exactly at `position` of the line, if any. */
export function labelAt(line: string, position: number): LabelMatch | null {
  if (!FIRST_CHARS.has(line[position] ?? "")) return null;
  LABEL_AT.lastIndex = position;
  const m = LABEL_AT.exec(line);
  if (!m) return null;
  const group = m.slice(2, -2).findIndex((g) => g !== undefined);
  const entry = LABEL_ENTRIES[group];
  if (!entry) return null;
  const opened = m[1] !== undefined;
  const closed = m[m.length - 2] !== undefined;
  // A bracket opened must be closed: "【登记时间" alone is not a label.
  if (opened !== closed) return null;
  const colon = m[m.length - 1] !== undefined || closed;
  return { field: entry.field, label: entry.label, roleHeading: entry.roleHeading, start: position, valueStart: position + m[0].length, colon };
}

const LABEL_TEXTS: ReadonlySet<string> = new Set(LABEL_ENTRIES.map((e) => e.label));
const LABEL_PREFIXES: ReadonlySet<string> = new Set(LABEL_ENTRIES.flatMap((e) => [...e.label].slice(0, -1).map((_, i) => e.label.slice(0, i + 1))));

/** The entry of a label printed whole ("登记时间"), for labels put together from wrapped pieces. */
export function labelEntry(label: string): { field: FieldKey; roleHeading: string | null } | null {
  return LABEL_TEXTS.has(label) ? (LABEL_ENTRIES.find((e) => e.label === label) ?? null) : null;
}

/** True when the text is the beginning of some label, two characters or more ("关联的初始登" of 关联的初始登记编号). */
export function isLabelPrefix(text: string): boolean {
  return text.length >= 2 && LABEL_PREFIXES.has(text);
}

/** True when the text is a piece of some label, two characters or more ("会信用" of 统一社会信用代码). */
export function isLabelPiece(text: string): boolean {
  return text.length >= 2 && LABEL_ENTRIES.some((e) => e.label.includes(text));
}

/** Recognise "label: value" at the start of a line. */
export function matchLabel(line: string): LabelMatch | null {
  const lead = line.length - line.trimStart().length;
  return labelAt(line, lead);
}

/**
 * Every label of a line, left to right: at its start, at each cell start (a wide gap before it), and
 * after whitespace when a colon follows the label ("登记时间：… 登记期限：…"). Labels inside a value never
 * count without a colon or a cell boundary.
 */
export function labelsIn(line: string, cellStarts: readonly number[] = []): LabelMatch[] {
  const out: LabelMatch[] = [];
  const first = matchLabel(line);
  if (first) out.push(first);
  let from = first ? first.valueStart : 0;
  const cells = new Set(cellStarts);
  for (let i = Math.max(1, from); i < line.length; i++) {
    const atCell = cells.has(i);
    if (!atCell && !/\s/.test(line[i - 1] ?? "") && !OPEN.includes(line[i] ?? "-")) continue;
    const hit = labelAt(line, i);
    if (!hit || !(atCell || hit.colon)) continue;
    out.push(hit);
    from = hit.valueStart;
    i = Math.max(i, from - 1);
  }
  return out;
}

const ROLE_REGEX = new RegExp(`^\\s*(${ROLES.map(charsPattern).join("|")})\\s*(?:信\\s*息)?\\s*(?:[（(]?\\d+[)）]?)?\\s*(?:[:：]\\s*(.*))?$`);
/** A block number before a heading: "一、", "（四）", "3.", "第二部分". */
const BLOCK_NUMBER = "(?:[（(]?[一二三四五六七八九十\\d]{1,3}[)）]?\\s*[、.．]?|第[一二三四五六七八九十\\d]{1,3}[部分章节]+)?\\s*";
const SECTION_REGEX = new RegExp(`^\\s*${BLOCK_NUMBER}(?:${SECTION_HEADINGS.map(charsPattern).join("|")})\\s*[:：]?\\s*$`);
/**
 * A numbered short "…信息" line is a block heading too ("（四）担保财产信息"). Unnumbered, it could be a value
 * ("更正出质人住所信息"): only the known headings count then.
 */
const GENERIC_SECTION =
  /^\s*(?:[（(][一二三四五六七八九十\d]{1,3}[)）]|[一二三四五六七八九十\d]{1,3}\s*[、.．])\s*[\u4e00-\u9fff]{2,10}信\s*息\s*[:：]?\s*$/;

/**
 * A party block heading ("出质人", "质权人（2）", "出质人信息"), or a role with its name after a colon
 * ("出质人：上海某某有限公司"): the role, with spaces removed, and the name when printed.
 */
export function matchRoleHeading(line: string): { role: Role; heading: string; name: string | null; nameStart: number } | null {
  const m = ROLE_REGEX.exec(line);
  if (!m?.[1]) return null;
  const heading = m[1].replace(/\s/g, "");
  const name = m[2]?.trim() || null;
  return { role: roleOf(heading), heading, name, nameStart: name ? line.lastIndexOf(name) : line.length };
}

export function isSectionHeading(line: string): boolean {
  return SECTION_REGEX.test(line) || (GENERIC_SECTION.test(line) && matchRoleHeading(line) === null);
}

/** True when a line would be read as the start of a new field or block (the generator avoids wrapping into one). */
export function startsStructure(line: string): boolean {
  return matchLabel(line) !== null || matchRoleHeading(line) !== null || isSectionHeading(line);
}
