import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../worker/lib/crypto";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, createQueries, newAccount, open, type TestAccount, waitForQuery } from "./helpers";
import { injectFault, stubRequests, uniqueSubject } from "./upstream-http.stub";

type Query = {
  id: string;
  status: string;
  executionStatus: string;
  sourceStatus: string;
  coverageComplete: boolean;
  registrationCount: number;
  failure?: { code: string };
};

/** Creates one query and follows it (in D1, so no rate window is spent) to the end; returns it and the states it went through. */
async function runQuery(account: TestAccount, subject: string): Promise<{ query: Query; seen: string[] }> {
  const res = await createQueries(account.key, [subject]);
  expect(res.status).toBe(202);
  const id = (await body<{ queries: Query[] }>(res)).queries[0]!.id;
  const seen: string[] = [];
  const watching = (async () => {
    for (let i = 0; i < 600; i++) {
      const row = await env.DB.prepare("SELECT execution_status, completed_at FROM queries WHERE id = ?")
        .bind(id)
        .first<{ execution_status: string; completed_at: number | null }>();
      if (row && seen.at(-1) !== row.execution_status) seen.push(row.execution_status);
      if (row?.completed_at) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  await waitForQuery(id, 45_000);
  await watching;
  return { query: await body<Query>(await open(`/queries/${id}`, account.key)), seen };
}

describe.concurrent("the query pipeline with UPSTREAM=http, through the gateway stub", () => {
  it("takes a query from creation to succeeded, storing the gateway's files byte for byte", async () => {
    const account = await newAccount();
    const subject = uniqueSubject("规模6");
    const { query } = await runQuery(account, subject);
    const truth = sandboxRegistry.listing(subject);
    expect(query).toMatchObject({
      status: "succeeded",
      executionStatus: "succeeded",
      sourceStatus: "available",
      coverageComplete: true,
      registrationCount: truth.length,
    });

    const page = await body<{ items: Array<{ id: string; certificateNumber: string; parseStatus: string }> }>(
      await open(`/queries/${query.id}/registrations?pageSize=100`, account.key),
    );
    expect(page.items.map((r) => r.certificateNumber).sort()).toEqual(truth.map((r) => r.certificateNumber).sort());
    expect(page.items.every((r) => r.parseStatus === "completed")).toBe(true);
    const first = page.items[0]!;
    const detail = await body<{ pdf: { sha256: string; size: number } }>(await open(`/queries/${query.id}/registrations/${first.id}`, account.key));
    const bytes = (await sandboxRegistry.certificatePdf(subject, first.certificateNumber))!;
    expect(detail.pdf).toMatchObject({ sha256: await sha256Hex(bytes), size: bytes.byteLength });

    const calls = await stubRequests(subject);
    expect(calls.filter((c) => c.route === "listing")).toHaveLength(1);
    expect(calls.filter((c) => c.route === "certificate")).toHaveLength(truth.length);
    expect(calls.every((c) => c.status === 200 && c.requestId.startsWith("req_"))).toBe(true);
  });

  it("waits for a busy gateway (waiting_resource), then finishes", async () => {
    const account = await newAccount();
    const { query, seen } = await runQuery(account, uniqueSubject("排队规模2"));
    expect(query.status).toBe("succeeded");
    expect(seen).toContain("waiting_resource");
    expect(seen.indexOf("waiting_resource")).toBeLessThan(seen.indexOf("succeeded"));
  });

  it("ends unavailable, quarantined and empty subjects as the gateway says", async () => {
    const account = await newAccount();
    const [unavailable, quarantined, empty] = await Promise.all([
      runQuery(account, uniqueSubject("不可用")),
      runQuery(account, uniqueSubject("隔离")),
      runQuery(account, uniqueSubject("无登记")),
    ]);
    expect(unavailable.query).toMatchObject({ status: "failed", sourceStatus: "unavailable", failure: { code: "SOURCE_UNAVAILABLE" } });
    expect(quarantined.query).toMatchObject({ sourceStatus: "quarantined", failure: { code: "SOURCE_QUARANTINED" } });
    expect(empty.query).toMatchObject({ status: "no_result", coverageComplete: true, registrationCount: 0 });
  });

  it("finishes a partial subject with its missing certificates marked missing", async () => {
    const account = await newAccount();
    const subject = uniqueSubject("部分规模3");
    const { query } = await runQuery(account, subject);
    expect(query).toMatchObject({ status: "partial", coverageComplete: false, failure: { code: "DOCUMENT_COVERAGE_INCOMPLETE" } });
    const missing = await body<{ total: number }>(await open(`/queries/${query.id}/registrations?parseStatus=missing`, account.key));
    expect(missing.total).toBeGreaterThan(0);
  });

  // A hash mismatch is no passing fault (the same wrong bytes come again): upstream-http.faults.test.ts.
  it("rides out transient faults: 5xx beyond the in-call retries, a truncated transfer", async () => {
    const account = await newAccount();
    const subject = uniqueSubject("规模2");
    await injectFault(subject, "error=503", { route: "listing", times: 3 });
    await injectFault(subject, "truncate", { route: "certificate", times: 2 });
    const { query } = await runQuery(account, subject);
    expect(query).toMatchObject({ status: "succeeded", coverageComplete: true });
    const listings = (await stubRequests(subject)).filter((c) => c.route === "listing");
    // Three quick tries in one delivery, then the queue's back-off and a later delivery.
    expect(listings.map((c) => c.status)).toEqual([503, 503, 503, 200]);
    const [first, , third, last] = listings.map((c) => c.attempt ?? 0);
    expect(third).toBe(first);
    expect(last).toBeGreaterThan(first!);
  });
});
