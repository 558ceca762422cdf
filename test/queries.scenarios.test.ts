/**
 * Scenario markers end to end (sandbox-upstream.md): POST /queries, the real pipeline queue, then
 * the public reads and D1. Subjects are small (规模N) so each test stays short.
 */
import { describe, expect, it } from "vitest";
import { body, countRows, createQueries, expectError, ledgerOf, newAccount, open, waitForQuery, type TestAccount } from "./helpers";

type Query = Record<string, unknown> & { id: string; status: string };
type Summary = Record<string, unknown> & { id: string; parseStatus: string; certificateNumber: string; pdfUrl?: string };
type Page = { items: Summary[]; total: number; page: number; pageSize: number };

async function runQuery(a: TestAccount, subject: string): Promise<Query> {
  const res = await createQueries(a.key, [subject]);
  expect(res.status).toBe(202);
  const { queries } = await body<{ queries: Query[] }>(res);
  expect(queries).toHaveLength(1);
  await waitForQuery(queries[0]!.id);
  return body<Query>(await open(`/queries/${queries[0]!.id}`, a.key));
}

async function registrations(a: TestAccount, queryId: string, params = ""): Promise<Page> {
  const res = await open(`/queries/${queryId}/registrations?pageSize=100${params}`, a.key);
  expect(res.status).toBe(200);
  return body<Page>(res);
}

