/**
 * Subjects that make the upstream wait (排队: busy for the first listing attempts) or slow
 * (慢: every call takes SANDBOX_SLOW_MS): the query still ends, passes through the states the spec
 * names, and does no work twice.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, countRows, createQueries, ledgerOf, newAccount, open, queryRow, waitForQuery } from "./helpers";

const ORDER = ["queued", "waiting_resource", "processing", "succeeded"];

describe("pacing markers", () => {
  it("排队 (and 慢): waiting_resource while the upstream is busy, then processing, then terminal", async () => {
    const a = await newAccount();
    // 慢 as well: every upstream call takes SANDBOX_SLOW_MS, so 'processing' lasts a few polls; without it the
    // state could pass between two polls while the suite's other files ran beside this one.
    const res = await createQueries(a.key, ["排队慢规模2测试航运有限公司"]);
    expect(res.status).toBe(202);
    const id = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;

    const seen: string[] = [];
    let publicWhileWaiting: Record<string, unknown> | null = null;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const row = await queryRow(id);
      if (seen.at(-1) !== row.execution_status) seen.push(row.execution_status);
      if (row.execution_status === "waiting_resource" && !publicWhileWaiting) {
        publicWhileWaiting = await body(await open(`/queries/${id}`, a.key));
      }
      if (row.completed_at !== null) break;
      await new Promise((r) => setTimeout(r, 15));
    }
    expect(seen).toContain("waiting_resource");
    expect(seen).toContain("processing");
    expect(seen.at(-1)).toBe("succeeded");
    // Never backwards: waiting comes before processing, processing before the end.
    const ranks = seen.map((s) => ORDER.indexOf(s));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    expect([...ranks].sort((x, y) => x - y)).toEqual(ranks);
    expect(publicWhileWaiting).toMatchObject({ status: "waiting_resource", executionStatus: "waiting_resource" });
    expect(publicWhileWaiting).not.toHaveProperty("completedAt");
    expect(publicWhileWaiting).not.toHaveProperty("failure");

    const done = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(done).toMatchObject({ status: "succeeded", registrationCount: 2, processedDocumentCount: 2, coverageComplete: true });
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
  });

  it("慢: terminal, every file stored exactly once", async () => {
    const a = await newAccount();
    const subject = "慢规模3测试电子有限公司";
    const truth = sandboxRegistry.describe(subject);
    const expectedDocuments = truth.registrations.reduce((n, r) => n + 1 + r.attachments.length, 0);
    const res = await createQueries(a.key, [subject]);
    const id = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
    await waitForQuery(id, 45_000);

    const done = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(done).toMatchObject({
      status: "succeeded",
      executionStatus: "succeeded",
      registrationCount: 3,
      totalDocumentCount: 3,
      processedDocumentCount: 3,
    });
    expect(await countRows("registrations", "query_id = ?", id)).toBe(3);
    expect(await countRows("documents", "query_id = ?", id)).toBe(expectedDocuments);
    expect(await countRows("documents", "query_id = ? AND kind = 'certificate'", id)).toBe(3);
    const objects = await env.FILES.list({ prefix: `files/${id}/` });
    expect(objects.objects).toHaveLength(expectedDocuments);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);
  });
});
