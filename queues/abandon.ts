/** @module Dead-letter handling: a step that kept failing ends its task instead of leaving it running. */
import { finishQuery } from "./query-state";

/** The list never came: the query fails (QUERY_FAILED) and its allowance is released. */
export async function abandonListing(env: Env, queryId: string): Promise<void> {
  await finishQuery(env, queryId, { outcome: "abandoned" });
}

/**
 * A registration whose documents could not be fetched is processed as missing, so the query can
 * still finish (partial, DOCUMENT_COVERAGE_INCOMPLETE) once the others are done.
 */
export async function abandonDocument(env: Env, queryId: string, registrationId: string): Promise<void> {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE registrations SET processed = 1, parse_status = 'missing', coverage_complete = 0, updated_at = ?2
       WHERE id = ?1 AND processed = 0`,
    ).bind(registrationId, now),
    env.DB.prepare(
      `UPDATE queries SET processed_document_count = (SELECT COUNT(*) FROM registrations WHERE query_id = ?1 AND processed = 1),
         updated_at = ?2 WHERE id = ?1`,
    ).bind(queryId, now),
  ]);
  const progress = await env.DB.prepare("SELECT processed_document_count AS done, total_document_count AS total FROM queries WHERE id = ?")
    .bind(queryId)
    .first<{ done: number; total: number }>();
  if (progress && progress.done >= progress.total) await finishQuery(env, queryId, { outcome: "documents" });
}
