/**
 * The operator's status and re-drive (docs/operations.md) against the real local bindings: tasks the
 * dead-letter queue ends (its consumer, handed batches by createMessageBatch) show in GET /status with
 * the reason recorded for their message; POST /tasks/{id}/redrive runs them to the end, idempotently,
 * audited, with the account's allowance exact (a released reservation stays released, a settled one
 * settled once).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEAD_LETTER_QUEUE } from "../queues/consumer";
import { failedMessage } from "../queues/failures";
import type { DocumentMessage } from "../queues/messages";
import { readConfig } from "../worker/config";
import { deliverAuditOutbox, readAuditEvents } from "../worker/db/audit";
import { forgetShard, setShardState } from "../worker/db/shards";
import { recordStepFailure } from "../worker/db/step-failures";
import type { OperationsStatus, Redrive } from "../worker/schemas/admin-operations";
import {
  admin,
  adminJson,
  body,
  call,
  expectError,
  ledgerOf,
  newAccount,
  open,
  queryRow,
  shardOfAccount,
  shardOfQuery,
  waitForQuery,
} from "./helpers";
import { PIPELINE_QUEUE, acceptWithoutMessage, deliver, quiesce } from "./pipeline-delivery";

/** More deliveries than the queue's max_retries: what the dead-letter queue hands over. */
const PAST_RETRIES = 101;

const status = () => adminJson<OperationsStatus>("/status");

async function redrive(id: string): Promise<{ status: number; body: Redrive; requestId: string | null }> {
  const res = await admin(`/tasks/${id}/redrive`, { method: "POST" });
  return { status: res.status, body: await body<Redrive>(res), requestId: res.headers.get("X-Request-Id") };
}

async function queryAllowance(key: string) {
  return (await body<{ query: { total: number; available: number; used: number; reserved: number } }>(await open("/account/entitlements", key)))
    .query;
}

async function redriveEvents(accountId: string) {
  await deliverAuditOutbox(env, accountId);
  const { rows } = await readAuditEvents(await shardOfAccount(accountId), accountId, { kind: "operator.redrive" }, { offset: 0, limit: 10 });
  return rows;
}

describe("a query the dead-letter queue failed before it was listed", () => {
  it("shows in the status with its reason; a re-drive finishes it, free, once, audited", async () => {
    const a = await newAccount();
    const before = await queryAllowance(a.key);
    const id = await acceptWithoutMessage(a.accountId, "运维重驱列表规模2测试有限公司");

    const open1 = await status();
    expect(open1.backlog.queries.queued).toBe(1);
    expect(open1.oldestOpenTask).toMatchObject({ id, kind: "query", status: "queued" });
    expect(open1.deadLettered.tasks).toEqual([]);

    // Every delivery waited (the account was being moved) until the retries ran out; the move ended since.
    await setShardState(env.DB, a.accountId, "moving");
    forgetShard(a.accountId);
    const waited = await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }], PAST_RETRIES - 1);
    expect(waited.result.retryMessages.map((m) => m.msgId)).toEqual(waited.ids);
    await setShardState(env.DB, a.accountId, "active");
    forgetShard(a.accountId);
    const dead = await deliver(DEAD_LETTER_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }]);
    expect(dead.result.explicitAcks).toEqual(dead.ids);
    expect((await queryRow(id)).status).toBe("failed");
    expect(await ledgerOf(id)).toEqual(["reserve", "release"]);

    const shown = await status();
    expect(shown.backlog.queries.queued).toBe(0);
    expect(shown.deadLettered.tasks).toEqual([
      {
        id,
        kind: "query",
        accountId: a.accountId,
        status: "failed",
        messages: [{ step: "list", reason: "waited", attempts: 1, deadLetteredAt: expect.any(String) }],
      },
    ]);

    const first = await redrive(id);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ id, kind: "query", action: "reopened", status: "queued", messages: 1 });
    await waitForQuery(id);
    await quiesce();
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({ status: "succeeded", coverageComplete: true, registrationCount: 2, processedDocumentCount: 2 });
    expect(q).not.toHaveProperty("failure");
    // Released when the dead-letter queue ended it, and nothing since: the re-drive is free.
    expect(await ledgerOf(id)).toEqual(["reserve", "release"]);
    expect(await queryAllowance(a.key)).toEqual(before);

    const again = await redrive(id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, kind: "query", action: "none", status: "succeeded", messages: 0 });
    expect(await ledgerOf(id)).toEqual(["reserve", "release"]);

    const after = await status();
    expect(after.deadLettered.tasks[0]).toMatchObject({ id, status: "succeeded", messages: [{ step: "list", redrivenAt: expect.any(String) }] });
    expect(after.oldestOpenTask).toBeNull();
    const events = await redriveEvents(a.accountId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorType: "operator", actorId: "operator", targetType: "query", targetId: id, requestId: first.requestId });
    expect(JSON.parse(events[0]!.detail ?? "{}")).toEqual({ action: "reopened", messages: 1, deadLettered: [{ step: "list", reason: "waited" }] });
  });
});

