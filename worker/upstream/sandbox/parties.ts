/**
 * @module Parties of a generated registration: the subject as a debtor (a company, or a person when the
 * subject is an identity number), sometimes a co-debtor, and one or two secured parties (banks,
 * factoring or leasing companies). Credit codes and identity numbers carry valid check characters.
 */
import type { CertificateParty, PartyDetails } from "../../schemas/certificate";
import { CORPORATION_SCALES, INDUSTRIES } from "../../domain/certificate/vocabulary";
import { isValidIdentityNumber, leiCheckDigits, makeCreditCode, organizationCodeOf, registrationNumberCheckDigit } from "./identifiers";
import type { Rng } from "./prng";
import { BANKS, BRANCH_SUFFIXES, COMPANY_SUFFIXES, FINANCE_SUFFIXES, GIVEN_CHARS, NAME_STEMS, REGIONS, ROADS, SURNAMES, TRADES } from "./vocab";

type Region = (typeof REGIONS)[number];

/** A party plus how the generator prints its identifiers (which label variant). */
export interface GeneratedParty {
  party: CertificateParty;
  /** Print the credit code under "组织机构代码/统一社会信用代码" (then it is an unclassified identifier). */
  unclassifiedLabel: string | null;
  /** Print industry as its letter code (else as its name). */
  industryAsCode: boolean;
}

function emptyDetails(): PartyDetails {
  return {
    address: null,
    businessRegistrationNumber: null,
    certificateType: null,
    city: null,
    corporationScale: null,
    industryCode: null,
    legalRepresentative: null,
    lei: null,
    nationality: null,
    organizationCode: null,
    organizationRegistrationCertificateNumber: null,
    passportExpiryDate: null,
    passportIssuingCountry: null,
    province: null,
    tradeName: null,
    typeDescription: null,
    unclassifiedIdentifiers: [],
  };
}

export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN_CHARS) + (rng.chance(0.6) ? rng.pick(GIVEN_CHARS) : "");
}

export function companyName(rng: Rng, region: Region = rng.pick(REGIONS)): string {
  const place = region.city.replace(/市$/, "");
  return `${place}${rng.pick(NAME_STEMS)}${rng.pick(TRADES)}${rng.pick(COMPANY_SUFFIXES)}`;
}

function address(rng: Rng, region: Region): string {
  return `${region.district}${rng.pick(ROADS)}${rng.int(1, 999)}号${rng.chance(0.4) ? `${rng.int(1, 30)}楼` : ""}`;
}

function located(rng: Rng, details: PartyDetails, region: Region): void {
  details.nationality = "中国";
  details.province = region.province;
  details.city = region.city;
  details.address = address(rng, region);
}

/** An enterprise debtor (the subject itself or a co-debtor). */
export function enterprise(rng: Rng, name: string): GeneratedParty {
  const region = rng.pick(REGIONS);
  const details = emptyDetails();
  const code = makeCreditCode(rng, region.code);
  details.typeDescription = "企业";
  details.legalRepresentative = personName(rng);
  const industry = rng.pick(INDUSTRIES.filter((i) => i.code !== "J" && i.code !== "T"));
  details.industryCode = rng.chance(0.1) ? "9999" : industry.code;
  details.corporationScale = rng.pick(CORPORATION_SCALES).code;
  if (rng.chance(0.3)) details.organizationCode = organizationCodeOf(code);
  if (rng.chance(0.2)) {
    const first14 = `${region.code}${rng.digits(9)}`.slice(0, 14);
    details.businessRegistrationNumber = first14 + registrationNumberCheckDigit(first14);
  }
  located(rng, details, region);
  const unclassifiedLabel = rng.chance(0.15) ? rng.pick(["组织机构代码/统一社会信用代码", "工商注册号/统一社会信用代码"]) : null;
  // Printed under a label naming two types, the code is still a credit code: its check character says so, and a reader files it there too.
  if (unclassifiedLabel) details.unclassifiedIdentifiers = [{ label: unclassifiedLabel, value: code }];
  return {
    party: {
      name,
      role: "debtor",
      typeCode: "02",
      typeLevel2Code: null,
      typeLevel3Code: null,
      unifiedSocialCreditCode: code,
      institutionCertificateNumber: null,
      personalIdentityNumber: null,
      financialInstitutionCode: null,
      details,
    },
    unclassifiedLabel,
    industryAsCode: rng.chance(0.5),
  };
}

/** A person debtor: the subject is an 18-digit identity number. */
export function person(rng: Rng, identityNumber: string): GeneratedParty {
  const details = emptyDetails();
  const region = REGIONS.find((r) => r.code.slice(0, 2) === identityNumber.slice(0, 2)) ?? rng.pick(REGIONS);
  details.typeDescription = "个人";
  details.certificateType = "身份证";
  located(rng, details, region);
  return {
    party: {
      name: personName(rng),
      role: "debtor",
      typeCode: "04",
      typeLevel2Code: null,
      typeLevel3Code: null,
      unifiedSocialCreditCode: null,
      institutionCertificateNumber: null,
      personalIdentityNumber: identityNumber,
      financialInstitutionCode: null,
      details,
    },
    unclassifiedLabel: null,
    industryAsCode: false,
  };
}

/** A secured party: a bank branch (financial institution) or a factoring / leasing company. */
export function securedParty(rng: Rng, leasing: boolean): GeneratedParty {
  const region = rng.pick(REGIONS);
  const details = emptyDetails();
  const bank = !leasing && rng.chance(0.75);
  const name = bank
    ? `${rng.pick(BANKS)}${region.city.replace(/市$/, "")}${rng.pick(BRANCH_SUFFIXES)}`
    : `${region.city.replace(/市$/, "")}${rng.pick(NAME_STEMS)}${leasing ? "融资租赁有限公司" : rng.pick(FINANCE_SUFFIXES)}`;
  details.typeDescription = bank ? "金融机构" : "企业";
  details.legalRepresentative = personName(rng);
  details.industryCode = bank ? "J" : "L";
  if (!bank) details.corporationScale = rng.pick(CORPORATION_SCALES).code;
  if (bank && rng.chance(0.3)) {
    const first18 = `${rng.digits(4)}00${rng.digits(12)}`;
    rng.digits(2);
    details.lei = first18 + leiCheckDigits(first18);
  }
  located(rng, details, region);
  return {
    party: {
      name,
      role: "secured_party",
      typeCode: bank ? "01" : "02",
      typeLevel2Code: null,
      typeLevel3Code: null,
      unifiedSocialCreditCode: makeCreditCode(rng, region.code),
      institutionCertificateNumber: null,
      personalIdentityNumber: null,
      financialInstitutionCode: bank ? `${rng.pick(["B", "C"])}${rng.digits(4)}H${rng.digits(9)}` : null,
      details,
    },
    unclassifiedLabel: null,
    industryAsCode: rng.chance(0.5),
  };
}

export function subjectIsIdentityNumber(subject: string): boolean {
  return isValidIdentityNumber(subject);
}
