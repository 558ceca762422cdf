/**
 * @module What a registration's processed documents say, as the rows to write: each document with
 * its parse status, and the registration's own columns (parse status, certificate, the names and
 * summary the list endpoints search). Pure: the document step writes them in one batch.
 */
import type { ProcessedRegistration, RegistrationWithSubject } from "../../worker/db/registrations";
import type { DocumentRecord } from "../../worker/db/schema/shard";
import type { parseCertificate } from "../../worker/domain/certificate";
import { summaryFields } from "../../worker/domain/registration-summary";
import type { GatheredDocument } from "./read-files";

export type Parsed = ReturnType<typeof parseCertificate>;

export interface DocumentsFound {
  certificateObtained: boolean;
  parsed: Parsed | null;
  attachmentsComplete: boolean;
}

/** The document's row; only the certificate carries a parse status. */
export function documentRecord(d: GatheredDocument, parsed: Parsed | null, now: number): DocumentRecord {
  const parseStatus = d.row.kind === "certificate" ? (parsed?.status ?? "failed") : null;
  return { ...d.row, parseStatus, parsedAt: parseStatus ? now : null, createdAt: now };
}

/** The registration's columns once its documents are processed. Listing values stay where the certificate says nothing. */
export function processedRegistration(reg: RegistrationWithSubject, found: DocumentsFound): ProcessedRegistration {
  const cert = found.parsed?.status === "completed" ? found.parsed.certificate : null;
  const parseStatus = !found.certificateObtained ? "missing" : cert ? "completed" : "failed";
  // A failed parse keeps its certificate (fields null, issues saying why) for the registration detail.
  const stored = found.certificateObtained ? (found.parsed?.certificate ?? null) : null;
  const description = cert?.propertyDescription ?? "";
  const summary = summaryFields(cert);
  return {
    parseStatus,
    dataSource: found.certificateObtained ? "certificate" : "upstream",
    coverageComplete: !!cert && found.attachmentsComplete,
    certificate: stored ? JSON.stringify(stored) : null,
    initialCertificateNumber: cert?.initialCertificateNumber ?? cert?.certificateNumber ?? reg.initialCertificateNumber,
    businessTypeCode: cert?.businessTypeCode ?? null,
    subBusinessTypeCode: cert?.subBusinessTypeCode ?? null,
    ...summary,
    registrationMonths: cert?.registrationMonths ?? null,
    registerType: cert?.registerType ?? reg.registerType,
    registerTime: cert?.registerTime ?? reg.registerTime,
    expiresAt: cert?.expiresAt ?? reg.expiresAt,
    searchText: [reg.certificateNumber, summary.debtorNames, summary.securedPartyNames, description].filter(Boolean).join("\n"),
  };
}
