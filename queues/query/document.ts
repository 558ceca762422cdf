/**
 * @module Query step 2, one message per registration: fetch the certificate and the attachments into
 * R2 (inside an upstream slot), read the certificate's text (outside it) and parse it, and record it
 * all in one batch on the account's shard that also recounts the query's processed registrations;
 * the count is then copied to the query row in the shared D1. The registration flips to processed at
 * most once and the count is recounted from the rows, so redelivery never counts twice. The step
 * that processes the last document finishes the query. The attachments are stored, not read: their
 * text is indexed when a check of the query asks for it (queues/indexing/), so a query costs the list and
 * the main certificates, never the OCR of scans nobody searches.
 */
import { runBatch } from "../../worker/db/batch";
import { upsertDocument } from "../../worker/db/documents";
import { loadQuery, recordProcessedCount } from "../../worker/db/queries";
import { countProcessed, loadRegistration, markProcessed, processedCountOf } from "../../worker/db/registrations";
import { parseCertificate, unreadableCertificate } from "../../worker/domain/certificate";
import { record } from "../../worker/observability/record";
import { UNKNOWN_GENERATOR } from "../../worker/observability/signals";
import { createUpstream } from "../upstream";
import type { DocumentMessage } from "../messages";
import { DONE, retryTransient, waitForSlot, waitWhileBusy, type StepOutcome } from "../step";
import { fetchFiles } from "./fetch-files";
import { finishQuery } from "./finish";
import { readFiles, unreadDocument, type GatheredDocument } from "./read-files";
import { documentRecord, processedRegistration, type Parsed } from "./record";
import { withUpstreamSlot } from "./slot";

export async function documentStep(env: Env, shard: D1Database, message: DocumentMessage, attempt: number): Promise<StepOutcome> {
  const [query, registration] = await Promise.all([
    loadQuery(env.DB, message.queryId),
    loadRegistration(shard, message.queryId, message.registrationId),
  ]);
  if (!query || !registration || registration.processed) return DONE;
  const reg = { ...registration, subjectName: query.subjectName };

  const fetched = await withUpstreamSlot(env, reg.accountId, `doc:${reg.id}`, () => fetchFiles(env, createUpstream(env), reg, attempt));
  if (!fetched.ok) return waitForSlot(fetched.retryAfterSeconds);
  const files = fetched.value;
  if (files.kind === "retry") return retryTransient("download_failed", attempt, files.retryAfterSeconds);
  // OCR's transient failures (a certificate without a text layer) are retried like downloads (what was read is cached by SHA-256).
  const read = await readFiles(
    env,
    files.documents.filter((d) => d.row.kind === "certificate"),
    attempt,
  );
  if (read.kind === "retry") return retryTransient("ocr_failed", attempt);
  if (read.kind === "wait") return waitWhileBusy(read.seconds);
  const documents = [...read.documents, ...files.documents.filter((d) => d.row.kind !== "certificate").map(unreadDocument)];

  const parsed = parse(env, read.documents, reg.certificateNumber, message.queryId);
  const now = Date.now();
  const processed = processedRegistration(reg, {
    certificateObtained: files.certificateObtained,
    parsed,
    attachmentsComplete: files.attachmentsComplete,
  });
  const written = await runBatch(shard, [
    ...documents.map((d) => upsertDocument(shard, documentRecord(d, parsed, now))),
    markProcessed(shard, reg.id, processed, now),
    countProcessed(shard, reg.queryId),
  ]);
  const counted = await recordProcessedCount(env.DB, reg.queryId, processedCountOf(written.at(-1)), now);
  if (counted && counted.processedDocumentCount >= counted.totalDocumentCount) return finishQuery(env, shard, counted, { from: "documents" });
  return DONE;
}

/**
/**
 * The certificate's parse, checked against the number the upstream listed; a certificate file that could
 * not be opened still says why in the registration detail. Its outcome is a `parse` signal by the PDF's generator.
 */
function parse(env: Env, documents: readonly GatheredDocument[], listedNumber: string, queryId: string): Parsed | null {
  const certificate = documents.find((d) => d.row.kind === "certificate");
  if (!certificate) return null;
  const parsed = certificate.pages ? parseCertificate(certificate.pages, { listedNumber }) : unreadableCertificate();
  record(
    env,
    "parse",
    {
      outcome: certificate.pages ? parsed.status : "unreadable",
      producer: certificate.generator?.producer ?? UNKNOWN_GENERATOR,
      creator: certificate.generator?.creator ?? UNKNOWN_GENERATOR,
      pages: certificate.row.pageCount ?? 0,
    },
    { taskId: queryId },
  );
  return parsed;
}
