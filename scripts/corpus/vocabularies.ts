/**
 * @module The wordings the corpus prints, kept apart from the parser's label table on purpose: the corpus
 * is a measuring stick, and a stick cut from the parser's own table would only measure the table.
 * Three vocabularies: the registry's own wording as real certificates print it (issue 12, item 3), the
 * wording of certificate-format.md, and a mix of the two. A document uses one vocabulary throughout.
 */

export type VocabularyName = "registry" | "format" | "mixed";

export interface Vocabulary {
  name: VocabularyName;
  /** Label of the registration type row; null: only the title says the type. */
  registerType: string | null;
  initialNumber: string;
  registerTime: string;
  /** "登记期限" prints "12个月"; a label with the unit in brackets prints "12". */
  months: { label: string; unitInLabel: boolean };
  expiresAt: string;
  businessType: string;
  leaseBusinessType: string;
  /** Party rows: "出质人名称" (prefixed, no block heading) or a block headed "出质人" with plain labels. */
  partyLabels: "prefixed" | "headed";
  mainContractNumber: string;
  mainContractAmount: string;
  mainContractCurrency: string;
  /** How amounts are printed: "1,000,000.00", "1,000,000.00 元" or "1,000,000.00（人民币壹佰万元整）". */
  amounts: "plain" | "yuan" | "capital";
  currency: "word" | "code";
  securityContractNumber: string;
  performancePeriod: string;
  /** Labels built on the property prefix of the business type ("质押财产" → 质押财产价值). */
  propertyValue: (prefix: string) => string;
  propertyValueCurrency: (prefix: string) => string;
  uniqueCode: (prefix: string) => string;
  attachment: (prefix: string) => string;
  preparerName: string;
  /** Print a 填表人编号 row (no Certificate field: its value must stay apart from its neighbours). */
  preparerNumber: boolean;
  /** Print 租金总额 on a lease (no Certificate field either). */
  rentTotal: boolean;
  sectionHeadings: boolean;
}

export const VOCABULARIES: Readonly<Record<VocabularyName, Vocabulary>> = {
  registry: {
    name: "registry",
    registerType: "登记种类",
    initialNumber: "关联的登记证明编号",
    registerTime: "登记时间",
    months: { label: "登记期限", unitInLabel: false },
    expiresAt: "登记到期日",
    businessType: "交易业务类型",
    leaseBusinessType: "租赁业务类型",
    partyLabels: "prefixed",
    mainContractNumber: "主合同号码",
    mainContractAmount: "融资金额",
    mainContractCurrency: "主合同币种",
    amounts: "capital",
    currency: "word",
    securityContractNumber: "担保合同号码",
    performancePeriod: "债务履行期限",
    propertyValue: (prefix) => `${prefix}价值`,
    propertyValueCurrency: (prefix) => `${prefix}币种`,
    uniqueCode: (prefix) => (prefix === "租赁财产" ? "租赁财产唯一标识码" : "财产唯一识别码"),
    attachment: (prefix) => `${prefix}信息附件`,
    preparerName: "填表人名称",
    preparerNumber: true,
    rentTotal: true,
    sectionHeadings: false,
  },
  format: {
    name: "format",
    registerType: "登记类型",
    initialNumber: "初始登记编号",
    registerTime: "登记时间",
    months: { label: "登记期限", unitInLabel: false },
    expiresAt: "登记到期日",
    businessType: "交易业务类型",
    leaseBusinessType: "租赁业务类型",
    partyLabels: "headed",
    mainContractNumber: "主合同号码",
    mainContractAmount: "主合同金额",
    mainContractCurrency: "主合同币种",
    amounts: "yuan",
    currency: "code",
    securityContractNumber: "担保合同号码",
    performancePeriod: "债务履行期限",
    propertyValue: () => "财产价值",
    propertyValueCurrency: () => "财产价值币种",
    uniqueCode: () => "财产唯一识别码",
    attachment: () => "附件",
    preparerName: "填表人",
    preparerNumber: false,
    rentTotal: false,
    sectionHeadings: true,
  },
  mixed: {
    name: "mixed",
    registerType: null,
    initialNumber: "关联的初始登记编号",
    registerTime: "登记时间",
    months: { label: "登记期限（月）", unitInLabel: true },
    expiresAt: "登记到期日",
    businessType: "业务类型",
    leaseBusinessType: "租赁业务类型",
    partyLabels: "prefixed",
    mainContractNumber: "融资合同号码",
    mainContractAmount: "融资合同金额",
    mainContractCurrency: "融资合同币种",
    amounts: "plain",
    currency: "word",
    securityContractNumber: "担保合同号码",
    performancePeriod: "履行期限",
    propertyValue: (prefix) => `${prefix}价值`,
    propertyValueCurrency: (prefix) => `${prefix}币种`,
    uniqueCode: () => "财产唯一识别码",
    attachment: (prefix) => `${prefix}信息附件`,
    preparerName: "填表人名称",
    preparerNumber: true,
    rentTotal: false,
    sectionHeadings: true,
  },
};

/** The property prefix the registry prints for a description label ("质押财产描述" → "质押财产"). */
export function propertyPrefix(descriptionLabel: string): string {
  return descriptionLabel.replace(/描述$/, "") || "财产";
}
