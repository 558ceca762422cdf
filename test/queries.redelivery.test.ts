/**
 * Redelivered and duplicated pipeline messages, and the dead-letter consumer. Batches are built
 * with createMessageBatch and handed to the Worker's own queue handler; queries are accepted
 * through the real AccountGate (allowance reserved) but without sending their first message, so
 * the test decides what the consumer sees. Messages the steps send themselves still go through the
 * real queue, which only adds more concurrent duplicates.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { DEAD_LETTER_QUEUE } from "../queues/consumer";
import { body, countRows, ledgerOf, newAccount, open, queryRow, shardOfQuery, waitForQuery } from "./helpers";
import { PIPELINE_QUEUE, acceptWithoutMessage, deliver, quiesce } from "./pipeline-delivery";

async function registrationIds(queryId: string): Promise<string[]> {
  const { results } = await (
    await shardOfQuery(queryId)
  )
    .prepare("SELECT id FROM registrations WHERE query_id = ? ORDER BY ordinal")
    .bind(queryId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Samples processed/total until the query finishes; returns every sample. */
async function watchProgress(queryId: string, timeoutMs = 40_000): Promise<Array<{ done: number; total: number }>> {
  const samples: Array<{ done: number; total: number }> = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const row = await queryRow(queryId);
    samples.push({ done: row.processed_document_count as number, total: row.total_document_count as number });
    if (row.completed_at !== null) return samples;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`query ${queryId} did not finish`);
}

const expectedDocuments = (subject: string) => sandboxRegistry.describe(subject).registrations.reduce((n, r) => n + 1 + r.attachments.length, 0);

describe("redelivered and duplicated messages", () => {
  it("a list message twice at once, every document several times, and everything again after completion change nothing", async () => {
    const a = await newAccount();
    const subject = "重投规模3测试机械有限公司";
    const id = await acceptWithoutMessage(a.accountId, subject);

    const listed = await deliver(PIPELINE_QUEUE, [
      { type: "list", accountId: a.accountId, queryId: id },
      { type: "list", accountId: a.accountId, queryId: id },
    ]);
    expect(listed.result.explicitAcks.sort()).toEqual([...listed.ids].sort());
    expect(listed.result.retryMessages).toEqual([]);
    expect(await countRows("registrations", "query_id = ?", id)).toBe(3);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
    const regs = await registrationIds(id);
    expect(regs).toHaveLength(3);

    // Both list steps sent every document; send each twice more. Twelve deliveries for three files,
    // side by side in the real consumer's batches.
    const progress = watchProgress(id);
    const docs = regs.flatMap((registrationId) =>
      [0, 1].map(() => ({ type: "document" as const, accountId: a.accountId, queryId: id, registrationId })),
    );
    await env.PIPELINE.sendBatch(docs.map((b) => ({ body: b, contentType: "json" as const })));
    const samples = await progress;
    for (const s of samples) expect(s.done).toBeLessThanOrEqual(s.total);
    await waitForQuery(id);
    await quiesce();

    const finished = await queryRow(id);
    expect(finished).toMatchObject({ status: "succeeded", registration_count: 3, total_document_count: 3, processed_document_count: 3 });
    const documents = expectedDocuments(subject);
    expect(await countRows("documents", "query_id = ?", id)).toBe(documents);
    expect((await env.FILES.list({ prefix: `files/${id}/` })).objects).toHaveLength(documents);

    // After completion: the list and every document twice again, in one batch, on a later attempt.
    const again = await deliver(
      PIPELINE_QUEUE,
      [{ type: "list", accountId: a.accountId, queryId: id }, ...docs, { type: "list", accountId: a.accountId, queryId: id }],
      4,
    );
    expect(again.result.explicitAcks.sort()).toEqual([...again.ids].sort());
    expect(again.result.retryMessages).toEqual([]);
    expect(await queryRow(id)).toEqual(finished);
    expect(await countRows("registrations", "query_id = ?", id)).toBe(3);
    expect(await countRows("documents", "query_id = ?", id)).toBe(documents);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({ status: "succeeded", registrationCount: 3, processedDocumentCount: 3, totalDocumentCount: 3 });
  });

  it("a document message before its query is listed is acknowledged and does nothing", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "无登记早到测试有限公司");
    const early = await deliver(PIPELINE_QUEUE, [{ type: "document", accountId: a.accountId, queryId: id, registrationId: "reg_doesnotexist00" }]);
    expect(early.result.explicitAcks).toHaveLength(1);
    expect(await queryRow(id)).toMatchObject({ status: "queued", completed_at: null, processed_document_count: 0 });
    expect(await ledgerOf(id)).toEqual(["reserve"]);
  });
});

