/**
 * @module Raw scanned values to the open API's `Certificate`, with a ParseIssue for each value that could
 * not be read (raw text and page kept) and each field that is missing although its registration type
 * expects it.
 */
import type { Certificate, ParseIssue } from "../../schemas/certificate";
import type { FieldKey } from "./labels";
import { buildParty } from "./parties";
import { joinPieces, type RawCertificate } from "./scan";
import { spansOf } from "./spans";
import {
  amountsDisagree,
  readAmountParts,
  readCertificateNumber,
  readCode,
  readName,
  readCurrency,
  readDate,
  readMonths,
  readPeriod,
  readRegisterType,
  readTime,
  readYesNo,
} from "./values";
import { ATTACHMENT_LABELS, businessTypeByDescription } from "./vocabulary";

export function buildCertificate(raw: RawCertificate, listedNumber?: string): Certificate {
  const issues: ParseIssue[] = [];
  const text = (key: FieldKey) => joinPieces(raw.fields.get(key));
  const nameText = (key: FieldKey) => {
    const value = text(key);
    return value === null ? null : readName(value);
  };
  const codeText = (key: FieldKey) => {
    const value = text(key);
    return value === null ? null : readCode(value);
  };
  const pageOf = (key: FieldKey) => raw.fields.get(key)?.pieces[0]?.page ?? null;
  /** Reads a field; an unreadable value becomes null plus an issue carrying the raw text. */
  function read<T>(key: FieldKey, field: string, reader: (t: string) => T | null): T | null {
    const value = text(key);
    if (value === null) return null;
    const out = reader(value);
    if (out === null) issues.push({ code: "UNREADABLE_VALUE", field, rawValue: value, pageNumber: pageOf(key) });
    return out;
  }

  /** An amount; figures and capital numerals that disagree keep the figures and are reported. */
  function amount(key: FieldKey, field: string): string | null {
    const value = text(key);
    if (value === null) return null;
    const parts = readAmountParts(value);
    if (parts.amount === null) issues.push({ code: "UNREADABLE_VALUE", field, rawValue: value, pageNumber: pageOf(key) });
    else if (parts.words !== null && amountsDisagree(parts.amount, parts.words)) {
      issues.push({ code: "AMOUNT_WORDS_DISAGREE", field, rawValue: value, pageNumber: pageOf(key) });
    }
    return parts.amount;
  }

  const printedNumber = read("certificateNumber", "certificateNumber", readCertificateNumber);
  const certificateNumber = listedNumber === undefined || printedNumber === null || printedNumber === listedNumber ? printedNumber : null;
  if (certificateNumber !== printedNumber)
    issues.push({
      code: "NUMBER_MISMATCH",
      field: "certificateNumber",
      rawValue: text("certificateNumber"),
      pageNumber: pageOf("certificateNumber"),
    });
  const registerType = read("registerType", "registerType", readRegisterType) ?? raw.titleType;
  const initial =
    read("initialCertificateNumber", "initialCertificateNumber", readCertificateNumber) ?? (registerType === "initial" ? certificateNumber : null);
  const businessText = text("businessType");
  const business = businessText === null ? undefined : businessTypeByDescription(businessText);
  if (businessText !== null && !business)
    issues.push({ code: "UNREADABLE_VALUE", field: "businessTypeCode", rawValue: businessText, pageNumber: pageOf("businessType") });
  const periodText = text("performancePeriod");
  const period = periodText === null ? { start: null, end: null } : readPeriod(periodText);
  if (periodText !== null && (period.start === null || period.end === null))
    issues.push({ code: "UNREADABLE_VALUE", field: "performancePeriodText", rawValue: periodText, pageNumber: pageOf("performancePeriod") });
  const descriptionValue = raw.fields.get("propertyDescription");
  const spans = descriptionValue && descriptionValue.pieces.length > 0 ? spansOf(descriptionValue.pieces) : null;
  const original = ["original.registered", "original.department", "original.number", "original.date", "original.description"] as const;
  const preparer = [
    "preparer.name",
    "preparer.certificateType",
    "preparer.certificateNumber",
    "preparer.address",
    "preparer.archiveNumber",
    "preparer.authorizedPerson",
  ] as const;
  const details = ["details.changeDescription", "details.extensionMonths", "details.cancellationReason"] as const;
  const dateOrRaw = (key: FieldKey, field: string) => read(key, field, readDate);

  const certificate: Certificate = {
    certificateNumber,
    initialCertificateNumber: initial,
    registerType,
    registerTime: read("registerTime", "registerTime", readTime),
    registrationMonths: read("registrationMonths", "registrationMonths", readMonths),
    expiresAt: dateOrRaw("expiresAt", "expiresAt"),
    businessTypeCode: business?.code ?? null,
    businessTypeDescription: businessText,
    subBusinessTypeCode: null,
    leaseBusinessType: text("leaseBusinessType"),
    securityType: text("securityType"),
    securedScope: text("securedScope"),
    mainContractNumber: text("mainContractNumber"),
    mainContractAmount: amount("mainContractAmount", "mainContractAmount"),
    mainContractCurrency: read("mainContractCurrency", "mainContractCurrency", readCurrency),
    maximumClaimAmount: amount("maximumClaimAmount", "maximumClaimAmount"),
    maximumClaimCurrency: read("maximumClaimCurrency", "maximumClaimCurrency", readCurrency),
    securityContractNumber: text("securityContractNumber"),
    performanceStartDate: period.start,
    performanceEndDate: period.end,
    performancePeriodText: periodText,
    propertyDescription: joinPieces(descriptionValue),
    propertyDescriptionPage: spans?.[0]?.pageNumber ?? null,
    propertyDescriptionSpans: spans,
    propertyUniqueCode: codeText("propertyUniqueCode"),
    propertyValue: amount("propertyValue", "propertyValue"),
    propertyValueCurrency: read("propertyValueCurrency", "propertyValueCurrency", readCurrency),
    declaredAttachments: raw.attachments.flatMap((a) => {
      const purpose = ATTACHMENT_LABELS[a.label.replace(/\s/g, "")] ?? "property";
      return fileNames(joinPieces(a)).map((fileName) => ({ fileName, purpose }));
    }),
    issues,
    originalRegistration: original.some((k) => raw.fields.has(k))
      ? {
          registered: read("original.registered", "originalRegistration.registered", readYesNo),
          department: text("original.department"),
          number: text("original.number"),
          date: dateOrRaw("original.date", "originalRegistration.date"),
          description: text("original.description"),
        }
      : null,
    // A heading with nothing under it ("担保人信息" above "出质人（1）") is no party.
    parties: raw.parties.filter((p) => p.fields.size > 0 || p.unclassified.length > 0).map((p) => buildParty(p, issues)),
    preparer: preparer.some((k) => raw.fields.has(k))
      ? {
          name: nameText("preparer.name"),
          certificateType: text("preparer.certificateType"),
          certificateNumber: text("preparer.certificateNumber"),
          address: text("preparer.address"),
          archiveNumber: text("preparer.archiveNumber"),
          authorizedPerson: text("preparer.authorizedPerson"),
        }
      : null,
    registrationDetails:
      details.some((k) => raw.fields.has(k)) || (registerType !== null && registerType !== "initial")
        ? {
            changeDescription: text("details.changeDescription"),
            extensionMonths: read("details.extensionMonths", "registrationDetails.extensionMonths", readMonths),
            cancellationReason: text("details.cancellationReason"),
          }
        : null,
  };
  issues.push(...missingExpected(certificate));
  return certificate;
}

