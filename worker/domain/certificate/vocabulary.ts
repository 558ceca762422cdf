/**
 * @module The registry's code tables as printed on certificates (certificate-format.md). One table per
 * fact: the parser reads with them and the sandbox generator prints with them, so the two cannot drift.
 */

export interface BusinessType {
  code: string;
  description: string;
  /** Party headings printed for this business type: [debtor side, secured side]. */
  roles: readonly [string, string];
  /** The label the registry prints above the property description for this type. */
  descriptionLabel: string;
}

export const BUSINESS_TYPES: readonly BusinessType[] = [
  { code: "A00100", description: "应收账款质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "A00200", description: "应收账款转让（保理）", roles: ["出让人", "受让人"], descriptionLabel: "转让财产描述" },
  { code: "B00000", description: "融资租赁", roles: ["承租人", "出租人"], descriptionLabel: "租赁财产描述" },
  { code: "N10000", description: "保证金质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "N10010", description: "存货、仓单质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "N10040", description: "存款单、仓单、提单质押", roles: ["出质人", "质权人"], descriptionLabel: "质押财产描述" },
  { code: "N01700", description: "所有权保留", roles: ["买受人", "出卖人"], descriptionLabel: "财产描述" },
  { code: "N01600", description: "动产留置权", roles: ["债务人", "债权人"], descriptionLabel: "担保财产描述" },
  { code: "N10020", description: "动产信托", roles: ["担保人", "担保权人"], descriptionLabel: "担保财产描述" },
  { code: "N10030", description: "农业设施抵押", roles: ["抵押人", "抵押权人"], descriptionLabel: "抵押财产描述" },
  { code: "P00100", description: "生产设备、原材料、半成品、产品抵押", roles: ["抵押人", "抵押权人"], descriptionLabel: "抵押财产描述" },
  { code: "N00000", description: "其他动产和权利担保", roles: ["担保人", "担保权人"], descriptionLabel: "担保财产描述" },
];

/** Compare descriptions without brackets' width or spacing differences (（保理） vs (保理)). */
function descriptionKey(text: string): string {
  return text.replace(/[\s()（）]/g, "");
}

/** Descriptions the registry printed for a type before the 2021 reform (the 动产权属统一登记 system). */
const OLDER_DESCRIPTIONS: Readonly<Record<string, string>> = { 应收账款转让: "A00200" };

export function businessTypeByDescription(text: string): BusinessType | undefined {
  const key = descriptionKey(text);
  const older = OLDER_DESCRIPTIONS[key];
  return BUSINESS_TYPES.find((t) => descriptionKey(t.description) === key || t.code === older);
}

export const DEBTOR_ROLES = ["担保人", "出质人", "出让人", "抵押人", "承租人", "买受人", "债务人"] as const;
export const SECURED_ROLES = ["担保权人", "质权人", "受让人", "抵押权人", "出租人", "出卖人", "债权人"] as const;

export const PARTY_TYPES = [
  { code: "01", description: "金融机构" },
  { code: "02", description: "企业" },
  { code: "03", description: "事业单位" },
  { code: "04", description: "个人" },
  { code: "06", description: "个体工商户" },
  { code: "09", description: "其他" },
] as const;

export const CORPORATION_SCALES = [
  { code: "10", description: "大型" },
  { code: "20", description: "中型" },
  { code: "30", description: "小型" },
  { code: "40", description: "微型" },
] as const;

/** GB/T 4754-2017 sections; 9999 is printed when the industry is unknown. */
export const INDUSTRIES = [
  { code: "A", description: "农、林、牧、渔业" },
  { code: "B", description: "采矿业" },
  { code: "C", description: "制造业" },
  { code: "D", description: "电力、热力、燃气及水生产和供应业" },
  { code: "E", description: "建筑业" },
  { code: "F", description: "批发和零售业" },
  { code: "G", description: "交通运输、仓储和邮政业" },
  { code: "H", description: "住宿和餐饮业" },
  { code: "I", description: "信息传输、软件和信息技术服务业" },
  { code: "J", description: "金融业" },
  { code: "K", description: "房地产业" },
  { code: "L", description: "租赁和商务服务业" },
  { code: "M", description: "科学研究和技术服务业" },
  { code: "N", description: "水利、环境和公共设施管理业" },
  { code: "O", description: "居民服务、修理和其他服务业" },
  { code: "P", description: "教育" },
  { code: "Q", description: "卫生和社会工作" },
  { code: "R", description: "文化、体育和娱乐业" },
  { code: "S", description: "公共管理、社会保障和社会组织" },
  { code: "T", description: "国际组织" },
] as const;

/** Currency words printed on certificates and the registry's codes (HKY is the registry's code for HKD). */
export const CURRENCIES = [
  { code: "CNY", words: ["人民币", "CNY"] },
  { code: "USD", words: ["美元", "USD"] },
  { code: "EUR", words: ["欧元", "EUR"] },
  { code: "GBP", words: ["英镑", "GBP"] },
  { code: "JPY", words: ["日元", "JPY"] },
  { code: "HKY", words: ["港元", "港币", "HKD", "HKY"] },
  { code: "OTH", words: ["其他", "OTH"] },
] as const;

export const REGISTER_TYPES = [
  { code: "initial", description: "初始登记" },
  { code: "change", description: "变更登记" },
  { code: "extension", description: "展期登记" },
  { code: "cancellation", description: "注销登记" },
  { code: "objection", description: "异议登记" },
] as const;

/** Names printed as header, footer or watermark on every page: page furniture, never field content. */
export const ISSUERS = ["中征动产融资登记服务有限责任公司", "中国人民银行征信中心"] as const;

/** Every name that is furniture where it stands alone: the issuers and the registry's system names. */
export const FURNITURE_NAMES = [...ISSUERS, "动产融资统一登记公示系统", "动产融资统一登记系统", "中登网"] as const;

/**
 * Page furniture besides the issuers' names: page numbers in their usual spellings, the end mark, print
 * time and agent lines. A line made only of these (and issuers, separators) is furniture.
 */
export const FURNITURE_PATTERNS: readonly RegExp[] = [
  /第\s*\d+\s*页\s*[,，/／]?\s*(?:共\s*\d+\s*页)?/g,
  /共\s*\d+\s*页\s*[,，/／]?\s*(?:第\s*\d+\s*页)?/g,
  /\bpage\s*\d+(?:\s*(?:of|\/)\s*\d+)?/gi,
  /^\s*\d{1,3}\s*\/\s*\d{1,3}\s*$/g,
  /^\s*[-—]\s*\d{1,3}\s*[-—]\s*$/g,
  /[<＜〈《]\s*完\s*[>＞〉》]/g,
  /打\s*印\s*(?:时\s*间|日\s*期)\s*[:：]?\s*[\d\s\-/.:年月日时分秒]*/g,
  /代\s*理\s*(?:登\s*记\s*)?机\s*构(?:名\s*称)?\s*[:：].*$/g,
  // A verification block: a QR-like box of shapes, "扫描二维码…验证", a verification code.
  /[■□▪▫◼◻▮▯█]+/g,
  /扫\s*描\s*二\s*维\s*码.*$/g,
  /验\s*证\s*码\s*[:：]\s*[A-Za-z0-9-]+/g,
  // The closing statement under the certificate ("本证明由…出具，登记内容以系统记载为准。").
  /^本\s*(?:登\s*记\s*)?证\s*明.*$/g,
  /^.*以\s*系\s*统\s*记\s*载\s*为\s*准.*$/g,
];

/** Declared attachment labels and the purpose each one states. */
export const ATTACHMENT_LABELS: Readonly<Record<string, string>> = {
  附件: "property",
  财产附件: "property",
  财产信息附件: "property",
  转让财产信息附件: "property",
  租赁财产信息附件: "property",
  质押财产信息附件: "property",
  抵押财产信息附件: "property",
  担保财产信息附件: "property",
  异议附件: "objection",
  财产要素附件: "property element",
};
