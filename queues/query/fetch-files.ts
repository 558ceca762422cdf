/**
 * @module Fetching one registration's files into R2, inside an upstream slot (reading them comes
 * after, outside it: read-files.ts). A passing failure (a 5xx, a timeout, a transfer broken off) asks
 * for a retry of the whole step; objects are overwritten under the same keys, so nothing is stored
 * twice. A permanent one ends that file at once (queues/retry-policy.ts): not found or gone, refused,
 * or bytes that are not the ones the upstream claims (asking again brings the same wrong bytes); the
 * registration is recorded without it (certificate missing, attachments incomplete).
 */
import type { DocumentRecord } from "../../worker/db/schema/shard";
import type { RegistrationWithSubject } from "../../worker/db/registrations";
import type { RegistrationRef, UpstreamAdapter, UpstreamFile } from "../../worker/upstream/types";
import { documentIdFor, storeFile, streamFile } from "./files";

/** What is known of a file once it is in R2, before it is read. */
export type FetchedRow = Pick<
  DocumentRecord,
  "id" | "accountId" | "queryId" | "registrationId" | "kind" | "ordinal" | "fileName" | "mimeType" | "size" | "sha256" | "r2Key"
>;

/** A file now in R2; a PDF's bytes are kept for extraction. */
export interface FetchedDocument {
  row: FetchedRow;
  pdfBytes: Uint8Array | null;
}

export type Fetched =
  | { kind: "ok"; documents: FetchedDocument[]; certificateObtained: boolean; attachmentsComplete: boolean }
  | { kind: "retry"; retryAfterSeconds?: number };

const PDF = "application/pdf";

export async function fetchFiles(env: Env, upstream: UpstreamAdapter, reg: RegistrationWithSubject, attempt: number): Promise<Fetched> {
  const ref: RegistrationRef = { subjectName: reg.subjectName, certificateNumber: reg.certificateNumber };
  const documents: FetchedDocument[] = [];

  const certificate = await upstream.fetchCertificate(ref, { attempt });
  if (!certificate.ok && (certificate.kind === "transient" || certificate.kind === "busy")) return retry(certificate.retryAfterSeconds);
  let certificateObtained = false;
  if (certificate.ok) {
    const doc = await keep(env, reg, "certificate", 0, certificate);
    if (doc === "truncated") return retry();
    if (doc !== "hash_mismatch") {
      documents.push(doc);
      certificateObtained = true;
    }
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
      if (doc === "truncated") return retry();
      if (doc === "hash_mismatch") attachmentsComplete = false;
      else documents.push(doc);
    }
  }
  return { kind: "ok", documents, certificateObtained, attachmentsComplete };
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
async function keep(
  env: Env,
  reg: RegistrationWithSubject,
  kind: "certificate" | "attachment",
  ordinal: number,
  file: UpstreamFile,
): Promise<FetchedDocument | "truncated" | "hash_mismatch"> {
  const id = await documentIdFor(reg.id, kind, ordinal);
  const r2Key = `files/${reg.queryId}/${id}`;
  if (isPdf(file)) {
    const stored = await storeFile(env.FILES, r2Key, file);
    if (!stored.ok) return stored.reason;
    return { row: fetchedRow(reg, id, kind, ordinal, file.fileName, PDF, stored.file, r2Key), pdfBytes: stored.file.bytes };
  }
  const streamed = await streamFile(env.FILES, r2Key, file);
  if (!streamed.ok) return streamed.reason;
  return { row: fetchedRow(reg, id, kind, ordinal, file.fileName, file.mimeType, streamed.file, r2Key), pdfBytes: null };
}

function fetchedRow(
  reg: RegistrationWithSubject,
  id: string,
  kind: "certificate" | "attachment",
  ordinal: number,
  fileName: string,
  mimeType: string,
  stored: { size: number; sha256: string },
  r2Key: string,
): FetchedRow {
  return {
    id,
    accountId: reg.accountId,
    queryId: reg.queryId,
    registrationId: reg.id,
    kind,
    ordinal,
    fileName,
    mimeType,
    size: stored.size,
    sha256: stored.sha256,
    r2Key,
  };
}
