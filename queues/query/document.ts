/**
 * @module Query step 2, one message per registration: fetch the certificate and the attachments into
 * R2 (inside an upstream slot), read their text (outside it), parse the certificate, and record it
 * all in one D1 batch that also recounts the query's progress. The registration flips to processed
 * at most once and the count is recounted from the rows, so redelivery never counts twice. The step
 * that processes the last document finishes the query.
 */
import { runBatch } from "../../worker/db/batch";
import { upsertDocument } from "../../worker/db/documents";
import { loadQuery, recountProcessed } from "../../worker/db/queries";
import { loadWithSubject, markProcessed } from "../../worker/db/registrations";
import { parseCertificate, unreadableCertificate } from "../../worker/domain/certificate";
import { createUpstream } from "../../worker/upstream";
import type { DocumentMessage } from "../messages";
import { DONE, retryTransient, waitForSlot, type StepOutcome } from "../step";
import { fetchFiles } from "./fetch-files";
import { finishQuery } from "./finish";
import { readFiles, type GatheredDocument } from "./read-files";
import { documentRecord, processedRegistration, type Parsed } from "./record";
import { withUpstreamSlot } from "./slot";

export async function documentStep(env: Env, message: DocumentMessage, attempt: number): Promise<StepOutcome> {
  const reg = await loadWithSubject(env.DB, message.queryId, message.registrationId);
  if (!reg || reg.processed) return DONE;

  const fetched = await withUpstreamSlot(env, reg.accountId, `doc:${reg.id}`, () => fetchFiles(env, createUpstream(env), reg, attempt));
  if (!fetched.ok) return waitForSlot(fetched.retryAfterSeconds);
  const files = fetched.value;
  if (files.kind === "retry") return retryTransient(attempt, files.retryAfterSeconds);
  // OCR's transient failures are retried like downloads (what was read is cached by SHA-256).
  const read = await readFiles(env, files.documents, attempt);
  if (read.kind === "retry") return retryTransient(attempt);

  const parsed = parse(read.documents);
  const now = Date.now();
  const processed = processedRegistration(reg, {
    certificateObtained: files.certificateObtained,
    parsed,
    attachmentsComplete: files.attachmentsComplete,
  });
  await runBatch(env.DB, [
    ...read.documents.map((d) => upsertDocument(env.DB, documentRecord(d, parsed, now))),
    markProcessed(env.DB, reg.id, processed, now),
    recountProcessed(env.DB, reg.queryId, now),
  ]);

  const query = await loadQuery(env.DB, reg.queryId);
  if (query && query.processedDocumentCount >= query.totalDocumentCount) return finishQuery(env, query, { from: "documents" });
  return DONE;
}

/** The certificate's parse; a certificate file that could not be opened still says why in the registration detail. */
function parse(documents: readonly GatheredDocument[]): Parsed | null {
  const certificate = documents.find((d) => d.row.kind === "certificate");
  if (!certificate) return null;
  return certificate.pages ? parseCertificate(certificate.pages) : unreadableCertificate();
}
