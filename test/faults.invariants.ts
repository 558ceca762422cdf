/**
 * @module What must hold after any fault, read from D1 and R2: the task is terminal; its counts equal
 * the rows they count; nothing is stored twice; the allowance ledger has exactly one reserve and at
 * most one settle or release per task; and the outcome (statuses, files, results, evidence) equals a
 * clean run of the same subject.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ledgerOf, shardOfCheck, shardOfQuery } from "./helpers";

/** A count from the D1 that holds the table: the task's account's shard for registrations, documents, results and evidence. */
const n = async (db: D1Database, sql: string, ...params: (string | number)[]) =>
  (
    await db
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

export async function expectQueryInvariants(queryId: string): Promise<void> {
  const q = await env.DB.prepare("SELECT * FROM queries WHERE id = ?").bind(queryId).first<Record<string, number | string | null>>();
  expect(q, queryId).toBeTruthy();
  const shard = await shardOfQuery(queryId);
  expect(q!.completed_at, `${queryId} terminal`).not.toBeNull();
  expect(["succeeded", "partial", "failed", "cancelled"]).toContain(q!.execution_status);
  expect(q!.registration_count).toBe(await n(shard, "SELECT COUNT(*) AS n FROM registrations WHERE query_id = ?", queryId));
  expect(q!.total_document_count).toBe(q!.registration_count);
  expect(q!.processed_document_count).toBe(await n(shard, "SELECT COUNT(*) AS n FROM registrations WHERE query_id = ? AND processed = 1", queryId));
  if (q!.status !== "failed") expect(q!.processed_document_count).toBe(q!.total_document_count);
  // One row per registration and certificate number; one document per (registration, kind, ordinal); one object each.
  expect(await n(shard, "SELECT COUNT(DISTINCT certificate_number) AS n FROM registrations WHERE query_id = ?", queryId)).toBe(q!.registration_count);
  const documents = await n(shard, "SELECT COUNT(*) AS n FROM documents WHERE query_id = ?", queryId);
  expect(
    await n(shard, "SELECT COUNT(*) AS n FROM (SELECT DISTINCT registration_id, kind, ordinal FROM documents WHERE query_id = ?)", queryId),
  ).toBe(documents);
  expect((await env.FILES.list({ prefix: `files/${queryId}/` })).objects).toHaveLength(documents);
  expect((await env.FILES.list({ prefix: `text/${queryId}/` })).objects.length).toBe(
    await n(shard, "SELECT COUNT(*) AS n FROM documents WHERE query_id = ? AND text_key IS NOT NULL", queryId),
  );
  // Listed (even as an explicit empty list): settled; never listed: released.
  const ledger = await ledgerOf(queryId);
  expect(ledger, `${queryId} ledger`).toEqual(["reserve", q!.listed === 1 ? "settle" : "release"]);
}

export async function expectCheckInvariants(checkId: string): Promise<void> {
  const c = await env.DB.prepare("SELECT * FROM checks WHERE id = ?").bind(checkId).first<Record<string, number | string | null>>();
  expect(c, checkId).toBeTruthy();
  const shard = await shardOfCheck(checkId);
  expect(c!.processing_completed_at, `${checkId} terminal`).not.toBeNull();
  expect(["succeeded", "partial", "failed"]).toContain(c!.execution_status);
  const ledger = await ledgerOf(checkId);
  if (c!.status === "failed") {
    expect(ledger, `${checkId} ledger`).toEqual(["reserve", "release"]);
    return;
  }
  expect(ledger, `${checkId} ledger`).toEqual(["reserve", "settle"]);
  expect(c!.candidate_count).toBe(await n(shard, "SELECT COUNT(*) AS n FROM check_results WHERE check_id = ? AND match_status = 'matched'", checkId));
  expect(c!.pending_review_count).toBe(
    await n(
      shard,
      "SELECT COUNT(*) AS n FROM check_results WHERE check_id = ? AND match_status = 'matched' AND source_available = 1 AND review_decision IS NULL",
      checkId,
    ),
  );
  // One result per registration of the source query, one evidence row per hit.
  expect(await n(shard, "SELECT COUNT(*) AS n FROM check_results WHERE check_id = ?", checkId)).toBe(
    await n(shard, "SELECT COUNT(*) AS n FROM registrations WHERE query_id = ?", String(c!.source_query_id)),
  );
  expect(
    await n(
      shard,
      `SELECT COUNT(*) AS n FROM (SELECT DISTINCT registration_id, criterion_id, document_id, json_extract(body, '$.start'), json_extract(body, '$.end'),
      json_extract(body, '$.pageNumber'), json_extract(body, '$.sourceField') FROM evidence WHERE check_id = ?)`,
      checkId,
    ),
  ).toBe(await n(shard, "SELECT COUNT(*) AS n FROM evidence WHERE check_id = ?", checkId));
  const counts = JSON.parse(String(c!.criterion_counts)) as Array<{ criterionId: string; count: number }>;
  for (const { criterionId, count } of counts) {
    expect(count).toBe(
      await n(
        shard,
        "SELECT COUNT(*) AS n FROM check_results r, json_each(r.matched_criterion_ids) j WHERE r.check_id = ? AND r.match_status = 'matched' AND j.value = ?",
        checkId,
        criterionId,
      ),
    );
  }
}

/** Everything a client can learn about a query and its check, without ids (they differ between runs). */
export async function outcome(queryId: string, checkId?: string): Promise<unknown> {
  const q = await env.DB.prepare(
    "SELECT status, execution_status, source_status, coverage_complete, failure_code, registration_count, processed_document_count FROM queries WHERE id = ?",
  )
    .bind(queryId)
    .first();
  const shard = await shardOfQuery(queryId);
  const regs = await shard
    .prepare(
      "SELECT certificate_number, parse_status, coverage_complete, data_source, property_summary FROM registrations WHERE query_id = ? ORDER BY ordinal",
    )
    .bind(queryId)
    .all();
  const docs = await shard
    .prepare(
      `SELECT r.certificate_number, d.kind, d.ordinal, d.sha256, d.size, d.page_count, d.text_status, d.parse_status FROM documents d
     JOIN registrations r ON r.id = d.registration_id WHERE d.query_id = ? ORDER BY r.ordinal, d.kind, d.ordinal`,
    )
    .bind(queryId)
    .all();
  if (!checkId) return { q, regs: regs.results, docs: docs.results };
  const check = await env.DB.prepare(
    "SELECT status, execution_status, coverage_complete, candidate_count, pending_review_count, failure_code FROM checks WHERE id = ?",
  )
    .bind(checkId)
    .first();
  const results = await shard
    .prepare(
      `SELECT r.certificate_number, x.match_status, x.result_status, x.strength, json_array_length(x.matched_criterion_ids) AS criteria,
       (SELECT COUNT(*) FROM evidence e WHERE e.check_id = x.check_id AND e.registration_id = x.registration_id) AS evidence
     FROM check_results x JOIN registrations r ON r.id = x.registration_id WHERE x.check_id = ? ORDER BY x.ordinal`,
    )
    .bind(checkId)
    .all();
  return { q, regs: regs.results, docs: docs.results, check, results: results.results };
}
