/**
 * @module The open API's `Certificate` object (open-api-v1.md, "Certificate (parsed main certificate)"):
 * the one source of its shape. The parser (worker/domain/certificate) produces it, the sandbox generator
 * states its truth in it, routes serialise it and the OpenAPI document is generated from it.
 * Every field is nullable, as the spec says; a missing label is `null`, never an absent key.
 */
import { z } from "@hono/zod-openapi";
import { REGISTER_TYPES } from "./query-vocabulary";

const text = (description: string) => z.string().nullable().openapi({ description });
const int64 = (description: string) => z.number().int().nullable().openapi({ description });
/** OpenAPI int32: the registry's month counts (1 to 360) fit easily. */
const int32 = (description: string) => z.number().int().min(-2147483648).max(2147483647).nullable().openapi({ description, format: "int32" });

export const UnclassifiedIdentifierSchema = z
  .object({
    label: text("The certificate's label as printed, naming several identifier types (e.g. 组织机构代码/统一社会信用代码)"),
    value: text("The identifier as printed"),
  })
  .openapi("UnclassifiedIdentifier", {
    description: "An identifier whose source label lists several possible types, so it is not classified",
  });

export const PartyDetailsSchema = z
  .object({
    address: text("Detailed address (住所 / 地址 / 详细地址)"),
    businessRegistrationNumber: text("工商注册号"),
    certificateType: text("Identity document type (证件类型)"),
    city: text("城市"),
    corporationScale: text("企业规模 code: 10 large, 20 medium, 30 small, 40 micro"),
    industryCode: text("所属行业: GB/T 4754 section letter, or 9999"),
    legalRepresentative: text("法定代表人 / 负责人"),
    lei: text("Legal Entity Identifier (全球法人机构识别编码)"),
    nationality: text("国家"),
    organizationCode: text("组织机构代码"),
    organizationRegistrationCertificateNumber: text("机构注册登记证书号"),
    passportExpiryDate: text("护照到期日, yyyy-MM-dd"),
    passportIssuingCountry: text("护照签发国"),
    province: text("省份"),
    tradeName: text("字号名称 (individual businesses)"),
    typeDescription: text("Party type as printed (金融机构, 企业, 事业单位, 个人, 个体工商户, 其他)"),
    unclassifiedIdentifiers: z.array(UnclassifiedIdentifierSchema).openapi({ description: "Identifiers under a label that names several types" }),
  })
  .openapi("PartyDetails");

export const PartyRoleSchema = z.enum(["debtor", "secured_party"]);

export const CertificatePartySchema = z
  .object({
    name: text("名称 / 姓名"),
    role: PartyRoleSchema.nullable().openapi({
      description: "debtor (出质人, 出让人, 抵押人, 承租人 …) or secured_party (质权人, 受让人, 抵押权人, 出租人 …)",
    }),
    typeCode: text(
      "Party type code: 01 financial institution, 02 enterprise, 03 public institution, 04 individual, 06 individual business, 09 other",
    ),
    typeLevel2Code: text("Second-level party type code (not printed on certificates)"),
    typeLevel3Code: text("Third-level party type code (not printed on certificates)"),
    unifiedSocialCreditCode: text("统一社会信用代码 (18 characters, GB 32100-2015)"),
    institutionCertificateNumber: text("事业单位法人证书号"),
    personalIdentityNumber: text("Resident identity card number (18 characters, GB 11643)"),
    financialInstitutionCode: text("金融机构编码"),
    details: PartyDetailsSchema.nullable(),
  })
  .openapi("CertificateParty");

export const PropertySpanSchema = z
  .object({
    pageNumber: int64("Page number, from 1"),
    start: int64("UTF-16 offset of the description's piece in that page's extracted text"),
    end: int64("UTF-16 offset, exclusive"),
  })
  .openapi("PropertySpan", {
    description: "Where one page's piece of the property description lies in that page's text",
  });

export const ParseIssueSchema = z
  .object({
    code: text(
      "MISSING_FIELD, UNREADABLE_VALUE, LABEL_IN_VALUE, CHECK_CHARACTER_FAILS (an organisation's credit code or organisation code emitted as printed, though its check character fails), DESCRIPTION_UNCLOSED (text after the description the reader could not place: the value may be short; the page is still searched whole), UNRECOGNIZED_LINE (a line the reader could not place; with a field, it stands against that field's value, which may lack it or hold a neighbour's text), NO_TEXT_LAYER, NOT_A_CERTIFICATE, PARSER_ERROR",
    ),
    field: text("Certificate field concerned"),
    rawValue: text("The text as printed, when a value could not be read"),
    pageNumber: int64("Page of the raw value, from 1"),
  })
  .openapi("ParseIssue");

