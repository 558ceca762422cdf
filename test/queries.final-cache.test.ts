/**
 * The isolate's copy of finished queries (worker/services/final-query-cache.ts): a query that can no
 * longer change is read from the copy, still only by its own account; a query that can change (open,
 * or failed and partial, which an operator's re-drive reopens) is read from D1 every time.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertQueryStatement, newQueryRecord } from "../worker/db/account-queries";
import type { QueryRecord } from "../worker/db/account-queries";
import { bound } from "../worker/db/batch";
import { reopenQuery } from "../worker/db/redrive";
import { newId } from "../worker/lib/ids";
import { body, expectError, newAccount, open } from "./helpers";

async function insertQuery(accountId: string, fields: Partial<QueryRecord>): Promise<QueryRecord> {
  const now = Date.now();
  const row = { ...newQueryRecord(newId("qry"), accountId, "缓存读取测试有限公司", now), ...fields };
  const statement = insertQueryStatement(env.DB, row);
  await env.DB.prepare(statement.sql)
    .bind(...statement.params)
    .run();
  return row;
}

const finished = (status: string): Partial<QueryRecord> => ({
  status,
  executionStatus: status === "no_result" ? "succeeded" : status,
  listed: true,
  completedAt: Date.now(),
  coverageComplete: status !== "failed",
});

describe("finished queries read again", () => {
  it("a final query (no_result, succeeded) is answered from the isolate's copy: a later change in D1 is not read", async () => {
    const a = await newAccount();
    for (const status of ["no_result", "succeeded"]) {
      const row = await insertQuery(a.accountId, finished(status));
      expect((await body<{ status: string }>(await open(`/queries/${row.id}`, a.key))).status).toBe(status);
      await env.DB.prepare("UPDATE queries SET registration_count = 7 WHERE id = ?").bind(row.id).run();
      expect((await body<{ registrationCount: number }>(await open(`/queries/${row.id}`, a.key))).registrationCount).toBe(0);
    }
  });

  it("another account's final query stays a 404 after its owner's read put it in the copy", async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const row = await insertQuery(owner.accountId, finished("no_result"));
    expect((await open(`/queries/${row.id}`, owner.key)).status).toBe(200);
    expect((await open(`/queries/${row.id}`, owner.key)).status).toBe(200);
    await expectError(await open(`/queries/${row.id}`, stranger.key), 404, "NOT_FOUND", [row.id]);
    await expectError(await open(`/queries/${row.id}/registrations`, stranger.key), 404, "NOT_FOUND", [row.id]);
  });

  it("a failed or partial query that an operator's re-drive reopens is read open at once", async () => {
    const a = await newAccount();
    for (const status of ["failed", "partial"]) {
      const row = await insertQuery(a.accountId, { ...finished(status), failureCode: "SOURCE_UNAVAILABLE" });
      expect((await body<{ status: string }>(await open(`/queries/${row.id}`, a.key))).status).toBe(status);
      await bound(env.DB, reopenQuery(env.DB, row.id, true, 0, Date.now())).run();
      const reread = await body<{ status: string; completedAt?: string }>(await open(`/queries/${row.id}`, a.key));
      expect(reread.status).toBe("processing");
      expect(reread.completedAt).toBeUndefined();
    }
  });

  it("an open query is read from D1 every time: its progress shows as it moves", async () => {
    const a = await newAccount();
    const row = await insertQuery(a.accountId, {
      status: "processing",
      executionStatus: "processing",
      listed: true,
      registrationCount: 2,
      totalDocumentCount: 2,
    });
    expect((await body<{ processedDocumentCount: number }>(await open(`/queries/${row.id}`, a.key))).processedDocumentCount).toBe(0);
    await env.DB.prepare("UPDATE queries SET processed_document_count = 1 WHERE id = ?").bind(row.id).run();
    expect((await body<{ processedDocumentCount: number }>(await open(`/queries/${row.id}`, a.key))).processedDocumentCount).toBe(1);
  });
});
