/**
 * @module Pipeline step 2, one message per registration: fetch the main certificate and the
 * attachments into R2, extract page text, parse the certificate, and record it all in one D1
 * batch that also counts progress. The registration flips to processed at most once, and the
 * processed count is recounted from the rows, so redelivery never counts twice.
 */
import { createUpstream } from "../worker/upstream";
import type { RegistrationRow } from "../worker/db/registrations";
import { parseCertificate, unreadableCertificate } from "../worker/domain/certificate";
import { finishQuery } from "./query-state";
import { withUpstreamSlot } from "./slot";
import { DONE, backoff, retryLater, waitForSlot, type StepResult } from "./step";
import { fetchDocuments } from "./gather";
import { readDocuments, type GatheredDocument } from "./read-documents";
import { registrationUpdate } from "./registration-update";

export async function documentStep(env: Env, queryId: string, registrationId: string, attempt: number): Promise<StepResult> {
  const reg = await env.DB.prepare("SELECT r.*, q.subject_name FROM registrations r JOIN queries q ON q.id = r.query_id WHERE r.id = ? AND r.query_id = ?")
    .bind(registrationId, queryId)
    .first<RegistrationRow & { subject_name: string }>();
  if (!reg || reg.processed === 1) return DONE;

  const fetched = await withUpstreamSlot(env, reg.account_id, `doc:${registrationId}`, () =>
    fetchDocuments(env, createUpstream(env), reg, attempt),
  );
  if (!fetched.ok) return waitForSlot(fetched.retryAfterSeconds);
  const result = fetched.value;
  if (result.kind === "retry") return result.retryAfterSeconds ? retryLater(result.retryAfterSeconds) : backoff(attempt);
  const read = await readDocuments(env, result.documents, attempt);
  // OCR's transient failures are retried like downloads (what was read is cached by SHA-256).
  if (read.kind === "retry") return backoff(attempt);
  const documents = read.documents;

  const now = Date.now();
  const certificateDoc = documents.find((d) => d.row.kind === "certificate");
  let parsed: ReturnType<typeof parseCertificate> | null = null;
  if (certificateDoc?.pages) parsed = parseCertificate(certificateDoc.pages);
  // A certificate file that could not be opened still says why in the registration detail.
  else if (certificateDoc) parsed = unreadableCertificate();
  const statements = [
    ...documents.map((d) => upsertDocument(env, d, parsed, now)),
    ...registrationUpdate(env, reg, { certificateObtained: result.certificateObtained, parsed, attachmentsComplete: result.attachmentsComplete, now }),
  ];
  await env.DB.batch(statements);
  const progress = await env.DB.prepare("SELECT processed_document_count AS done, total_document_count AS total FROM queries WHERE id = ?")
    .bind(queryId)
    .first<{ done: number; total: number }>();
  if (progress && progress.done >= progress.total) await finishQuery(env, queryId, { outcome: "documents" });
  return DONE;
}

function upsertDocument(env: Env, d: GatheredDocument, parsed: ReturnType<typeof parseCertificate> | null, now: number): D1PreparedStatement {
  const r = d.row;
  const parseStatus = r.kind === "certificate" ? (parsed?.status ?? "failed") : null;
  return env.DB.prepare(
    `INSERT OR REPLACE INTO documents (id, account_id, query_id, registration_id, kind, ordinal, file_name, mime_type, size, sha256,
       page_count, pages, r2_key, text_key, text_status, parse_status, parsed_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(
    r.id, r.account_id, r.query_id, r.registration_id, r.kind, r.ordinal, r.file_name, r.mime_type, r.size, r.sha256,
    r.page_count, r.pages, r.r2_key, r.text_key, r.text_status, parseStatus, parseStatus ? now : null, now,
  );
}