export const DeclaredAttachmentSchema = z
  .object({
    fileName: text("File name as declared on the certificate"),
    purpose: text("property, objection or property element"),
  })
  .openapi("DeclaredAttachment");

export const OriginalRegistrationSchema = z
  .object({
    date: text("原登记日期"),
    department: text("原登记机构"),
    description: text("原登记说明"),
    number: text("原登记编号"),
    registered: z.boolean().nullable().openapi({ description: "是否已在其他机构登记" }),
  })
  .openapi("OriginalRegistration");

export const PreparerSchema = z
  .object({
    address: text("填表人住所"),
    archiveNumber: text("填表人归档号"),
    authorizedPerson: text("授权人"),
    certificateNumber: text("填表人证件号码"),
    certificateType: text("填表人证件类型"),
    name: text("填表人名称"),
  })
  .openapi("Preparer");

export const RegistrationDetailsSchema = z
  .object({
    cancellationReason: text("注销原因 (cancellation)"),
    changeDescription: text("变更事项 (change)"),
    extensionMonths: int32("展期期限 in months (extension)"),
  })
  .openapi("RegistrationDetails", {
    description: "Content specific to change, extension, objection or cancellation registrations",
  });

export const RegisterTypeSchema = z.enum(REGISTER_TYPES);

export const CertificateSchema = z
  .object({
    certificateNumber: text("登记证明编号, 20 digits"),
    initialCertificateNumber: text("The chain's initial certificate number; equals certificateNumber on an initial registration"),
    registerType: text("initial, change, extension, cancellation or objection"),
    registerTime: text("ISO 8601 with +08:00"),
    registrationMonths: int32("登记期限 in months (1 to 360)"),
    expiresAt: text("登记到期日, yyyy-MM-dd"),
    businessTypeCode: text("Registry business type code, e.g. A00100"),
    businessTypeDescription: text("交易业务类型 as printed"),
    subBusinessTypeCode: text("Sub business type code (not printed on certificates)"),
    leaseBusinessType: text("租赁业务类型"),
    securityType: text("担保类型"),
    securedScope: text("担保范围"),
    mainContractNumber: text("主合同号码"),
    mainContractAmount: text("主合同金额, decimal string"),
    mainContractCurrency: text("主合同币种 code (CNY, USD, EUR, GBP, JPY, HKY, OTH)"),
    maximumClaimAmount: text("最高债权额, decimal string"),
    maximumClaimCurrency: text("最高债权额币种 code"),
    securityContractNumber: text("担保合同号码"),
    performanceStartDate: text("债务履行期限 start, yyyy-MM-dd"),
    performanceEndDate: text("债务履行期限 end, yyyy-MM-dd"),
    performancePeriodText: text("债务履行期限 as printed"),
    propertyDescription: text("Full property description, joined across pages without page furniture"),
    propertyDescriptionPage: int64("Page the description starts on, from 1"),
    propertyDescriptionSpans: z.array(PropertySpanSchema).nullable().openapi({
      description: "One span per page the description lies on",
    }),
    propertyUniqueCode: text("财产唯一识别码"),
    propertyValue: text("财产价值, decimal string"),
    propertyValueCurrency: text("财产价值币种 code"),
    declaredAttachments: z.array(DeclaredAttachmentSchema).nullable().openapi({
      description: "Attachments declared in the certificate (not the attachments actually obtained)",
    }),
    issues: z.array(ParseIssueSchema).nullable(),
    originalRegistration: OriginalRegistrationSchema.nullable(),
    parties: z.array(CertificatePartySchema).nullable(),
    preparer: PreparerSchema.nullable(),
    registrationDetails: RegistrationDetailsSchema.nullable(),
  })
  .openapi("Certificate");

export type Certificate = z.infer<typeof CertificateSchema>;
export type CertificateParty = z.infer<typeof CertificatePartySchema>;
export type PartyDetails = z.infer<typeof PartyDetailsSchema>;
export type PropertySpan = z.infer<typeof PropertySpanSchema>;
export type ParseIssue = z.infer<typeof ParseIssueSchema>;
export type DeclaredAttachment = z.infer<typeof DeclaredAttachmentSchema>;
export type RegisterType = z.infer<typeof RegisterTypeSchema>;
export type PartyRole = z.infer<typeof PartyRoleSchema>;
