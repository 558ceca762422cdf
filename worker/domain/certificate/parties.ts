/**
 * @module A party block's raw values as a CertificateParty. Identifiers under a label that names several
 * types ("组织机构代码/统一社会信用代码") are kept unclassified, as the open API asks, and also filed under the
 * type their own check proves (a credit code's check character, an organisation code's check digit).
 * Every identifier passes its check (but the registry's own organisation identifiers, emitted as printed
 * with an issue: PRINTED_AS_IS) and every name and address holds no label text before it is emitted; what
 * fails is null, with an issue ("parties[k].<field>") keeping what was read.
 */
import type { CertificateParty, ParseIssue, PartyDetails } from "../../schemas/certificate";
import { type RawParty, joinPieces } from "./scan";
import type { FieldKey } from "./labels";
import { readDate, readIndustry, readName, readPartyType, readScale, readShapedCode } from "./values";
import {
  isBusinessRegistrationNumber,
  isFinancialInstitutionCode,
  isIdentityNumber,
  isLei,
  isOrganizationCode,
  isUnifiedSocialCreditCode,
  labelTextIn,
} from "./checks";

/** The check each identifier passes before it is emitted. */
const CHECKS: Partial<Record<FieldKey, (code: string) => boolean>> = {
  "party.creditCode": isUnifiedSocialCreditCode,
  "party.identityNumber": isIdentityNumber,
  "party.organizationCode": isOrganizationCode,
  "party.lei": isLei,
  "party.financialInstitutionCode": isFinancialInstitutionCode,
  // Before the credit code, a 15-digit number with its own check digit (older ones had 13 digits); some print the credit code there.
  "party.businessRegistrationNumber": (c) => isBusinessRegistrationNumber(c) || /^\d{13}$/.test(c) || isUnifiedSocialCreditCode(c),
};

/** Identifiers of a fixed shape: GB 32100 credit codes, GB 11643 identity numbers, GB 11714 organization codes, LEI. */
const SHAPES: Partial<Record<FieldKey, RegExp>> = {
  "party.creditCode": /^[0-9A-HJ-NPQRTUWXY]{18}$/,
  "party.identityNumber": /^\d{17}[\dXx]$/,
  "party.organizationCode": /^[0-9A-Z]{8}-?[0-9X]$/,
  "party.lei": /^[0-9A-Z]{20}$/,
};

/** The issue field of a party's value: "parties[2].unifiedSocialCreditCode", "parties[0].details.lei". */
const ISSUE_FIELD: Partial<Record<FieldKey, string>> = {
  "party.name": "name",
  "party.creditCode": "unifiedSocialCreditCode",
  "party.identityNumber": "personalIdentityNumber",
  "party.financialInstitutionCode": "financialInstitutionCode",
  "party.organizationCode": "details.organizationCode",
  "party.businessRegistrationNumber": "details.businessRegistrationNumber",
  "party.lei": "details.lei",
  "party.legalRepresentative": "details.legalRepresentative",
  "party.address": "details.address",
  "party.tradeName": "details.tradeName",
};

/** The issue field of a value of the party at `index` of the certificate's parties. */
export function partyIssueField(key: FieldKey, index: number): string {
  return `parties[${index}].${ISSUE_FIELD[key] ?? key.slice("party.".length)}`;
}

/**
 * An identifier under a label that names several types ("统一社会信用代码/身份证件号码"), filed under the type
 * its own check proves: GB 32100 credit code, GB 11643 identity number, ISO 17442 LEI, GB 11714
 * organisation code, GS 15 business registration number. Eighteen digits can pass both the GB 32100 and the
 * GB 11643 check (about one number in 31 that is an identity number also has a valid credit-code check
 * character): then the party's type decides (个人 holds an identity number, any other type a credit
 * code), and without a type neither is vouched for.
 */
function classify(code: string, typeCode: string | null): FieldKey | null {
  const credit = isUnifiedSocialCreditCode(code);
  const identity = isIdentityNumber(code);
  if (credit && identity) return typeCode === null ? null : typeCode === PERSON ? "party.identityNumber" : "party.creditCode";
  if (credit) return "party.creditCode";
  if (identity) return "party.identityNumber";
  if (isLei(code)) return "party.lei";
  if (isOrganizationCode(code)) return "party.organizationCode";
  if (isBusinessRegistrationNumber(code)) return "party.businessRegistrationNumber";
  return null;
}

/**
 * The registry's own identifiers of an organisation (a GB 32100 credit code, a GB 11714 organisation code)
 * are printed from its records, which took codes whose check character fails ("34982001-F"): what the
 * certificate prints is still the party's identifier, emitted as printed with a CHECK_CHARACTER_FAILS
 * issue, when the value has its kind's exact shape and no other kind's. Other identifiers (an identity
 * number, an LEI) that fail their check are misreadings or misprints, and are not emitted.
 */
const PRINTED_AS_IS: Partial<Record<FieldKey, RegExp>> = {
  "party.creditCode": /^[0-9A-HJ-NPQRTUWXY]{18}$/,
  // Eight characters, the hyphen and a check character (which the registry printed outside 0-9 and X too).
  "party.organizationCode": /^[0-9A-Z]{8}-[0-9A-Z]$/,
};

