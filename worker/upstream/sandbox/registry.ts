/**
 * @module The generated sandbox registry and its truth: what the adapter serves and what tests (and
 * other modules' tests) compare against. Registration i of a subject is rebuilt alone, in O(1).
 */
import { normalizeText } from "../../domain/text/normalize";
import type { Certificate } from "../../schemas/certificate";
import type { UpstreamRegistration } from "../types";
import type { InvoiceMention } from "./invoices";
import { type CertificateLayout, layoutCertificate } from "./layout";
import { buildRegistration, type GeneratedRegistration, registerTypeDescription } from "./registration";
import { attachmentBytes, certificatePdf } from "./render";
import { registrationCount, type Scenario, scenarioOf } from "./scenario";
import { indexOfCertificate, skeleton } from "./skeleton";

export interface RegistrationTruth {
  listing: UpstreamRegistration;
  /** The Certificate the parser must produce from this registration's PDF. */
  certificate: Certificate;
  /** The page texts a correct extractor reads from the PDF. */
  pageTexts: string[];
  attachments: { fileName: string; mimeType: string }[];
  /** Invoice numbers printed in the description and in attachment invoice lists. */
  mentions: InvoiceMention[];
  font: "embedded" | "stsong";
}

export interface SubjectTruth {
  subjectName: string;
  scenario: Scenario;
  registrationCount: number;
  registrations: RegistrationTruth[];
}

function listingOf(subject: string, index: number, count: number): UpstreamRegistration {
  const sk = skeleton(subject, index, count);
  return {
    certificateNumber: sk.certificateNumber,
    registerType: sk.registerType,
    registerTime: `${sk.registerTime.replace(" ", "T")}+08:00`,
    expiresAt: sk.expiresAt,
    summary: {
      registerTypeName: registerTypeDescription(sk.registerType),
      initialCertificateNumber: sk.initialCertificateNumber,
      businessTypeCode: sk.business.code,
      businessType: sk.business.description,
    },
  };
}

/** A generated registration with its layout, so that truth and file come from one computation. */
export interface LaidOutRegistration {
  registration: GeneratedRegistration;
  layout: CertificateLayout;
  certificate: Certificate;
}

function laidOut(subject: string, index: number, count: number): LaidOutRegistration {
  return layOut(buildRegistration(subject, index, count));
}

/**
 * Lays out a generated registration (possibly altered by a test: another style, fields removed, a longer
 * description) and states its truth: the certificate with description page and spans filled.
 */
/**
 * The truth as a reader states it: every string normalised the way extracted text is (full-width digits
 * printed on the page are served as ASCII digits). The fold keeps lengths in the generator's character
 * set, so description spans stay right.
 */
function asRead(certificate: Certificate): Certificate {
  return JSON.parse(JSON.stringify(certificate), (_key, value: unknown) => (typeof value === "string" ? normalizeText(value) : value)) as Certificate;
}

export function layOut(registration: GeneratedRegistration): LaidOutRegistration {
  const printed = layoutCertificate(registration);
  // Page texts as the extractor serves them (normalised); the drawings keep what is printed.
  const layout = { ...printed, pageTexts: printed.pageTexts.map(normalizeText) };
  const certificate: Certificate = asRead({
    ...registration.certificate,
    propertyDescriptionPage: layout.descriptionSpans[0]?.pageNumber ?? null,
    propertyDescriptionSpans: layout.descriptionSpans,
  });
  return { registration, layout, certificate };
}

/** The PDF of a laid-out registration. */
export function renderLaidOut(laid: LaidOutRegistration): Promise<Uint8Array> {
  return certificatePdf(laid.registration, laid.layout);
}

export const sandboxRegistry = {
  scenario: scenarioOf,
  count: (subject: string): number => registrationCount(subject),

  /** The complete generated list (ignores failure markers: the adapter applies them). */
  listing(subject: string): UpstreamRegistration[] {
    const count = registrationCount(subject);
    return Array.from({ length: count }, (_, i) => listingOf(subject, i, count));
  },

  /** Registration by certificate number, or null when the subject has no such registration. */
  find(subject: string, certificateNumber: string): LaidOutRegistration | null {
    const count = registrationCount(subject);
    const index = indexOfCertificate(subject, certificateNumber, count);
    return index === null ? null : laidOut(subject, index, count);
  },

  truth(subject: string, certificateNumber: string): RegistrationTruth | null {
    const count = registrationCount(subject);
    const index = indexOfCertificate(subject, certificateNumber, count);
    if (index === null) return null;
    const { registration, layout, certificate } = laidOut(subject, index, count);
    return {
      listing: listingOf(subject, index, count),
      certificate,
      pageTexts: layout.pageTexts,
      attachments: registration.attachments.map((a) => ({ fileName: a.fileName, mimeType: a.mimeType })),
      mentions: registration.mentions,
      font: registration.style.font,
    };
  },

  /** Every registration's truth. Builds them all: meant for tests, not for 规模5000 in a request. */
  describe(subject: string): SubjectTruth {
    const list = this.listing(subject);
    return {
      subjectName: subject,
      scenario: scenarioOf(subject),
      registrationCount: list.length,
      registrations: list.map((r) => this.truth(subject, r.certificateNumber)).filter((t): t is RegistrationTruth => t !== null),
    };
  },

  /** Distinct invoice numbers (ASCII digits; range ends included) printed in a registration. */
  invoiceNumbersOf(subject: string, certificateNumber: string, where: "description" | "attachments" | "all" = "all"): string[] {
    const mentions = this.invoiceMentionsOf(subject, certificateNumber).filter(
      (m) => where === "all" || (where === "description") === (m.source === "description"),
    );
    return [...new Set(mentions.map((m) => m.number))];
  },

  invoiceMentionsOf(subject: string, certificateNumber: string): InvoiceMention[] {
    return this.find(subject, certificateNumber)?.registration.mentions ?? [];
  },

  propertyDescriptionOf(subject: string, certificateNumber: string): string | null {
    return this.find(subject, certificateNumber)?.certificate.propertyDescription ?? null;
  },

  async certificatePdf(subject: string, certificateNumber: string): Promise<Uint8Array | null> {
    const found = this.find(subject, certificateNumber);
    return found ? certificatePdf(found.registration, found.layout) : null;
  },

  async attachment(subject: string, certificateNumber: string, fileName: string): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
    const found = this.find(subject, certificateNumber);
    const attachment = found?.registration.attachments.find((a) => a.fileName === fileName);
    return attachment ? { bytes: await attachmentBytes(attachment), mimeType: attachment.mimeType } : null;
  },
};
