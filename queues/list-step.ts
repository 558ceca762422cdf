/**
 * @module Pipeline step 1: list a query's registrations. The full list (possibly empty) settles
 * the query allowance; no list at all releases it. Redelivery-safe: rows are insert-or-ignore
 * by (query, certificate number), settlement happens at most once, and a query already listed
 * only re-sends its unprocessed documents.
 */
import { closeReservationStatement } from "../worker/db/allowance";
import type { QueryRow } from "../worker/db/queries";
import type { UpstreamRegistration } from "../worker/upstream/types";
import { createUpstream } from "../worker/upstream";
import { newId } from "../worker/lib/ids";
import { enqueue } from "./messages";
import { finishQuery, markWaiting } from "./query-state";
import { withUpstreamSlot } from "./slot";
import { DONE, backoff, retryLater, waitForSlot, type StepResult } from "./step";

/** 12 bound parameters a row: 8 rows keep a statement under D1's 100 parameters. */
const ROWS_PER_INSERT = 8;
/** Statements per D1 batch, to stay well inside a batch's limits for 5 000 registrations. */
const STATEMENTS_PER_BATCH = 50;

export async function listStep(env: Env, queryId: string, attempt: number): Promise<StepResult> {
  const query = await env.DB.prepare("SELECT * FROM queries WHERE id = ?").bind(queryId).first<QueryRow>();
  if (!query || query.completed_at !== null) return DONE;
  if (query.listed === 1) {
    await enqueueUnprocessed(env, queryId);
    return DONE;
  }
  const outcome = await withUpstreamSlot(env, query.account_id, `list:${queryId}`, () =>
    createUpstream(env).listRegistrations(query.subject_name, { attempt }),
  );
  if (!outcome.ok) {
    await markWaiting(env, queryId);
    return waitForSlot(outcome.retryAfterSeconds);
  }
  const listing = outcome.value;
  if (!listing.ok) {
    switch (listing.kind) {
      case "busy":
        await markWaiting(env, queryId);
        return retryLater(listing.retryAfterSeconds ?? 2);
      case "transient":
        return listing.retryAfterSeconds ? retryLater(listing.retryAfterSeconds) : backoff(attempt);
      case "quarantined":
        await finishQuery(env, queryId, { outcome: "unlisted", sourceStatus: "quarantined", failure: "SOURCE_QUARANTINED" });
        return DONE;
      default:
        await finishQuery(env, queryId, { outcome: "unlisted", sourceStatus: "unavailable", failure: "SOURCE_UNAVAILABLE" });
        return DONE;
    }
  }
  const now = Date.now();
  if (listing.registrations.length === 0) {
    await finishQuery(env, queryId, { outcome: "empty" });
    return DONE;
  }
  await insertRegistrations(env, query, listing.registrations, listing.sourceStatus, now);
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE queries SET listed = 1, status = 'processing', execution_status = 'processing', source_status = ?2,
         registration_count = ?3, total_document_count = ?3, updated_at = ?4 WHERE id = ?1 AND completed_at IS NULL`,
    ).bind(queryId, listing.sourceStatus, listing.registrations.length, now),
    closeReservationStatement(env.DB, queryId, "query", "settle", now),
  ]);
  await enqueueUnprocessed(env, queryId);
  return DONE;
}

async function insertRegistrations(
  env: Env,
  query: QueryRow,
  registrations: readonly UpstreamRegistration[],
  sourceStatus: string,
  now: number,
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < registrations.length; i += ROWS_PER_INSERT) {
    const chunk = registrations.slice(i, i + ROWS_PER_INSERT);
    const values = chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
    const params = chunk.flatMap((r, j) => [
      newId("reg"), query.id, query.account_id, i + j, r.certificateNumber, r.registerType ?? null, r.registerTime ?? null,
      r.expiresAt ?? null, JSON.stringify(r.summary ?? {}), sourceStatus, r.certificateNumber, now,
    ]);
    statements.push(
      env.DB.prepare(
        `INSERT OR IGNORE INTO registrations (id, query_id, account_id, ordinal, certificate_number, register_type, register_time,
           expires_at, upstream_summary, source_status, search_text, updated_at) VALUES ${values}`,
      ).bind(...params),
    );
  }
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await env.DB.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
}

/** One document message per registration not yet processed (duplicates are harmless: the step is idempotent). */
export async function enqueueUnprocessed(env: Env, queryId: string): Promise<void> {
  const { results } = await env.DB.prepare("SELECT id FROM registrations WHERE query_id = ? AND processed = 0 ORDER BY ordinal")
    .bind(queryId)
    .all<{ id: string }>();
  await enqueue(env, results.map((r) => ({ type: "document" as const, queryId, registrationId: r.id })));
}
