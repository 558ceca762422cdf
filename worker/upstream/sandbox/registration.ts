/**
 * @module Registration i of a subject in full: the certificate's truth (the `Certificate` the parser must
 * read back), its invoice mentions, its attachments and how it is printed. Chain-level content
 * (parties, property) comes from the chain's own seed, so change, extension and cancellation
 * registrations repeat their initial registration's facts.
 */
import type { Certificate } from "../../schemas/certificate";
import { CURRENCIES, REGISTER_TYPES } from "../../domain/certificate/vocabulary";
import { type GeneratedDescription, generateDescription } from "./descriptions";
import { amount, invoiceClause, INVOICE_FORMS, type InvoiceMention } from "./invoices";
import { companyName, enterprise, type GeneratedParty, person, personName, securedParty, subjectIsIdentityNumber } from "./parties";
import { makeIdentityNumber } from "./identifiers";
import { Rng } from "./prng";
import { type Skeleton, skeleton } from "./skeleton";
import { styleFor, type RenderStyle } from "./style";
import {
  CANCELLATION_REASONS,
  CHANGE_DESCRIPTIONS,
  LEASE_TYPES,
  ORIGINAL_DEPARTMENTS,
  ORIGINAL_NOTES,
  SECURED_SCOPES,
  SECURITY_TYPES,
} from "./vocab";
import { asTextLayer, attachmentsFor, scanPageAttachments, type GeneratedAttachment } from "./attachment-plan";
import { hasScanPages } from "./scan-pages";
import { historyDescription, isHistorySubject } from "./history";
import { scenarioOf } from "./scenario";

export interface GeneratedRegistration {
  subject: string;
  skeleton: Skeleton;
  /** The truth, except propertyDescriptionSpans / propertyDescriptionPage, which the layout fills. */
  certificate: Certificate;
  parties: GeneratedParty[];
  description: GeneratedDescription;
  /** Invoice numbers printed in the description and in the attachments. */
  mentions: InvoiceMention[];
  attachments: GeneratedAttachment[];
  style: RenderStyle;
}

const currencyCode = (rng: Rng) => (rng.chance(0.8) ? "CNY" : rng.pick(CURRENCIES.filter((c) => c.code !== "CNY")).code);

function isoTime(wall: string): string {
  return `${wall.replace(" ", "T")}+08:00`;
}

function chainParties(subject: string, rng: Rng, leasing: boolean): GeneratedParty[] {
  const debtor = subjectIsIdentityNumber(subject) ? person(rng, subject) : enterprise(rng, subject);
  const parties = [debtor];
  if (rng.chance(0.15)) parties.push(enterprise(rng, companyName(rng)));
  parties.push(securedParty(rng, leasing));
  if (rng.chance(0.1)) parties.push(securedParty(rng, leasing));
  return parties;
}

