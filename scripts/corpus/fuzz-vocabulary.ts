/**
 * @module The wordings the layout fuzzer (fuzz-case.ts) prints, by era: the 动产融资统一登记 system of
 * 2017–2020 (titles "动产权属统一登记—初始登记", role headings by business type, "组织机构代码/统一社会信用代码")
 * and the 动产和权利担保统一登记 of 2021 on (other titles, 担保人 / 担保权人 or the business type's pair,
 * one row for a credit code or an identity number, change / extension / cancellation / objection blocks).
 * Kept apart from the parser's label table on purpose, like vocabularies.ts: several of these labels
 * (the ones a row prints without a checked field) are words the parser has no entry for, so that only
 * where a label is set can tell it from a value.
 */

export type Era = "pre-2021" | "post-2021";

export const ERAS: readonly Era[] = ["pre-2021", "post-2021"];

/** A business type as the fuzzer prints it: its description and the role pairs each era heads parties with. */
export interface FuzzBusiness {
  code: string;
  description: string;
  /** [debtor side, secured side] role words; the post-2021 form may also print 担保人 / 担保权人. */
  roles: readonly [string, string];
  /** The label over the property description. */
  descriptionLabel: string;
}

export const FUZZ_BUSINESSES: readonly FuzzBusiness[] = [
  { code: "A00100", description: "应收账款质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "A00200", description: "应收账款转让（保理）", roles: ["出让人", "受让人"], descriptionLabel: "转让财产描述" },
  { code: "B00000", description: "融资租赁", roles: ["承租人", "出租人"], descriptionLabel: "租赁财产描述" },
  { code: "N01700", description: "所有权保留", roles: ["买受人", "出卖人"], descriptionLabel: "财产描述" },
  { code: "N10010", description: "存货、仓单质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "P00100", description: "生产设备、原材料、半成品、产品抵押", roles: ["抵押人", "抵押权人"], descriptionLabel: "抵押财产描述" },
  { code: "N01600", description: "动产留置权", roles: ["债务人", "留置权人"], descriptionLabel: "担保财产描述" },
  { code: "N00000", description: "其他动产和权利担保", roles: ["担保人", "担保权人"], descriptionLabel: "担保财产描述" },
];

/** The post-2021 form's generic pair, printed for any business type. */
export const GENERIC_ROLES: readonly [string, string] = ["担保人", "担保权人"];

export const REGISTER_WORDS = {
  initial: "初始登记",
  change: "变更登记",
  extension: "展期登记",
  cancellation: "注销登记",
  objection: "异议登记",
} as const;

export type FuzzRegisterType = keyof typeof REGISTER_WORDS;

/** Titles of each era for a registration type's word ("初始登记"). */
export const TITLES: Readonly<Record<Era, readonly ((word: string) => string)[]>> = {
  "pre-2021": [(w) => `动产权属统一登记—${w}`, (w) => `动产融资统一登记证明（${w}）`],
  "post-2021": [(w) => `动产和权利担保统一登记 ${w}证明`, (w) => `动产和权利担保统一登记${w}证明`, (w) => `动产和权利担保统一登记证明（${w}）`],
};

/** A party block's heading: "出质人信息", "担保人（2）", "质权人". */
export const ROLE_HEADINGS: readonly ((role: string, position: number) => string)[] = [
  (role) => `${role}信息`,
  (role, n) => `${role}（${n}）`,
  (role) => role,
];

/** Labels of each era for the rows the fuzzer checks, several variants each (the first is the era's usual one). */
export interface EraLabels {
  registerTime: readonly string[];
  initialNumber: readonly string[];
  months: readonly string[];
  expiresAt: readonly string[];
  businessType: readonly string[];
  mainContractNumber: readonly string[];
  mainContractAmount: readonly string[];
  preparerName: readonly string[];
  partyName: readonly string[];
  partyType: readonly string[];
  /** The row that holds a credit code (or, post-2021, either a credit code or an identity number). */
  creditCode: readonly string[];
  identityNumber: readonly string[];
  lei: readonly string[];
  changeDescription: readonly string[];
  extensionMonths: readonly string[];
  cancellationReason: readonly string[];
  objection: readonly string[];
  /** Rows without a checked field: printed so that their labels (some unknown to the parser) must end the value above. */
  unchecked: readonly string[];
}

export const LABELS: Readonly<Record<Era, EraLabels>> = {
  "pre-2021": {
    registerTime: ["登记时间"],
    initialNumber: ["关联的登记证明编号", "初始登记编号"],
    months: ["登记期限"],
    expiresAt: ["登记到期日"],
    businessType: ["交易业务类型"],
    mainContractNumber: ["主合同号码"],
    mainContractAmount: ["主合同金额", "融资金额"],
    preparerName: ["填表人名称"],
    partyName: ["名称"],
    partyType: ["类型"],
    creditCode: ["组织机构代码/统一社会信用代码", "统一社会信用代码"],
    identityNumber: ["身份证件号码"],
    lei: ["全球法人机构识别编码"],
    changeDescription: ["变更事项", "变更内容"],
    extensionMonths: ["展期期限"],
    cancellationReason: ["注销原因"],
    objection: ["异议登记陈述"],
    unchecked: ["法定代表人/负责人", "住所", "填表人归档号", "所属行业", "企业规模"],
  },
  "post-2021": {
    registerTime: ["登记时间", "登记日期"],
    initialNumber: ["初始登记证明编号", "关联的初始登记编号"],
    months: ["登记期限", "登记期限（月）"],
    expiresAt: ["登记到期日", "到期日"],
    businessType: ["业务类型", "交易业务类型"],
    mainContractNumber: ["主合同号码", "主合同编号"],
    mainContractAmount: ["主债权金额", "主合同金额"],
    preparerName: ["填表人名称", "填表人"],
    partyName: ["名称", "姓名/名称"],
    partyType: ["类型", "主体类型"],
    creditCode: ["统一社会信用代码/身份证件号码", "统一社会信用代码"],
    identityNumber: ["统一社会信用代码/身份证件号码", "身份证件号码"],
    lei: ["全球法人机构识别编码（LEI）", "全球法人机构识别编码"],
    changeDescription: ["变更事项", "变更说明"],
    extensionMonths: ["展期期限", "展期期限（月）"],
    cancellationReason: ["注销原因", "注销说明"],
    objection: ["异议登记陈述"],
    unchecked: ["国家或地区", "证件类型", "负责人或法定代表人", "联系人及电话", "邮政编码", "住所", "所属行业", "企业规模", "登记机构"],
  },
};

/** The heading of a registration type's own block (change, extension, cancellation, objection). */
export const DETAIL_HEADINGS: Readonly<Record<Exclude<FuzzRegisterType, "initial">, readonly string[]>> = {
  change: ["变更信息", "变更事项信息"],
  extension: ["展期信息"],
  cancellation: ["注销信息"],
  objection: ["异议信息"],
};

/** Section headings over the registration's and the property's rows. */
export const SECTIONS = { registration: ["登记基本信息", "基本信息"], property: ["担保财产信息", "财产信息"], preparer: ["填表人信息"] } as const;

/**
 * The classes of issue 39's silent misses a case may print (fuzz-bands.ts, fuzz-layout.ts):
 * - spaced-split: labels printed letter-spaced ("主 合 同 币 种"), the 主合同币种 row split by text the page
 *   prints mid-row (the issuer's name, a page number, a running row number) between the label and its value;
 * - look-alike: amounts on rows next to 主合同金额 under labels of the same kind, known (融资金额 just above it,
 *   最高债权额, 担保财产价值) or unknown to the reader (融资总额 …), 主合同金额 sometimes printed empty;
 * - end-mark-table: the description in its table cell, the page's end mark ＜完＞ kept as its own text (a run
 *   after the last line, a line of its own in the cell, or glued to the last character).
 */
export const FUZZ_TRAPS = ["spaced-split", "look-alike", "end-mark-table"] as const;
export type FuzzTrap = (typeof FUZZ_TRAPS)[number];

/** Text a page prints mid-row, between a label and its value: furniture, or a running row number. */
export const MID_ROW_TEXTS: readonly ((page: number, row: number) => string)[] = [
  () => "中国人民银行征信中心",
  (page) => `第${page}页`,
  (_, row) => String(row).padStart(2, "0"),
];

/** Amount labels a reader may not know, of the kind of 主合同金额: their values must never fill it. */
export const UNKNOWN_AMOUNT_LABELS: readonly string[] = ["融资总额", "授信额度", "本次融资金额", "应收账款金额", "债权本金余额"];
