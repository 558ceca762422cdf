/** @module Registration rows → PublicRegistrationSummary / PublicRegistration. */
import type { z } from "@hono/zod-openapi";
import type { DocumentRow, RegistrationRow } from "../db/registrations";
import { toIso } from "../lib/time";
import type { AttachmentSchema, PdfSchema, RegistrationSchema, RegistrationSummarySchema } from "../routes/queries/schema";
import type { Certificate } from "../schemas/certificate";

type Attachment = z.infer<typeof AttachmentSchema>;
type Pdf = z.infer<typeof PdfSchema>;
export type RegistrationSummary = z.infer<typeof RegistrationSummarySchema>;
export type PublicRegistration = z.infer<typeof RegistrationSchema>;

export function documentUrl(documentId: string): string {
  return `/api/open/v1/documents/${documentId}/content`;
}

const ATTACHMENT_STATUS: Record<DocumentRow["text_status"], Attachment["status"]> = {
  extracted: "text_extracted",
  empty: "no_text",
  not_text: "not_text_searchable",
  unreadable: "unreadable",
};

export function toAttachment(doc: DocumentRow): Attachment {
  return {
    id: doc.id,
    fileName: doc.file_name,
    url: documentUrl(doc.id),
    mimeType: doc.mime_type,
    ...(doc.page_count !== null ? { pageCount: doc.page_count } : {}),
    sha256: doc.sha256,
    status: ATTACHMENT_STATUS[doc.text_status],
  };
}

function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined || value === "" ? {} : ({ [key]: value } as Record<K, V>);
}

export function toRegistrationSummary(row: RegistrationRow, docs: readonly DocumentRow[]): RegistrationSummary {
  const certificateDoc = docs.find((d) => d.kind === "certificate");
  const available = row.source_status === "available";
  return {
    id: row.id,
    certificateNumber: row.certificate_number,
    coverageComplete: row.coverage_complete === 1,
    dataSource: row.data_source as RegistrationSummary["dataSource"],
    parseStatus: row.parse_status as RegistrationSummary["parseStatus"],
    sourceStatus: row.source_status as RegistrationSummary["sourceStatus"],
    attachments: docs.filter((d) => d.kind === "attachment").map(toAttachment),
    ...optional("businessTypeCode", row.business_type_code),
    ...optional("subBusinessTypeCode", row.sub_business_type_code),
    ...optional("debtorNames", row.debtor_names),
    ...optional("securedPartyNames", row.secured_party_names),
    ...optional("expiresAt", row.expires_at),
    ...optional("registerTime", row.register_time),
    ...optional("registerType", row.register_type as RegistrationSummary["registerType"]),
    ...optional("registrationMonths", row.registration_months),
    ...optional("propertySummary", row.property_summary),
    ...(available && certificateDoc ? { pdfUrl: documentUrl(certificateDoc.id) } : {}),
    upstreamSummary: JSON.parse(row.upstream_summary) as Record<string, unknown>,
  };
}

export function toPdf(row: RegistrationRow, doc: DocumentRow | undefined): Pdf | null {
  if (!doc) return null;
  return {
    certificateNumber: row.certificate_number,
    documentId: doc.id,
    fileName: doc.file_name,
    mimeType: doc.mime_type,
    ...(doc.page_count !== null ? { pageCount: doc.page_count } : {}),
    parseStatus: (doc.parse_status ?? "pending") as Pdf["parseStatus"],
    ...(doc.parsed_at !== null ? { parsedAt: toIso(doc.parsed_at) } : {}),
    sha256: doc.sha256,
    size: doc.size,
    // Quarantined or unavailable sources cannot be downloaded: no link is offered.
    ...(row.source_status === "available" ? { url: documentUrl(doc.id) } : {}),
  };
}

export function toPublicRegistration(
  row: RegistrationRow,
  docs: readonly DocumentRow[],
  chain: { initialCertificateNumber: string; items: Array<Record<string, string | undefined>>; truncated: boolean } | undefined,
  index: { status: PublicRegistration["indexStatus"]; at?: number },
): PublicRegistration {
  return {
    id: row.id,
    certificateNumber: row.certificate_number,
    certificate: row.certificate ? (JSON.parse(row.certificate) as Certificate) : null,
    pdf: toPdf(row, docs.find((d) => d.kind === "certificate")),
    indexStatus: index.status,
    upstreamSummary: JSON.parse(row.upstream_summary) as Record<string, unknown>,
    attachments: docs.filter((d) => d.kind === "attachment").map(toAttachment),
    coverageComplete: row.coverage_complete === 1,
    ...(index.at ? { indexedAt: toIso(index.at) } : {}),
    ...(chain ? { registrationChain: chain as PublicRegistration["registrationChain"] } : {}),
    sourceStatus: row.source_status as PublicRegistration["sourceStatus"],
  };
}