export function buildRegistration(subject: string, index: number, count: number): GeneratedRegistration {
  const sk = skeleton(subject, index, count);
  const chain = Rng.of(subject, "content", sk.chainStart);
  const own = Rng.of(subject, "own", index);
  const business = sk.business;
  const parties = chainParties(subject, chain, business.code === "B00000");
  const debtorName = parties[0]?.party.name ?? subject;
  const size = chain.pick(["short", "short", "medium", "medium", "long", "attachment"] as const);
  const history = isHistorySubject(subject);
  const description = history
    ? historyOf(index, debtorName, companyName(chain))
    : generateDescription(chain, business.code, debtorName, companyName(chain), size);
  const mentions = [...description.mentions];
  let descriptionText = description.text;
  if (!history && sk.registerType === "change" && !description.refersToAttachment && own.chance(0.6)) {
    const extra = invoiceClause(own, own.pick(INVOICE_FORMS));
    descriptionText += `补充：${extra.text}。`;
    mentions.push(...extra.mentions);
  }
  const planned = history
    ? []
    : hasScanPages(subject)
      ? scanPageAttachments(index)
      : attachmentsFor(subject, sk.chainStart, description.refersToAttachment);
  const attachments = scenarioOf(subject).textLayer ? planned.map(asTextLayer) : planned;
  for (const a of attachments) mentions.push(...a.mentions);
  const contract = amount(chain, 100_000, 90_000_000);
  const year = sk.registerTime.slice(0, 4);
  const performanceStart = sk.registerTime.slice(0, 10);
  const withPeriod = chain.chance(0.6);
  // Same day one to three years on; 29 February becomes the 28th (the end year need not be a leap year).
  const performanceEnd = `${Number(year) + chain.int(1, 3)}${performanceStart.slice(4).replace("-02-29", "-02-28")}`;
  const withClaim = chain.chance(0.4);
  const claim = amount(chain, 100_000, 90_000_000);
  const withValue = chain.chance(0.5);
  const value = amount(chain, 10_000, 90_000_000);
  const originalRegistered = chain.chance(0.3);
  const withPreparer = chain.chance(0.85);
  const preparerIsPerson = chain.chance(0.5);
  const securedName = parties.find((p) => p.party.role === "secured_party")?.party;

  const certificate: Certificate = {
    certificateNumber: sk.certificateNumber,
    initialCertificateNumber: sk.initialCertificateNumber,
    registerType: sk.registerType,
    registerTime: isoTime(sk.registerTime),
    registrationMonths: sk.registrationMonths,
    expiresAt: sk.expiresAt,
    businessTypeCode: business.code,
    businessTypeDescription: business.description,
    subBusinessTypeCode: null,
    leaseBusinessType: business.code === "B00000" ? chain.pick(LEASE_TYPES) : null,
    securityType: chain.chance(0.5) ? chain.pick(SECURITY_TYPES) : null,
    securedScope: chain.chance(0.6) ? chain.pick(SECURED_SCOPES) : null,
    mainContractNumber: `${chain.pick(["HT", "JK", "RZ", "BL"])}${year}${chain.digits(6)}`,
    mainContractAmount: contract.decimal,
    mainContractCurrency: currencyCode(chain),
    maximumClaimAmount: withClaim ? claim.decimal : null,
    maximumClaimCurrency: withClaim ? "CNY" : null,
    securityContractNumber: chain.chance(0.5) ? `ZY${year}${chain.digits(5)}` : null,
    performanceStartDate: withPeriod ? performanceStart : null,
    performanceEndDate: withPeriod ? performanceEnd : null,
    performancePeriodText: withPeriod ? `${performanceStart} 至 ${performanceEnd}` : null,
    propertyDescription: descriptionText,
    propertyDescriptionPage: null,
    propertyDescriptionSpans: null,
    propertyUniqueCode: chain.chance(0.2) ? `WY${chain.digits(12)}` : null,
    propertyValue: withValue ? value.decimal : null,
    propertyValueCurrency: withValue ? currencyCode(chain) : null,
    declaredAttachments: attachments.map((a) => ({ fileName: a.fileName, purpose: "property" })),
    issues: [],
    originalRegistration: originalRegistered
      ? {
          registered: true,
          department: chain.pick(ORIGINAL_DEPARTMENTS),
          number: `${year}${chain.digits(10)}`,
          date: `${Number(year) - 1}-0${chain.int(1, 9)}-1${chain.int(0, 9)}`,
          description: chain.pick(ORIGINAL_NOTES),
        }
      : null,
    parties: parties.map((p) => p.party),
    preparer: withPreparer
      ? {
          name: preparerIsPerson ? personName(chain) : (securedName?.name ?? null),
          certificateType: preparerIsPerson ? "身份证" : "统一社会信用代码",
          certificateNumber: preparerIsPerson ? makeIdentityNumber(chain, "310115") : (securedName?.unifiedSocialCreditCode ?? null),
          address: chain.chance(0.5) ? `${securedName?.details?.city ?? ""}${securedName?.details?.address ?? ""}` : null,
          archiveNumber: chain.chance(0.3) ? `GD${chain.digits(10)}` : null,
          authorizedPerson: chain.chance(0.3) ? personName(chain) : null,
        }
      : null,
    registrationDetails: detailsFor(sk, own),
  };
  return {
    subject,
    skeleton: sk,
    certificate,
    parties,
    description: { ...description, text: descriptionText },
    mentions,
    attachments,
    style: styleFor(subject, index, certificate),
  };
}

/** A 沿革 registration's description (./history.ts): its chain's invoice, after a 10-digit code, unless a change rewrote it away. */
function historyOf(index: number, debtor: string, buyer: string): GeneratedDescription {
  const { text, invoice } = historyDescription(index, debtor, buyer);
  const mentions: InvoiceMention[] = invoice
    ? [{ number: invoice, code: "3100222130", printed: invoice, form: "coded10", range: null, source: "description" }]
    : [];
  return { text, mentions, refersToAttachment: false };
}

function detailsFor(sk: Skeleton, rng: Rng): Certificate["registrationDetails"] {
  switch (sk.registerType) {
    case "initial":
      return null;
    case "change":
      return { changeDescription: rng.pick(CHANGE_DESCRIPTIONS), extensionMonths: null, cancellationReason: null };
    case "extension":
      return { changeDescription: null, extensionMonths: sk.extensionMonths, cancellationReason: null };
    case "cancellation":
      return { changeDescription: null, extensionMonths: null, cancellationReason: rng.pick(CANCELLATION_REASONS) };
  }
}

export function registerTypeDescription(code: string): string {
  return REGISTER_TYPES.find((t) => t.code === code)?.description ?? code;
}
