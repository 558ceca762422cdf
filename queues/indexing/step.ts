/**
 * @module The index step, one message per registration: read its attachments (the files the query
 * stored in R2) by text layer or OCR, record the documents' text and the registration's index state
 * in one batch, and, when it was the query's last registration under way, wake the checks waiting on
 * it. Redelivery-safe: a registration already indexed is left alone; what OCR read is cached by SHA-256.
 * A file the OCR service failed on until it was given up (an outage) leaves the registration `failed`,
 * never `completed`: its checks report ATTACHMENT_NOT_INDEXED, and the next check asks again
 * (worker/db/indexing.ts requestIndexing), so reading heals without a new query.
 */
import { runBatch } from "../../worker/db/batch";
import { documentsOf, upsertDocument } from "../../worker/db/documents";
import { markIndexed, markIndexing } from "../../worker/db/indexing";
import { loadRegistration } from "../../worker/db/registrations";
import type { DocumentRecord } from "../../worker/db/schema/shard";
import type { IndexMessage } from "../messages";
import type { FetchedDocument } from "../query/fetch-files";
import { readFiles } from "../query/read-files";
import { DONE, retryTransient, waitWhileBusy, type StepOutcome } from "../step";
import { indexSettled } from "./settled";

const PDF = "application/pdf";

export async function indexStep(env: Env, shard: D1Database, message: IndexMessage, attempt: number): Promise<StepOutcome> {
  const registration = await loadRegistration(shard, message.queryId, message.registrationId);
  if (!registration || (registration.indexStatus !== "pending" && registration.indexStatus !== "indexing")) return DONE;
  await markIndexing(shard, registration.id, Date.now());
  const attachments = ((await documentsOf(shard, [registration.id])).get(registration.id) ?? []).filter((d) => d.kind === "attachment");
  const fetched = await Promise.all(attachments.map((d) => stored(env, d)));
  const read = await readFiles(
    env,
    fetched.filter((f): f is FetchedDocument => f !== null),
    attempt,
  );
  if (read.kind === "retry") return retryTransient("ocr_failed", attempt);
  if (read.kind === "wait") return waitWhileBusy(read.seconds);
  const now = Date.now();
  // Nothing is written of a registration given up on: what was read is cached, and the next asker reads it all again.
  if (read.documents.some((d) => d.gaveUp)) {
    await runBatch(shard, [markIndexed(shard, registration.id, "failed", now)]);
    return indexSettled(env, shard, message);
  }
  const byId = new Map(attachments.map((d) => [d.id, d]));
  await runBatch(shard, [
    ...read.documents.map((d) => upsertDocument(shard, { ...byId.get(d.row.id)!, ...d.row })),
    markIndexed(shard, registration.id, "completed", now),
  ]);
  return indexSettled(env, shard, message);
}

/**
 * The attachment as the document step left it in R2: a PDF's bytes (the extractor needs them all),
 * anything else by key (OCR streams it). Null when the object is gone, which leaves its row unread.
 */
async function stored(env: Env, doc: DocumentRecord): Promise<FetchedDocument | null> {
  const row = {
    id: doc.id,
    accountId: doc.accountId,
    queryId: doc.queryId,
    registrationId: doc.registrationId,
    kind: doc.kind,
    ordinal: doc.ordinal,
    fileName: doc.fileName,
    mimeType: doc.mimeType,
    size: doc.size,
    sha256: doc.sha256,
    r2Key: doc.r2Key,
  };
  if (doc.mimeType !== PDF) return { row, pdfBytes: null };
  const object = await env.FILES.get(doc.r2Key);
  return object ? { row, pdfBytes: new Uint8Array(await object.arrayBuffer()) } : null;
}