/** Attachment names listed on one line ("发票清单.pdf、仓单扫描件.jpg") are several files when each has an extension. */
function fileNames(text: string | null): string[] {
  if (text === null) return [];
  const parts = text
    .split(/\s*[、，,；;]\s*|\s{2,}/)
    .filter(Boolean)
    .map(readName);
  return parts.length > 1 && parts.every((p) => /\.[A-Za-z0-9]{2,5}$/.test(p)) ? parts : [readName(text)];
}

/** A certificate of which nothing could be read: every field null, the issues saying why. */
export function emptyCertificate(issues: ParseIssue[]): Certificate {
  const none = buildCertificate({ fields: new Map(), parties: [], attachments: [], titleType: null, strayLines: [], labelCount: 0 });
  return { ...none, registrationDetails: null, issues };
}

/** Fields a registration of this type must print (certificate-format.md), absent from this one. */
function missingExpected(c: Certificate): ParseIssue[] {
  const missing = (field: string): ParseIssue => ({ code: "MISSING_FIELD", field, rawValue: null, pageNumber: null });
  const out: ParseIssue[] = [];
  if (c.registerType === null) out.push(missing("registerType"));
  if (c.registerTime === null) out.push(missing("registerTime"));
  if (c.registerType !== "initial" && c.initialCertificateNumber === null) out.push(missing("initialCertificateNumber"));
  if (c.registerType !== "cancellation") {
    if (c.registrationMonths === null) out.push(missing("registrationMonths"));
    if (c.expiresAt === null) out.push(missing("expiresAt"));
    if (c.businessTypeDescription === null) out.push(missing("businessTypeCode"));
    if (c.propertyDescription === null) out.push(missing("propertyDescription"));
  }
  const roles = new Set((c.parties ?? []).map((p) => p.role));
  if (!roles.has("debtor")) out.push(missing("parties.debtor"));
  if (!roles.has("secured_party")) out.push(missing("parties.secured_party"));
  const d = c.registrationDetails;
  if (c.registerType === "change" && !d?.changeDescription) out.push(missing("registrationDetails.changeDescription"));
  if (c.registerType === "extension" && d?.extensionMonths == null) out.push(missing("registrationDetails.extensionMonths"));
  if (c.registerType === "cancellation" && !d?.cancellationReason) out.push(missing("registrationDetails.cancellationReason"));
  return out;
}
