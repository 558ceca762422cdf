/**
 * @module A party block's raw values as a CertificateParty. Identifiers under a label that names several
 * types ("组织机构代码/统一社会信用代码") are kept unclassified, as the open API asks.
 */
import type { CertificateParty, ParseIssue, PartyDetails } from "../../schemas/certificate";
import { type RawParty, joinPieces } from "./scan";
import type { FieldKey } from "./labels";
import { readDate, readIndustry, readName, readPartyType, readScale, readShapedCode } from "./values";

/** Identifiers of a fixed shape: GB 32100 credit codes, GB 11643 identity numbers, GB 11714 organization codes, LEI. */
const SHAPES: Partial<Record<FieldKey, RegExp>> = {
  "party.creditCode": /^[0-9A-HJ-NPQRTUWXY]{18}$/,
  "party.identityNumber": /^\d{17}[\dXx]$/,
  "party.organizationCode": /^[0-9A-Z]{8}-?[0-9X]$/,
  "party.lei": /^[0-9A-Z]{20}$/,
};

export function buildParty(raw: RawParty, issues: ParseIssue[]): CertificateParty {
  const get = (key: FieldKey) => joinPieces(raw.fields.get(key));
  const code = (key: FieldKey) => {
    const value = get(key);
    return value === null ? null : readShapedCode(value, SHAPES[key] ?? /^$/);
  };
  const name = (key: FieldKey) => {
    const value = get(key);
    return value === null ? null : readName(value);
  };
  const page = (key: FieldKey) => raw.fields.get(key)?.pieces[0]?.page ?? null;
  const unreadable = (key: FieldKey, field: string, value: string) =>
    issues.push({ code: "UNREADABLE_VALUE", field, rawValue: value, pageNumber: page(key) });

  const typeText = get("party.type");
  const type = typeText === null ? null : readPartyType(typeText);
  if (typeText !== null && !type) unreadable("party.type", "parties.typeCode", typeText);
  const industryText = get("party.industry");
  const industry = industryText === null ? null : readIndustry(industryText);
  if (industryText !== null && industry === null) unreadable("party.industry", "parties.details.industryCode", industryText);
  const scaleText = get("party.scale");
  const scale = scaleText === null ? null : readScale(scaleText);
  if (scaleText !== null && scale === null) unreadable("party.scale", "parties.details.corporationScale", scaleText);

  const certificateType = get("party.certificateType");
  const idNumber = code("party.identityNumber");
  const unclassifiedIdentifiers = raw.unclassified.map((v) => ({ label: v.label, value: joinPieces(v) }));
  // 证件号码 is a resident identity number unless the document type says otherwise (a passport …).
  const isIdentityCard = certificateType === null || /身份证/.test(certificateType);
  if (idNumber !== null && !isIdentityCard)
    unclassifiedIdentifiers.push({ label: raw.fields.get("party.identityNumber")?.label ?? "证件号码", value: idNumber });
  const passportExpiry = get("party.passportExpiryDate");

  const details: PartyDetails = {
    address: name("party.address"),
    businessRegistrationNumber: code("party.businessRegistrationNumber"),
    certificateType,
    city: get("party.city"),
    corporationScale: scale,
    industryCode: industry,
    legalRepresentative: name("party.legalRepresentative"),
    lei: code("party.lei"),
    nationality: get("party.nationality"),
    organizationCode: code("party.organizationCode"),
    organizationRegistrationCertificateNumber: get("party.organizationRegistrationCertificateNumber"),
    passportExpiryDate: passportExpiry === null ? null : (readDate(passportExpiry) ?? passportExpiry),
    passportIssuingCountry: get("party.passportIssuingCountry"),
    province: get("party.province"),
    tradeName: name("party.tradeName"),
    typeDescription: type?.description ?? typeText,
    unclassifiedIdentifiers,
  };
  return {
    name: name("party.name"),
    role: raw.role,
    typeCode: type?.code ?? null,
    typeLevel2Code: null,
    typeLevel3Code: null,
    unifiedSocialCreditCode: code("party.creditCode"),
    institutionCertificateNumber: get("party.institutionCertificateNumber"),
    personalIdentityNumber: isIdentityCard ? idNumber : null,
    financialInstitutionCode: code("party.financialInstitutionCode"),
    details,
  };
}