describe("scenario markers through the real queue", () => {
  it("无登记: no_result, complete, zero registrations, allowance settled", async () => {
    const a = await newAccount();
    const q = await runQuery(a, "无登记测试贸易有限公司");
    expect(q).toMatchObject({
      status: "no_result",
      executionStatus: "succeeded",
      sourceStatus: "available",
      coverageComplete: true,
      registrationCount: 0,
      totalDocumentCount: 0,
      processedDocumentCount: 0,
    });
    expect(q).not.toHaveProperty("failure");
    expect(String(q.completedAt)).toMatch(/\+08:00$/);
    expect(await ledgerOf(q.id)).toEqual(["reserve", "settle"]);
    expect((await registrations(a, q.id)).total).toBe(0);
  });

  it("不可用: failed, unavailable, SOURCE_UNAVAILABLE, allowance released", async () => {
    const a = await newAccount();
    const q = await runQuery(a, "不可用测试物流有限公司");
    expect(q).toMatchObject({
      status: "failed",
      executionStatus: "failed",
      sourceStatus: "unavailable",
      coverageComplete: false,
      registrationCount: 0,
    });
    expect(q.failure).toEqual({ code: "SOURCE_UNAVAILABLE", message: expect.any(String) });
    expect(await ledgerOf(q.id)).toEqual(["reserve", "release"]);
    // Released: the unit is available again.
    const e = await body<{ query: { used: number; reserved: number } }>(await open("/account/entitlements", a.key));
    expect(e.query).toMatchObject({ used: 0, reserved: 0 });
  });

  it("隔离: quarantined, SOURCE_QUARANTINED; certificates read and parsed, no pdfUrl, downloads refused with 403", async () => {
    const a = await newAccount();
    const q = await runQuery(a, "隔离规模2测试实业有限公司");
    expect(q).toMatchObject({
      status: "partial",
      executionStatus: "partial",
      sourceStatus: "quarantined",
      coverageComplete: false,
      registrationCount: 2,
    });
    expect(q.failure).toEqual({ code: "SOURCE_QUARANTINED", message: expect.any(String) });
    expect(q.processedDocumentCount).toBe(2);
    // The list was had: the query allowance is settled, not released.
    expect(await ledgerOf(q.id)).toEqual(["reserve", "settle"]);

    const page = await registrations(a, q.id);
    const downloads: string[] = [];
    for (const item of page.items) {
      expect(item).toMatchObject({ sourceStatus: "quarantined", parseStatus: "completed", dataSource: "certificate" });
      expect(item).not.toHaveProperty("pdfUrl");
      const detail = await body<{
        certificate: { certificateNumber: string } | null;
        pdf: { documentId: string; url?: string } | null;
        attachments?: Array<{ id: string }>;
      }>(await open(`/queries/${q.id}/registrations/${item.id}`, a.key));
      expect(detail.certificate?.certificateNumber).toBe(item.certificateNumber);
      expect(detail.pdf?.documentId).toMatch(/^doc_/);
      expect(detail.pdf).not.toHaveProperty("url");
      downloads.push(detail.pdf!.documentId, ...(detail.attachments ?? []).map((f) => f.id));
    }
    for (const docId of downloads) {
      await expectError(await open(`/documents/${docId}/content`, a.key), 403, "SOURCE_QUARANTINED");
      await expectError(await open(`/documents/${docId}/content`, a.key, { headers: { Range: "bytes=0-3" } }), 403, "SOURCE_QUARANTINED");
      expect((await open(`/documents/${docId}/content`, a.key, { method: "HEAD" })).status).toBe(403);
    }
  });

  it("部分: partial, incomplete coverage, missing and failed certificates, parseStatus filter", async () => {
    const a = await newAccount();
    const q = await runQuery(a, "部分规模5测试科技有限公司");
    expect(q).toMatchObject({
      status: "partial",
      executionStatus: "partial",
      sourceStatus: "available",
      coverageComplete: false,
      registrationCount: 5,
    });
    expect(q.processedDocumentCount).toBe(q.totalDocumentCount);
    expect(q.failure).toEqual({ code: "DOCUMENT_COVERAGE_INCOMPLETE", message: expect.any(String) });
    // Listed in full: the allowance is settled, whatever happened to the files afterwards.
    expect(await ledgerOf(q.id)).toEqual(["reserve", "settle"]);

    const all = await registrations(a, q.id);
    expect(all.total).toBe(5);
    const ids = (status: string) =>
      all.items
        .filter((r) => r.parseStatus === status)
        .map((r) => r.id)
        .sort();
    const missing = ids("missing");
    const failed = ids("failed");
    const completed = ids("completed");
    expect(missing.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(missing.length + failed.length + completed.length).toBe(5);
    for (const r of all.items.filter((r) => r.parseStatus === "missing")) {
      expect(r.coverageComplete).toBe(false);
      expect(r.dataSource).toBe("upstream");
      expect(r).not.toHaveProperty("pdfUrl");
    }
    // The corrupt certificate was obtained: it has a file, and a certificate whose fields are null and
    // whose issues say why it could not be read.
    for (const r of all.items.filter((r) => r.parseStatus === "failed")) {
      expect(r.dataSource).toBe("certificate");
      expect(r.pdfUrl).toMatch(/^\/api\/open\/v1\/documents\/doc_/);
      const detail = await body<{
        certificate: { certificateNumber: unknown; parties: unknown; issues: unknown } | null;
        pdf: { parseStatus: string } | null;
      }>(await open(`/queries/${q.id}/registrations/${r.id}`, a.key));
      expect(detail.certificate).toMatchObject({
        certificateNumber: null,
        parties: [],
        issues: [{ code: "FILE_UNREADABLE", field: null, rawValue: null, pageNumber: null }],
      });
      expect(detail.pdf?.parseStatus).toBe("failed");
    }

    const sorted = (p: Page) => p.items.map((r) => r.id).sort();
    const onlyMissing = await registrations(a, q.id, "&parseStatus=missing");
    expect(sorted(onlyMissing)).toEqual(missing);
    expect(onlyMissing.total).toBe(missing.length);
    const repeated = await registrations(a, q.id, "&parseStatus=missing&parseStatus=failed");
    expect(sorted(repeated)).toEqual([...missing, ...failed].sort());
    expect(repeated.total).toBe(missing.length + failed.length);
    const comma = await registrations(a, q.id, "&parseStatus=failed,missing");
    expect(sorted(comma)).toEqual(sorted(repeated));
    const mixed = await registrations(a, q.id, "&parseStatus=completed,missing&parseStatus=failed");
    expect(mixed.total).toBe(5);
    expect((await registrations(a, q.id, "&parseStatus=pending")).total).toBe(0);
    const bad = await expectError(await open(`/queries/${q.id}/registrations?parseStatus=missing,bogus`, a.key), 400, "VALIDATION_FAILED", ["bogus"]);
    expect(bad.details?.fields[0]).toMatchObject({ path: "parseStatus", code: "INVALID_CHOICE" });

    // No document rows for the missing certificates; one certificate row for each obtained one.
    const certs = await countRows("documents", "query_id = ? AND kind = 'certificate'", q.id);
    expect(certs).toBe(failed.length + completed.length);
  });
});
