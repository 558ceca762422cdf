import { describe, expect, it } from "vitest";
import { PollDeadlineError, UnexpectedResponseError, type FetchLike, type Query } from "../client/index.ts";
import { newAccount } from "./helpers";
import { clientFor, FAST_POLL, quickSleep, recording, sandboxInvoice, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";

describe("the client waits for tasks by polling", () => {
  it("follows a query to its terminal state on the spec's schedule (3 s backing off to 30 s), reporting document progress", async () => {
    const a = await newAccount();
    const { sleep, waits } = quickSleep();
    const client = clientFor(a.key, { sleep });
    const { queries } = await client.createQueries([SUBJECT]);
    const updates: Query[] = [];
    const done = await client.waitForQuery(queries[0]!.id, { onUpdate: (q) => updates.push(q) });

    expect(done.id).toBe(queries[0]!.id);
    expect(done.executionStatus).toBe("succeeded");
    expect(done.coverageComplete).toBe(true);
    expect(done.totalDocumentCount).toBeGreaterThan(0);
    expect(done.processedDocumentCount).toBe(done.totalDocumentCount);
    expect(updates.at(-1)).toEqual(done);
    for (const q of updates.slice(0, -1)) expect(["queued", "waiting_resource", "processing"]).toContain(q.executionStatus);
    const processed = updates.map((q) => q.processedDocumentCount);
    expect(processed).toEqual([...processed].sort((x, y) => x - y));
    // The waits the client asked for: 3 s, then longer, never past 30 s.
    expect(waits.length).toBe(updates.length - 1);
    expect(waits[0]).toBe(3000);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    for (const w of waits) expect(w).toBeLessThanOrEqual(30_000);
  });

  it("reads several queries with one list request per round", async () => {
    const a = await newAccount();
    const { fetch, seen } = recording();
    const { sleep, waits } = quickSleep();
    const client = clientFor(a.key, { fetch, sleep });
    const { queries } = await client.createQueries(["杭州示例融资租赁有限公司", "苏州示例商业保理有限公司"]);
    const done = await client.waitForQueries(queries.map((q) => q.id));
    expect(done.map((q) => q.id)).toEqual(queries.map((q) => q.id));
    for (const q of done) expect(["succeeded", "partial", "failed", "cancelled"]).toContain(q.executionStatus);
    const reads = seen.filter((r) => r.method === "GET");
    expect(reads[0]!.path).toBe("/api/open/v1/queries");
    expect(reads.length).toBe(waits.length + 1);
  });

  it("follows a check to a terminal executionStatus, with its source query's progress on the way", async () => {
    const a = await newAccount();
    const client = clientFor(a.key);
    const created = await client.createCheck({ applicant: SUBJECT, criteria: [{ kind: "invoice_no", value: sandboxInvoice(SUBJECT) }] });
    const sources: Query[] = [];
    const done = await client.waitForCheck(created.id, { ...FAST_POLL, onSourceQuery: (q) => sources.push(q) });
    expect(["succeeded", "partial"]).toContain(done.executionStatus);
    expect(done.status).toBe("review_pending");
    expect(done.candidateCount).toBeGreaterThanOrEqual(1);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((q) => q.id === created.sourceRegistryQueryId)).toBe(true);
  });

  it("stops at the caller's deadline with the task ids, and the same ids can be followed later", async () => {
    const a = await newAccount();
    const client = clientFor(a.key);
    const { queries } = await client.createQueries(["排队示例物流有限公司"]);
    const id = queries[0]!.id;
    const error = await client.waitForQuery(id, { ...FAST_POLL, timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollDeadlineError);
    expect((error as PollDeadlineError).taskIds).toEqual([id]);
    const done = await client.waitForQuery(id, FAST_POLL);
    expect(done.id).toBe(id);
    expect(done.executionStatus).toBe("succeeded");
  });
});

/** Rewrites the JSON of GET /queries/{id} answers. */
function rewritingQueries(change: (q: Record<string, unknown>) => void): FetchLike {
  return async (request) => {
    const response = await workerFetch(request);
    if (request.method !== "GET" || !/\/queries\/qry_[^/]+$/.test(new URL(request.url).pathname)) return response;
    const body = (await response.json()) as Record<string, unknown>;
    change(body);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

describe("a task the client cannot understand is an error that keeps its id (spec, States rule 2)", () => {
  it("an unknown status value", async () => {
    const a = await newAccount();
    const client = clientFor(a.key, { fetch: rewritingQueries((q) => (q.executionStatus = "archived")) });
    const { queries } = await client.createQueries([SUBJECT]);
    const updates: Query[] = [];
    const error = await client.waitForQuery(queries[0]!.id, { ...FAST_POLL, onUpdate: (q) => updates.push(q) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).taskId).toBe(queries[0]!.id);
    expect((error as UnexpectedResponseError).field).toBe("executionStatus");
    expect(updates).toEqual([]);
  });

  it("a missing required field", async () => {
    const a = await newAccount();
    const client = clientFor(a.key, { fetch: rewritingQueries((q) => delete q.processedDocumentCount) });
    const { queries } = await client.createQueries([SUBJECT]);
    const error = await client.getQuery(queries[0]!.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ taskId: queries[0]!.id, field: "processedDocumentCount" });
  });
});
