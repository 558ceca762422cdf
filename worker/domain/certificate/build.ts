/**
 * @module Raw scanned values to the open API's `Certificate`, with a ParseIssue for each value that could
 * not be read (raw text and page kept) and each field that is missing although its registration type
 * expects it.
 */
import type { Certificate, ParseIssue } from "../../schemas/certificate";
import type { FieldKey } from "./labels";
import { buildParty } from "./parties";
import { emptyRawCertificate, joinPieces, type RawCertificate, type RawParty, type RawValue } from "./scan";
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
import { isCalendarDate, isClockTime, labelTextIn, termAgrees } from "./checks";

/** The party blocks a certificate emits, in order: those with something read (a role heading alone is none). */
export function emittedParties(raw: RawCertificate): RawParty[] {
  return raw.parties.filter((p) => p.fields.size > 0 || p.unclassified.length > 0);
}

export function buildCertificate(raw: RawCertificate, listedNumber?: string): Certificate {
  const issues: ParseIssue[] = [];
  const text = (key: FieldKey) => joinPieces(raw.fields.get(key));
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

  /** Free text that must hold no label (a wrapped label's piece glued on): null and an issue otherwise. */
  function plain(key: FieldKey, field: string, reader: (t: string) => string | null = (t) => t): string | null {
    const value = text(key);
    if (value === null) return null;
    if (labelTextIn(value) !== null) {
      issues.push({ code: "LABEL_IN_VALUE", field, rawValue: value, pageNumber: pageOf(key) });
      return null;
    }
    const out = reader(value);
    if (out === null) issues.push({ code: "UNREADABLE_VALUE", field, rawValue: value, pageNumber: pageOf(key) });
    return out;
  }
  /** A contract number has a letter or a digit: Chinese words alone are a label we do not know, or a sentence. */
  const contractNumber = (t: string) => (/[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]/.test(t) ? t : null);

  // The number printed in the body, the ones in every page's header or footer and the one the upstream
  // listed are one number; a certificate that prints its number only as a header is read from there.
  const copies = raw.numberCopies.map((v) => ({ number: readCertificateNumber(joinPieces(v) ?? ""), value: v }));
  // A bare 20-digit line at a page's edge is checked against the number, never taken for it.
  const firstCopy = copies.find((c) => c.number !== null && c.value.label !== "");
  const printedNumber = read("certificateNumber", "certificateNumber", readCertificateNumber) ?? firstCopy?.number ?? null;
  const other = copies.find((c) => c.number !== null && c.number !== printedNumber);
  const agrees = printedNumber !== null && (listedNumber === undefined || printedNumber === listedNumber) && other === undefined;
  const certificateNumber = agrees ? printedNumber : null;
  if (printedNumber !== null && !agrees) {
    // The copy that disagrees (its page), else the number the upstream's listing contradicts.
    const shown = other?.value ?? raw.fields.get("certificateNumber") ?? firstCopy?.value;
    issues.push({
      code: "NUMBER_MISMATCH",
      field: "certificateNumber",
      rawValue: joinPieces(shown) ?? printedNumber,
      pageNumber: shown?.pieces[0]?.page ?? null,
    });
  }
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
  const dateOrRaw = (key: FieldKey, field: string) => read(key, field, (t) => checkedBy(readDate(t), isCalendarDate));
  const registerTime = read("registerTime", "registerTime", (t) => checkedBy(readTime(t), isClockTime));
  const expiresAt = dateOrRaw("expiresAt", "expiresAt");
  let registrationMonths = read("registrationMonths", "registrationMonths", readMonths);
  // An initial registration's term runs from its time to its expiry: three values that must agree.
  if (
    registerType === "initial" &&
    registerTime !== null &&
    expiresAt !== null &&
    registrationMonths !== null &&
    !termAgrees(registerTime, registrationMonths, expiresAt)
  ) {
    issues.push({
      code: "TERM_DISAGREES",
      field: "registrationMonths",
      rawValue: text("registrationMonths"),
      pageNumber: pageOf("registrationMonths"),
    });
    issues.push({ code: "TERM_DISAGREES", field: "expiresAt", rawValue: text("expiresAt"), pageNumber: pageOf("expiresAt") });
    registrationMonths = null;
  }

  const certificate: Certificate = {
    certificateNumber,
    initialCertificateNumber: initial,
    registerType,
    registerTime,
    registrationMonths,
    expiresAt,
    businessTypeCode: business?.code ?? null,
    businessTypeDescription: businessText,
    subBusinessTypeCode: null,
    leaseBusinessType: text("leaseBusinessType"),
    securityType: text("securityType"),
    securedScope: text("securedScope"),
    mainContractNumber: plain("mainContractNumber", "mainContractNumber", contractNumber),
    mainContractAmount: amount("mainContractAmount", "mainContractAmount"),
    mainContractCurrency: read("mainContractCurrency", "mainContractCurrency", readCurrency),
    maximumClaimAmount: amount("maximumClaimAmount", "maximumClaimAmount"),
    maximumClaimCurrency: read("maximumClaimCurrency", "maximumClaimCurrency", readCurrency),
    securityContractNumber: plain("securityContractNumber", "securityContractNumber", contractNumber),
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
      return fileNames(a).flatMap((fileName) => {
        if (labelTextIn(fileName) === null) return [{ fileName, purpose }];
        issues.push({ code: "LABEL_IN_VALUE", field: "declaredAttachments", rawValue: fileName, pageNumber: a.pieces[0]?.page ?? null });
        return [];
      });
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
    parties: emittedParties(raw).map((p, k) => buildParty(p, k, issues)),
    preparer: preparer.some((k) => raw.fields.has(k))
      ? {
          name: plain("preparer.name", "preparer.name", readName),
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

/** A value passed through its check: null when it fails. */
function checkedBy<T>(value: T | null, check: (v: T) => boolean): T | null {
  return value !== null && check(value) ? value : null;
}

/** A file name ends in an extension: a line of a list without one continues on the next line. */
const FILE_EXTENSION = /\.[A-Za-z0-9]{2,5}$/;

/**
 * Attachment names: one a line when the value was read line by line (a name wrapped over two lines is
 * put back together), and names listed on one line ("发票清单.pdf、仓单扫描件.jpg") are several files when each
 * has an extension.
 */
function fileNames(value: RawValue): string[] {
  if (!value.lines || value.lines.length < 2) return namesOnLine(joinPieces(value));
  const names: string[] = [];
  let pending = "";
  for (const line of value.lines) {
    pending += line.trim();
    if (FILE_EXTENSION.test(pending)) {
      names.push(...namesOnLine(pending));
      pending = "";
    }
  }
  if (pending) names.push(...namesOnLine(pending));
  return names;
}

function namesOnLine(text: string | null): string[] {
  if (text === null) return [];
  const parts = text
    .split(/\s*[、，,；;]\s*|\s{2,}/)
    .filter(Boolean)
    .map(readName);
  return parts.length > 1 && parts.every((p) => /\.[A-Za-z0-9]{2,5}$/.test(p)) ? parts : [readName(text)];
}

/** A certificate of which nothing could be read: every field null, the issues saying why. */
export function emptyCertificate(issues: ParseIssue[]): Certificate {
  const none = buildCertificate(emptyRawCertificate());
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