/** The registry identifier a value failing every check is printed as: only its shape can say, and only when no other kind has it. */
function printedKind(code: string, typeCode: string | null): FieldKey | null {
  if (PRINTED_AS_IS["party.organizationCode"]?.test(code)) return "party.organizationCode";
  // Eighteen digits (an X last) are an identity number's shape too: a credit code only for a party that is no person.
  const identityShape = /^\d{17}[\dX]$/.test(code);
  if (PRINTED_AS_IS["party.creditCode"]?.test(code) && (!identityShape || (typeCode !== null && typeCode !== PERSON))) return "party.creditCode";
  return null;
}

/** The party type code of a natural person (certificate-format.md, 主体类型). */
const PERSON = "04";

export function buildParty(raw: RawParty, index: number, issues: ParseIssue[]): CertificateParty {
  const get = (key: FieldKey) => joinPieces(raw.fields.get(key));
  const page = (key: FieldKey) => raw.fields.get(key)?.pieces[0]?.page ?? null;
  const fieldOf = (key: FieldKey) => partyIssueField(key, index);
  const flag = (code: string, key: FieldKey, value: string, pageNumber = page(key)) =>
    issues.push({ code, field: fieldOf(key), rawValue: value, pageNumber });
  const code = (key: FieldKey) => {
    const value = get(key);
    if (value === null) return null;
    const read = readShapedCode(value, SHAPES[key] ?? /^$/);
    const check = CHECKS[key];
    if (!check || check(read.toUpperCase())) return check ? read.toUpperCase() : read;
    if (PRINTED_AS_IS[key]?.test(read.toUpperCase())) {
      flag("CHECK_CHARACTER_FAILS", key, value);
      return read.toUpperCase();
    }
    flag("UNREADABLE_VALUE", key, value);
    return null;
  };
  const name = (key: FieldKey) => {
    const value = get(key);
    if (value === null) return null;
    if (labelTextIn(value) === null) return readName(value);
    flag("LABEL_IN_VALUE", key, value);
    return null;
  };
  const unreadable = (key: FieldKey, field: string, value: string) =>
    issues.push({ code: "UNREADABLE_VALUE", field: `parties[${index}].${field}`, rawValue: value, pageNumber: page(key) });

  const typeText = get("party.type");
  const type = typeText === null ? null : readPartyType(typeText);
  if (typeText !== null && !type) unreadable("party.type", "typeCode", typeText);
  const industryText = get("party.industry");
  const industry = industryText === null ? null : readIndustry(industryText);
  if (industryText !== null && industry === null) unreadable("party.industry", "details.industryCode", industryText);
  const scaleText = get("party.scale");
  const scale = scaleText === null ? null : readScale(scaleText);
  if (scaleText !== null && scale === null) unreadable("party.scale", "details.corporationScale", scaleText);

  const certificateType = get("party.certificateType");
  // 证件号码 is a resident identity number unless the document type says otherwise (a passport …).
  const isIdentityCard = certificateType === null || /身份证/.test(certificateType);
  const idNumber = isIdentityCard ? code("party.identityNumber") : get("party.identityNumber");
  const unclassifiedIdentifiers = raw.unclassified.map((v) => ({ label: v.label, value: joinPieces(v) }));
  const classified = new Map<FieldKey, string>();
  for (const v of raw.unclassified) {
    const text = joinPieces(v);
    if (text === null) continue;
    const value = text.replace(/\s/g, "").toUpperCase();
    const kind = classify(value, type?.code ?? null);
    const known = kind ? (classified.get(kind) ?? code(kind)) : null;
    const printed = kind === null ? printedKind(value, type?.code ?? null) : null;
    if (kind && (known === null || known === value)) classified.set(kind, value);
    else if (printed && !classified.has(printed) && !raw.fields.has(printed)) {
      classified.set(printed, value);
      flag("CHECK_CHARACTER_FAILS", printed, text, v.pieces[0]?.page ?? null);
    }
    // Fits no type, or two identifiers of one type that differ: neither is vouched for.
    else
      issues.push({
        code: "UNREADABLE_VALUE",
        field: `parties[${index}].unifiedSocialCreditCode`,
        rawValue: text,
        pageNumber: v.pieces[0]?.page ?? null,
      });
  }
  const identifier = (key: FieldKey) => classified.get(key) ?? code(key);
  if (idNumber !== null && !isIdentityCard)
    unclassifiedIdentifiers.push({ label: raw.fields.get("party.identityNumber")?.label ?? "证件号码", value: idNumber });
  const passportExpiry = get("party.passportExpiryDate");

  const details: PartyDetails = {
    address: name("party.address"),
    businessRegistrationNumber: identifier("party.businessRegistrationNumber"),
    certificateType,
    city: get("party.city"),
    corporationScale: scale,
    industryCode: industry,
    legalRepresentative: name("party.legalRepresentative"),
    lei: identifier("party.lei"),
    nationality: get("party.nationality"),
    organizationCode: identifier("party.organizationCode"),
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
    unifiedSocialCreditCode: identifier("party.creditCode"),
    institutionCertificateNumber: get("party.institutionCertificateNumber"),
    personalIdentityNumber: classified.get("party.identityNumber") ?? (isIdentityCard ? idNumber : null),
    financialInstitutionCode: code("party.financialInstitutionCode"),
    details,
  };
}
