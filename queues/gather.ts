/**
 * @module Fetching one registration's files into R2, inside an upstream slot (reading them comes after,
 * outside it: queues/read-documents.ts).
 * Transient failures ask for a retry of the whole step; objects are overwritten under the same
 * keys, so nothing is stored twice.
 */
import type { DocumentRow, RegistrationRow } from "../worker/db/registrations";
import type { RegistrationRef, UpstreamAdapter, UpstreamFile } from "../worker/upstream/types";
import { documentIdFor, storeFile, streamFile } from "./files";

type FetchedRow = Omit<DocumentRow, "parse_status" | "parsed_at" | "created_at" | "page_count" | "pages" | "text_key" | "text_status">;

/** A file now in R2; a PDF's bytes are kept for extraction. */
export interface FetchedDocument {
  row: FetchedRow;
  pdfBytes: Uint8Array | null;
}

export type Fetched =
  | { kind: "ok"; documents: FetchedDocument[]; certificateObtained: boolean; attachmentsComplete: boolean }
  | { kind: "retry"; retryAfterSeconds?: number };

const PDF = "application/pdf";

export async function fetchDocuments(env: Env, upstream: UpstreamAdapter, reg: RegistrationRow & { subject_name: string }, attempt: number): Promise<Fetched> {
  const ref: RegistrationRef = { subjectName: reg.subject_name, certificateNumber: reg.certificate_number };
  const documents: FetchedDocument[] = [];

  const certificate = await upstream.fetchCertificate(ref, { attempt });
  if (!certificate.ok && (certificate.kind === "transient" || certificate.kind === "busy")) return retry(certificate.retryAfterSeconds);
  if (certificate.ok) {
    const doc = await keep(env, reg, "certificate", 0, certificate);
    if (!doc) return retry();
    documents.push(doc);
  }

  let attachmentsComplete = true;
  const listing = await upstream.listAttachments(ref, { attempt });
  if (!listing.ok) {
    if (listing.kind === "transient" || listing.kind === "busy") return retry(listing.retryAfterSeconds);
    attachmentsComplete = listing.kind === "missing";
  } else {
    for (const [i, info] of listing.attachments.entries()) {
      const file = await upstream.fetchAttachment(ref, info.fileName, { attempt });
      if (!file.ok) {
        if (file.kind === "transient" || file.kind === "busy") return retry(file.retryAfterSeconds);
        attachmentsComplete = false;
        continue;
      }
      const doc = await keep(env, reg, "attachment", i + 1, file);
      if (!doc) return retry();
      documents.push(doc);
    }
  }
  return { kind: "ok", documents, certificateObtained: certificate.ok, attachmentsComplete };
}

function retry(retryAfterSeconds?: number): Fetched {
  return retryAfterSeconds ? { kind: "retry", retryAfterSeconds } : { kind: "retry" };
}

function isPdf(file: { mimeType: string; fileName: string }): boolean {
  return file.mimeType === PDF || file.fileName.toLowerCase().endsWith(".pdf");
}

/**
 * Stores the file; null when its bytes failed their checks (retry). A PDF is read whole (the
 * extractor needs all of it); anything else streams into R2 without being held in memory.
 */
async function keep(env: Env, reg: RegistrationRow, kind: "certificate" | "attachment", ordinal: number, file: UpstreamFile): Promise<FetchedDocument | null> {
  const id = await documentIdFor(reg.id, kind, ordinal);
  const r2Key = `files/${reg.query_id}/${id}`;
  const pdf = isPdf(file);
  const stored = pdf ? await storeFile(env.FILES, r2Key, file) : await streamFile(env.FILES, r2Key, file);
  if (!stored.ok) return null;
  return {
    row: {
      id, account_id: reg.account_id, query_id: reg.query_id, registration_id: reg.id, kind, ordinal,
      file_name: file.fileName, mime_type: pdf ? PDF : file.mimeType, size: stored.file.size, sha256: stored.file.sha256, r2_key: r2Key,
    },
    pdfBytes: pdf ? ((stored.file as { bytes?: Uint8Array }).bytes ?? null) : null,
  };
}
