/**
 * @module Fetching one registration's files: the main certificate and every attachment, each into
 * R2 with its extracted page text beside it. Transient failures ask for a retry of the whole step
 * (objects are overwritten under the same keys, so nothing is stored twice).
 */
import type { DocumentRow, RegistrationRow } from "../worker/db/registrations";
import { extractPdf, type PdfExtraction } from "../worker/pdf/extract";
import type { RegistrationRef, UpstreamAdapter, UpstreamFile } from "../worker/upstream/types";
import { documentIdFor, storeFile } from "./files";

export interface GatheredDocument {
  row: Omit<DocumentRow, "parse_status" | "parsed_at" | "created_at">;
  /** Extracted pages of a PDF that had a text layer. */
  pages: Array<{ text: string; width: number; height: number; rotation: number }> | null;
}

export type Gathered =
  | { kind: "ok"; documents: GatheredDocument[]; certificateObtained: boolean; attachmentsComplete: boolean }
  | { kind: "retry"; retryAfterSeconds?: number };

const PDF = "application/pdf";

export async function gatherDocuments(env: Env, upstream: UpstreamAdapter, reg: RegistrationRow & { subject_name: string }, attempt: number): Promise<Gathered> {
  const ref: RegistrationRef = { subjectName: reg.subject_name, certificateNumber: reg.certificate_number };
  const documents: GatheredDocument[] = [];

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
    attachmentsComplete = listing.kind === "missing" ? true : false;
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

function retry(retryAfterSeconds?: number): Gathered {
  return retryAfterSeconds ? { kind: "retry", retryAfterSeconds } : { kind: "retry" };
}

/** Stores the file and, for a PDF, its page texts; null when the bytes failed their checks (retry). */
async function keep(env: Env, reg: RegistrationRow, kind: "certificate" | "attachment", ordinal: number, file: UpstreamFile): Promise<GatheredDocument | null> {
  const id = await documentIdFor(reg.id, kind, ordinal);
  const r2Key = `files/${reg.query_id}/${id}`;
  const stored = await storeFile(env.FILES, r2Key, file);
  if (!stored.ok) return null;
  const isPdf = file.mimeType === PDF || file.fileName.toLowerCase().endsWith(".pdf");
  let extraction: PdfExtraction | null = null;
  let textKey: string | null = null;
  let textStatus: DocumentRow["text_status"] = "not_text";
  if (isPdf) {
    extraction = await extractPdf(stored.file.bytes);
    if (!extraction.ok) textStatus = "unreadable";
    else if (extraction.pages.every((p) => p.text.trim() === "")) textStatus = "empty";
    else {
      textStatus = "extracted";
      textKey = `text/${reg.query_id}/${id}.json`;
      await env.FILES.put(textKey, JSON.stringify(extraction.pages.map((p) => p.text)), { httpMetadata: { contentType: "application/json" } });
    }
  }
  const pages = extraction?.ok ? extraction.pages : null;
  return {
    row: {
      id, account_id: reg.account_id, query_id: reg.query_id, registration_id: reg.id, kind, ordinal,
      file_name: file.fileName, mime_type: isPdf ? PDF : file.mimeType, size: stored.file.size, sha256: stored.file.sha256,
      page_count: extraction?.ok ? extraction.pageCount : null,
      pages: pages ? JSON.stringify(pages.map((p) => ({ width: p.width, height: p.height, rotation: p.rotation }))) : null,
      r2_key: r2Key, text_key: textKey, text_status: textStatus,
    },
    pages: textStatus === "extracted" || (kind === "certificate" && pages) ? pages : null,
  };
}
