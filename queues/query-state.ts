/**
 * @module Query state transitions written by the pipeline. Finishing is conditional on the query
 * not being finished yet, so concurrent or redelivered steps finish it exactly once; whoever
 * finishes it wakes the checks waiting on it.
 */
import { closeReservationStatement } from "../worker/db/allowance";
import type { FailureCode } from "../worker/domain/failures";
import { enqueue } from "./messages";

export async function markWaiting(env: Env, queryId: string): Promise<void> {
  await env.DB.prepare(
    `UPDATE queries SET status = 'waiting_resource', execution_status = 'waiting_resource', updated_at = ?2
     WHERE id = ?1 AND completed_at IS NULL AND listed = 0`,
  ).bind(queryId, Date.now()).run();
}

type Finish =
  /** No list could be had: failed, allowance released. */
  | { outcome: "unlisted"; sourceStatus: "unavailable" | "quarantined"; failure: FailureCode }
  /** An explicit, complete empty list: no_result, allowance settled. */
  | { outcome: "empty" }
  /** Every document processed: status from the registrations. */
  | { outcome: "documents" }
  /** The pipeline gave up (dead-letter queue). */
  | { outcome: "abandoned" };

export async function finishQuery(env: Env, queryId: string, finish: Finish): Promise<boolean> {
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  if (finish.outcome === "unlisted") {
    statements.push(
      env.DB.prepare(
        `UPDATE queries SET status = 'failed', execution_status = 'failed', source_status = ?2, coverage_complete = 0,
           failure_code = ?3, completed_at = ?4, updated_at = ?4 WHERE id = ?1 AND completed_at IS NULL`,
      ).bind(queryId, finish.sourceStatus, finish.failure, now),
      closeReservationStatement(env.DB, queryId, "query", "release", now),
    );
  } else if (finish.outcome === "empty") {
    statements.push(
      env.DB.prepare(
        `UPDATE queries SET status = 'no_result', execution_status = 'succeeded', coverage_complete = 1, listed = 1,
           registration_count = 0, total_document_count = 0, completed_at = ?2, updated_at = ?2 WHERE id = ?1 AND completed_at IS NULL`,
      ).bind(queryId, now),
      closeReservationStatement(env.DB, queryId, "query", "settle", now),
    );
  } else {
    // Status follows the registrations: any certificate missing or unparsed (or a quarantined
    // source) makes the query partial; an abandoned query that never listed fails.
    statements.push(
      env.DB.prepare(
        `UPDATE queries SET
           processed_document_count = (SELECT COUNT(*) FROM registrations WHERE query_id = ?1 AND processed = 1),
           coverage_complete = CASE WHEN source_status = 'available' AND listed = 1 AND NOT EXISTS (SELECT 1 FROM registrations
             WHERE query_id = ?1 AND (processed = 0 OR parse_status <> 'completed')) THEN 1 ELSE 0 END,
           status = CASE WHEN listed = 0 THEN 'failed'
             WHEN source_status = 'available' AND NOT EXISTS (SELECT 1 FROM registrations WHERE query_id = ?1
               AND (processed = 0 OR parse_status <> 'completed')) THEN 'succeeded' ELSE 'partial' END,
           failure_code = CASE WHEN listed = 0 THEN 'QUERY_FAILED' WHEN source_status = 'quarantined' THEN 'SOURCE_QUARANTINED'
             WHEN EXISTS (SELECT 1 FROM registrations WHERE query_id = ?1 AND (processed = 0 OR parse_status <> 'completed'))
             THEN 'DOCUMENT_COVERAGE_INCOMPLETE' ELSE NULL END,
           completed_at = ?2, updated_at = ?2
         WHERE id = ?1 AND completed_at IS NULL`,
      ).bind(queryId, now),
      env.DB.prepare("UPDATE queries SET execution_status = CASE status WHEN 'succeeded' THEN 'succeeded' WHEN 'partial' THEN 'partial' ELSE 'failed' END WHERE id = ?1 AND completed_at = ?2").bind(queryId, now),
    );
    if (finish.outcome === "abandoned") statements.push(closeReservationStatement(env.DB, queryId, "query", "release", now));
  }
  const results = await env.DB.batch(statements);
  const finished = (results[0]?.meta.changes ?? 0) === 1;
  if (finished) await wakeChecks(env, queryId);
  return finished;
}

/** Checks that wait for this query's data can run now. */
async function wakeChecks(env: Env, queryId: string): Promise<void> {
  const { results } = await env.DB.prepare("SELECT id FROM checks WHERE source_query_id = ? AND completed_at IS NULL AND processing_completed_at IS NULL")
    .bind(queryId)
    .all<{ id: string }>();
  if (results.length > 0) await enqueue(env, results.map((r) => ({ type: "check" as const, checkId: r.id })));
}
