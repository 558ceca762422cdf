import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { body, createQueries, newAccount, open, waitForQuery } from "./helpers";
import type { Registration } from "./api-types";

type Query = Record<string, unknown> & { id: string };

describe("a query end to end on the sandbox", () => {
  it("lists, fetches, parses and serves a company's registrations", async () => {
    const a = await newAccount();
    const res = await createQueries(a.key, ["  上海示例供应链管理有限公司 "]);
    expect(res.status).toBe(202);
    const accepted = await body<{ queries: Query[] }>(res);
    expect(accepted.queries).toHaveLength(1);
    const q = accepted.queries[0]!;
    expect(q).toMatchObject({ subjectName: "上海示例供应链管理有限公司", status: "queued", executionStatus: "queued", registrationCount: 0 });
    expect(q).not.toHaveProperty("completedAt");
    expect(q).not.toHaveProperty("failure");

    await waitForQuery(q.id);
    const done = await body<Query>(await open(`/queries/${q.id}`, a.key));
    expect(done.status).toBe("succeeded");
    expect(done.executionStatus).toBe("succeeded");
    expect(done.coverageComplete).toBe(true);
    expect(done.registrationCount).toBeGreaterThan(0);
    expect(done.processedDocumentCount).toBe(done.totalDocumentCount);
    expect(String(done.completedAt)).toMatch(/\+08:00$/);

    const list = await body<{ items: Array<Record<string, unknown>>; total: number }>(
      await open(`/queries/${q.id}/registrations?pageSize=100`, a.key),
    );
    expect(list.total).toBe(done.registrationCount);
    const first = list.items[0]!;
    expect(first.parseStatus).toBe("completed");
    expect(first.pdfUrl).toMatch(/^\/api\/open\/v1\/documents\/doc_/);
    expect(Array.from(String(first.propertySummary)).length).toBeLessThanOrEqual(200);

    const detail = await body<Registration>(await open(`/queries/${q.id}/registrations/${first.id}`, a.key));
    expect(detail.certificate?.certificateNumber).toBe(first.certificateNumber);
    expect(detail.pdf?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.indexStatus).toBe("not_requested");
    expect(detail.registrationChain?.items.length).toBeGreaterThanOrEqual(1);

    const pdf = await open(String(first.pdfUrl).replace("/api/open/v1", ""), a.key);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.byteLength).toBe(detail.pdf?.size);

    const settled = await env.DB.prepare("SELECT entry FROM allowance_ledger WHERE task_id = ? ORDER BY created_at")
      .bind(q.id)
      .all<{ entry: string }>();
    expect(settled.results.map((r) => r.entry)).toEqual(["reserve", "settle"]);
  });
});
