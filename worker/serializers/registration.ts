/** @module Registration records → PublicRegistrationSummary / PublicRegistration (and their attachments, pdf and chain). */
import type { RegistrationChain, RegistrationDetail } from "../db/registration-detail";
import type { DocumentRecord, RegistrationRecord } from "../db/schema";
import { registrationCoverageComplete } from "../domain/registration-coverage";
import { toIso } from "../lib/time";
import type { Attachment, ChainItem, Pdf, Registration, RegistrationSummary } from "../schemas/registration";
import { toCertificate } from "./certificate";
import { documentUrl } from "./document-url";

export { documentUrl };

const ATTACHMENT_STATUS: Record<DocumentRecord["textStatus"], Attachment["status"]> = {
  extracted: "text_extracted",
  empty: "no_text",
  not_text: "not_text_searchable",
  unreadable: "unreadable",
};

export function toAttachment(doc: DocumentRecord): Attachment {
  return {
    id: doc.id,
    fileName: doc.fileName,
    url: documentUrl(doc.id),
    mimeType: doc.mimeType,
    ...(doc.pageCount !== null ? { pageCount: doc.pageCount } : {}),
    sha256: doc.sha256,
    status: ATTACHMENT_STATUS[doc.textStatus],
  };
}

/** Absent, null and empty text are all omitted (optional fields are never null). */
function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined || value === "" ? {} : ({ [key]: value } as Record<K, V>);
}

function upstreamSummary(row: RegistrationRecord): Record<string, unknown> {
  return JSON.parse(row.upstreamSummary) as Record<string, unknown>;
}

export function toRegistrationSummary(row: RegistrationRecord, docs: readonly DocumentRecord[]): RegistrationSummary {
  const certificateDoc = docs.find((d) => d.kind === "certificate");
  const available = row.sourceStatus === "available";
  return {
    id: row.id,
    certificateNumber: row.certificateNumber,
    coverageComplete: registrationCoverageComplete(row, docs),
    dataSource: row.dataSource as RegistrationSummary["dataSource"],
    parseStatus: row.parseStatus as RegistrationSummary["parseStatus"],
    sourceStatus: row.sourceStatus as RegistrationSummary["sourceStatus"],
    attachments: docs.filter((d) => d.kind === "attachment").map(toAttachment),
    ...optional("businessTypeCode", row.businessTypeCode),
    ...optional("subBusinessTypeCode", row.subBusinessTypeCode),
    // debtorNames, securedPartyNames, propertySummary: stored as domain/registration-summary.ts derived them.
    ...optional("debtorNames", row.debtorNames),
    ...optional("securedPartyNames", row.securedPartyNames),
    ...optional("expiresAt", row.expiresAt),
    ...optional("registerTime", row.registerTime),
    ...optional("registerType", row.registerType as RegistrationSummary["registerType"]),
    ...optional("registrationMonths", row.registrationMonths),
    ...optional("propertySummary", row.propertySummary),
    ...(available && certificateDoc ? { pdfUrl: documentUrl(certificateDoc.id) } : {}),
    upstreamSummary: upstreamSummary(row),
  };
}

export function toPdf(row: RegistrationRecord, doc: DocumentRecord | undefined): Pdf | null {
  if (!doc) return null;
  return {
    certificateNumber: row.certificateNumber,
    documentId: doc.id,
    fileName: doc.fileName,
    mimeType: doc.mimeType,
    ...(doc.pageCount !== null ? { pageCount: doc.pageCount } : {}),
    parseStatus: (doc.parseStatus ?? "pending") as Pdf["parseStatus"],
    ...(doc.parsedAt !== null ? { parsedAt: toIso(doc.parsedAt) } : {}),
    sha256: doc.sha256,
    size: doc.size,
    // Quarantined or unavailable sources cannot be downloaded: no link is offered.
    ...(row.sourceStatus === "available" ? { url: documentUrl(doc.id) } : {}),
  };
}

function toChain(chain: RegistrationChain): NonNullable<Registration["registrationChain"]> {
  return {
    initialCertificateNumber: chain.initialCertificateNumber,
    truncated: chain.truncated,
    items: chain.items.map((r): ChainItem => ({
      certificateNumber: r.certificateNumber,
      registrationId: r.id,
      parseStatus: r.parseStatus as ChainItem["parseStatus"],
      ...optional("registerType", r.registerType as ChainItem["registerType"]),
      ...optional("registerTime", r.registerTime),
      ...optional("expiresAt", r.expiresAt),
    })),
  };
}

/**
 * indexStatus and indexedAt are the registration's own (queues/indexing/): not_requested until a check of
 * its query asks; coverageComplete says what its checks will say (worker/domain/registration-coverage.ts).
 */
export function toPublicRegistration(detail: RegistrationDetail): Registration {
  const { registration: row, documents: docs, chain } = detail;
  return {
    id: row.id,
    certificateNumber: row.certificateNumber,
    certificate: toCertificate(row.certificate),
    pdf: toPdf(
      row,
      docs.find((d) => d.kind === "certificate"),
    ),
    indexStatus: row.indexStatus,
    upstreamSummary: upstreamSummary(row),
    attachments: docs.filter((d) => d.kind === "attachment").map(toAttachment),
    coverageComplete: registrationCoverageComplete(row, docs),
    ...(row.indexedAt ? { indexedAt: toIso(row.indexedAt) } : {}),
    ...(chain ? { registrationChain: toChain(chain) } : {}),
    sourceStatus: row.sourceStatus as Registration["sourceStatus"],
  };
}
