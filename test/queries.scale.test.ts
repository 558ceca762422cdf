/**
 * 规模N end to end: exactly N registrations through the real queue, and the registration list's
 * pagination (page, pageSize, total) over them.
 */
import { describe, expect, it } from "vitest";
import { body, countRows, createQueries, expectError, ledgerOf, newAccount, open, waitForQuery } from "./helpers";

type Page = { items: Array<{ id: string; certificateNumber: string }>; total: number; page: number; pageSize: number };

describe("规模N", () => {
  it("规模37: exactly 37 registrations, paged without gaps or overlaps", async () => {
    const a = await newAccount();
    const res = await createQueries(a.key, ["规模37测试集团有限公司"]);
    expect(res.status).toBe(202);
    const id = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
    await waitForQuery(id, 55_000);
    const q = await body<Record<string, unknown>>(await open(`/queries/${id}`, a.key));
    expect(q).toMatchObject({
      status: "succeeded",
      registrationCount: 37,
      totalDocumentCount: 37,
      processedDocumentCount: 37,
      coverageComplete: true,
    });
    expect(await countRows("registrations", "query_id = ?", id)).toBe(37);
    expect(await countRows("documents", "query_id = ? AND kind = 'certificate'", id)).toBe(37);
    expect(await ledgerOf(id)).toEqual(["reserve", "settle"]);

    const pages: Page[] = [];
    for (let page = 1; page <= 4; page++) pages.push(await body<Page>(await open(`/queries/${id}/registrations?page=${page}&pageSize=10`, a.key)));
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 10, 7]);
    for (const [i, p] of pages.entries()) expect(p).toMatchObject({ total: 37, page: i + 1, pageSize: 10 });
    const seen = pages.flatMap((p) => p.items.map((r) => r.id));
    expect(new Set(seen).size).toBe(37);
    const past = await body<Page>(await open(`/queries/${id}/registrations?page=5&pageSize=10`, a.key));
    expect(past).toMatchObject({ items: [], total: 37, page: 5, pageSize: 10 });

    const whole = await body<Page>(await open(`/queries/${id}/registrations?pageSize=100`, a.key));
    expect(whole.items.map((r) => r.id)).toEqual(seen);
    expect(new Set(whole.items.map((r) => r.certificateNumber)).size).toBe(37);
    const defaults = await body<Page>(await open(`/queries/${id}/registrations`, a.key));
    expect(defaults).toMatchObject({ page: 1, pageSize: 20, total: 37 });
    expect(defaults.items.map((r) => r.id)).toEqual(seen.slice(0, 20));

    for (const bad of ["page=0", "pageSize=0", "pageSize=101", "pageSize=abc", "page=-1", "page=1.5"]) {
      const err = await expectError(await open(`/queries/${id}/registrations?${bad}`, a.key), 400, "VALIDATION_FAILED");
      expect(err.details?.fields[0]?.path).toBe(bad.split("=")[0]);
    }
  });
});
