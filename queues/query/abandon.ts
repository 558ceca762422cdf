/** @module Dead-letter handling of a query's messages: a step that kept failing ends its task instead of leaving it running. */
import { runBatch } from "../../worker/db/batch";
import { loadQuery, recordProcessedCount } from "../../worker/db/queries";
import { countProcessed, markMissing, processedCountOf } from "../../worker/db/registrations";
import type { DocumentMessage, ListMessage } from "../messages";
import { DONE, type StepOutcome } from "../step";
import { finishQuery } from "./finish";

/** The list never came: the query fails (QUERY_FAILED) and its allowance is released. */
export async function abandonListing(env: Env, shard: D1Database, message: ListMessage): Promise<StepOutcome> {
  const query = await loadQuery(env.DB, message.queryId);
  return query ? finishQuery(env, shard, query, { from: "abandoned" }) : DONE;
}

/**
 * A registration whose documents could not be fetched is processed as missing, so the query can
 * still finish (partial, DOCUMENT_COVERAGE_INCOMPLETE) once the others are done.
 */
export async function abandonDocument(env: Env, shard: D1Database, message: DocumentMessage): Promise<StepOutcome> {
  const now = Date.now();
  const written = await runBatch(shard, [markMissing(shard, message.registrationId, now), countProcessed(shard, message.queryId)]);
  const query = await recordProcessedCount(env.DB, message.queryId, processedCountOf(written.at(-1)), now);
  if (query && query.processedDocumentCount >= query.totalDocumentCount) return finishQuery(env, shard, query, { from: "documents" });
  return DONE;
}