describe("a query whose document the dead-letter queue ended", () => {
  it("ends partial with the download's failure shown; a re-drive reads the document, settled once", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "运维重驱文件规模3测试有限公司");
    await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: a.accountId, queryId: id }]);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
    const { results } = await (
      await shardOfQuery(id)
    )
      .prepare("SELECT id FROM registrations WHERE query_id = ? ORDER BY ordinal")
      .bind(id)
      .all<{ id: string }>();
    const lost: DocumentMessage = { type: "document", accountId: a.accountId, queryId: id, registrationId: results[0]!.id };
    // What the consumer records when the document's download keeps failing, then the dead letter.
    await recordStepFailure(env.DB, failedMessage(lost), "download_failed", 7, Date.now(), readConfig(env).passingFaultBoundMs);
    await deliver(DEAD_LETTER_QUEUE, [lost]);
    await waitForQuery(id);
    await quiesce();
    expect((await queryRow(id)).status).toBe("partial");
    const used = await queryAllowance(a.key);
    expect(used).toMatchObject({ used: 1, reserved: 0 });

    const shown = (await status()).deadLettered.tasks.find((t) => t.id === id);
    expect(shown).toEqual({
      id,
      kind: "query",
      accountId: a.accountId,
      status: "partial",
      messages: [{ step: "document", reason: "download_failed", attempts: 7, deadLetteredAt: expect.any(String) }],
    });

    const first = await redrive(id);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ id, kind: "query", action: "reopened", status: "processing", messages: 1 });
    await waitForQuery(id);
    await quiesce();
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({ status: "succeeded", coverageComplete: true, registrationCount: 3, processedDocumentCount: 3, totalDocumentCount: 3 });
    const page = await body<{ items: Array<{ parseStatus: string }> }>(await open(`/queries/${id}/registrations`, a.key));
    expect(page.items.map((r) => r.parseStatus)).toEqual(["completed", "completed", "completed"]);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
    expect(await queryAllowance(a.key)).toEqual(used);
    expect((await redrive(id)).body.action).toBe("none");
    expect(await redriveEvents(a.accountId)).toHaveLength(1);

    const parsing = (await status()).parsing;
    expect(parsing.certificates).toBeGreaterThanOrEqual(3);
    expect(parsing.failed).toBe(0);
    expect(parsing.failureRate).toBe(0);
  });
});

describe("the status and re-drive routes", () => {
  it("record a thrown step's failure for its message", async () => {
    const a = await newAccount();
    const id = await acceptWithoutMessage(a.accountId, "运维失败记录测试有限公司");
    // A message whose account the shard directory does not know: the step throws and is retried.
    const thrown = await deliver(PIPELINE_QUEUE, [{ type: "list", accountId: "acc_not_in_directory", queryId: id }], 3);
    expect(thrown.result.retryMessages.map((m) => m.msgId)).toEqual(thrown.ids);
    const row = await env.DB.prepare("SELECT reason, attempts, dead_lettered_at FROM step_failures WHERE message_key = ?").bind(`list:${id}`).first();
    expect(row).toEqual({ reason: "step_threw", attempts: 3, dead_lettered_at: null });
  });

  it("answer an unknown task 404, a wrong token 401, and say OCR is not configured here", async () => {
    await expectError(await admin("/tasks/qry_doesnotexist0000/redrive", { method: "POST" }), 404, "NOT_FOUND");
    await expectError(await admin("/tasks/anything/redrive", { method: "POST" }), 404, "NOT_FOUND");
    await expectError(await call("/api/admin/v1/status", { headers: { Authorization: "Bearer wrong" } }), 401, "UNAUTHENTICATED");
    expect((await status()).ocr).toEqual({ configured: false, reachable: false });
  });
});