describe("the scheduled sweep", () => {
  it("re-drives a query whose first message was never sent, and leaves recent ones alone", async () => {
    const a = await newAccount();
    const stuck = await acceptWithoutMessage(a.accountId, "扫描规模1测试有限公司");
    const fresh = await acceptWithoutMessage(a.accountId, "无登记扫描新近有限公司");
    await env.DB.prepare("UPDATE queries SET created_at = created_at - 180000, updated_at = updated_at - 180000 WHERE id = ?").bind(stuck).run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await waitForQuery(stuck);
    await quiesce();
    const q = await body<Record<string, unknown>>(await open(`/queries/${stuck}`, a.key));
    expect(q).toMatchObject({ status: "succeeded", registrationCount: 1, processedDocumentCount: 1 });
    expect(await ledgerOf(stuck)).toEqual(["reserve", "settle"]);
    // Updated within the last two minutes: not stuck yet, not re-sent.
    expect(await queryRow(fresh)).toMatchObject({ status: "queued", completed_at: null });
  });

  it("finishes a query left mid-pipeline by a crash (listed, documents half done, their messages gone), settling once", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "崩溃恢复规模3测试有限公司");
    await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }]);
    await waitForQuery(id);
    await quiesce();
    const documents = await countRows("documents", "query_id = ?", id);
    // What `wrangler dev` leaves after a kill: rows as written, the in-memory queue empty. Two of the
    // three registrations were never processed; nothing has touched the query for three minutes.
    const [, ...unprocessed] = await registrationIds(id);
    await (
      await shardOfQuery(id)
    )
      .prepare("UPDATE registrations SET processed = 0, parse_status = 'pending', certificate = NULL WHERE id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(unprocessed))
      .run();
    await env.DB.batch([
      env.DB.prepare(
        `UPDATE queries SET status = 'processing', execution_status = 'processing', processed_document_count = 1, coverage_complete = 0,
           completed_at = NULL, updated_at = updated_at - 180000 WHERE id = ?`,
      ).bind(id),
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await waitForQuery(id);
    await quiesce();
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({ status: "succeeded", coverageComplete: true, registrationCount: 3, processedDocumentCount: 3, totalDocumentCount: 3 });
    const page = await body<{ items: Array<{ parseStatus: string }> }>(await open(`/queries/${id}/registrations`, a.key));
    expect(page.items.map((r) => r.parseStatus)).toEqual(["completed", "completed", "completed"]);
    expect(await countRows("registrations", "query_id = ?", id)).toBe(3);
    expect(await countRows("documents", "query_id = ?", id)).toBe(documents);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
  });
});

describe("the dead-letter consumer", () => {
  it("finishes a never-listed query failed with QUERY_FAILED and releases its allowance, once", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "死信列表测试有限公司");
    const dead = await deliver(
      DEAD_LETTER_QUEUE,
      [
        { type: "list", accountId: a.accountId, queryId: id },
        { type: "list", accountId: a.accountId, queryId: id },
      ],
      7,
    );
    expect(dead.result.explicitAcks).toHaveLength(2);
    expect(await ledgerOf(id)).toEqual(["reserve", "release"]);
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({ status: "failed", executionStatus: "failed", coverageComplete: false, registrationCount: 0 });
    expect(q.failure).toEqual({ code: "QUERY_FAILED", message: expect.any(String) });
    expect(q.completedAt).toBeTruthy();
    const e = await body<{ query: { reserved: number; used: number } }>(await open("/account/entitlements", a.key));
    expect(e.query).toMatchObject({ reserved: 0, used: 0 });

    // A late pipeline delivery for the finished query changes nothing.
    const before = await queryRow(id);
    await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }], 8);
    expect(await queryRow(id)).toEqual(before);
    expect(await ledgerOf(id)).toEqual(["reserve", "release"]);
  });

  it("a dead-lettered document leaves its registration missing and the query partial", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "死信文件规模3测试有限公司");
    await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }]);
    const [lost, ...rest] = await registrationIds(id);
    // The real queue holds the document messages for its batch timeout; the dead letter comes first.
    await deliver(DEAD_LETTER_QUEUE, [{ type: "document", accountId: a.accountId, queryId: id, registrationId: lost! }], 7);
    const abandoned = await (await shardOfQuery(id)).prepare("SELECT processed, parse_status FROM registrations WHERE id = ?").bind(lost).first();
    expect(abandoned).toEqual({ processed: 1, parse_status: "missing" });
    await waitForQuery(id);

    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({
      status: "partial",
      executionStatus: "partial",
      coverageComplete: false,
      registrationCount: 3,
      processedDocumentCount: 3,
      totalDocumentCount: 3,
    });
    expect(q.failure).toEqual({ code: "DOCUMENT_COVERAGE_INCOMPLETE", message: expect.any(String) });
    const page = await body<{ items: Array<{ id: string; parseStatus: string }> }>(await open(`/queries/${id}/registrations`, a.key));
    expect(Object.fromEntries(page.items.map((r) => [r.id, r.parseStatus]))).toEqual({
      [lost!]: "missing",
      ...Object.fromEntries(rest.map((r) => [r, "completed"])),
    });
    expect(await countRows("documents", "registration_id = ?", lost!)).toBe(0);
    // The list was had: settled, not released.
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
  });
});
