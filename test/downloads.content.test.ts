/**
 * GET /documents/{id}/content: the whole file, single byte ranges (RFC 9110 §14), If-Range, and
 * the download leases (at most 3 streams per account at once).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../worker/lib/crypto";
import { accountGate } from "../worker/lib/gate";
import { body, createQueries, expectError, newAccount, open, waitForQuery, type TestAccount } from "./helpers";

interface Pdf {
  documentId: string;
  sha256: string;
  size: number;
  url: string;
}

/** A finished one-registration query and its certificate file. */
async function certificateOf(a: TestAccount, subject: string): Promise<Pdf> {
  const res = await createQueries(a.key, [subject]);
  const id = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
  await waitForQuery(id);
  const page = await body<{ items: Array<{ id: string }> }>(await open(`/queries/${id}/registrations`, a.key));
  const detail = await body<{ pdf: Pdf }>(await open(`/queries/${id}/registrations/${page.items[0]!.id}`, a.key));
  expect(detail.pdf.size).toBeGreaterThan(300);
  return detail.pdf;
}

const get = (a: TestAccount, pdf: Pdf, headers: Record<string, string> = {}) => open(`/documents/${pdf.documentId}/content`, a.key, { headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("GET /documents/{id}/content", () => {
  it("serves the whole file and single byte ranges", async () => {
    const a = await newAccount();
    const pdf = await certificateOf(a, "规模1下载测试有限公司");
    const size = pdf.size;
    expect(pdf.url).toBe(`/api/open/v1/documents/${pdf.documentId}/content`);

    const fullRes = await get(a, pdf);
    expect(fullRes.status).toBe(200);
    expect(fullRes.headers.get("Accept-Ranges")).toBe("bytes");
    expect(fullRes.headers.get("ETag")).toBe(`"${pdf.sha256}"`);
    expect(fullRes.headers.get("Content-Length")).toBe(String(size));
    expect(fullRes.headers.get("Content-Type")).toBe("application/pdf");
    expect(fullRes.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(fullRes.headers.get("Content-Range")).toBeNull();
    const full = await bytesOf(fullRes);
    expect(full.byteLength).toBe(size);
    expect(await sha256Hex(full)).toBe(pdf.sha256);

    const partial = async (range: string, start: number, end: number) => {
      const res = await get(a, pdf, { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("Content-Range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("Content-Length"), range).toBe(String(end - start + 1));
      expect(res.headers.get("Accept-Ranges")).toBe("bytes");
      expect(res.headers.get("ETag")).toBe(`"${pdf.sha256}"`);
      expect(await bytesOf(res), range).toEqual(full.slice(start, end + 1));
    };
    await partial("bytes=0-99", 0, 99);
    await partial("bytes=0-0", 0, 0);
    await partial("bytes=100-", 100, size - 1);
    await partial("bytes=-50", size - 50, size - 1);
    await partial(`bytes=-${size + 100}`, 0, size - 1);
    await partial("bytes=10-999999999", 10, size - 1);
    await partial(`bytes=${size - 1}-${size - 1}`, size - 1, size - 1);

    const unsatisfiable = async (range: string) => {
      const res = await get(a, pdf, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("Content-Range"), range).toBe(`bytes */${size}`);
      await expectError(res, 416, "RANGE_NOT_SATISFIABLE");
    };
    await unsatisfiable(`bytes=${size}-`);
    await unsatisfiable(`bytes=${size + 10}-${size + 20}`);
    await unsatisfiable("bytes=0-1,5-6");
    await unsatisfiable("bytes=0-99, 200-299");
    await unsatisfiable("bytes=abc");
    await unsatisfiable("bytes=50-10");
    await unsatisfiable("bytes=-");
    await unsatisfiable("bytes=-0");

    // Another unit is not ours to honour: the whole file.
    const items = await get(a, pdf, { Range: "items=0-5" });
    expect(items.status).toBe(200);
    expect((await bytesOf(items)).byteLength).toBe(size);
  });

  it("applies a range only while If-Range names the current ETag", async () => {
    const a = await newAccount();
    const pdf = await certificateOf(a, "规模1续传测试有限公司");
    const matching = await get(a, pdf, { Range: "bytes=0-9", "If-Range": `"${pdf.sha256}"` });
    expect(matching.status).toBe(206);
    expect((await bytesOf(matching)).byteLength).toBe(10);
    for (const ifRange of [`"${"0".repeat(64)}"`, `W/"${pdf.sha256}"`, "Wed, 21 Oct 2015 07:28:00 GMT"]) {
      const stale = await get(a, pdf, { Range: "bytes=0-9", "If-Range": ifRange });
      expect(stale.status, ifRange).toBe(200);
      expect(stale.headers.get("Content-Range")).toBeNull();
      expect((await bytesOf(stale)).byteLength).toBe(pdf.size);
    }
    // A stale If-Range with an unsatisfiable range is still the whole file, not a 416.
    const staleOutOfRange = await get(a, pdf, { Range: `bytes=${pdf.size + 1}-`, "If-Range": `"${"0".repeat(64)}"` });
    expect(staleOutOfRange.status).toBe(200);
    await staleOutOfRange.arrayBuffer();
  });

  it("holds at most 3 streams per account; cancelling or finishing one frees its slot", async () => {
    const a = await newAccount();
    const pdf = await certificateOf(a, "规模1并发下载测试有限公司");
    const gate = accountGate(env, a.accountId);
    const open3 = await Promise.all([get(a, pdf), get(a, pdf), get(a, pdf)]);
    expect(open3.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await gate.activeLeases()).toBe(3);

    const fourth = await get(a, pdf);
    const retryAfter = Number(fourth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await expectError(fourth, 429, "RATE_LIMITED");
    // A range request is a stream too.
    await expectError(await get(a, pdf, { Range: "bytes=0-9" }), 429, "RATE_LIMITED");

    // Cancel one unread stream: its lease goes, one new stream fits, the next does not.
    await open3[0]!.body!.cancel();
    expect(await eventually(async () => (await gate.activeLeases()) === 2)).toBe(true);
    const fifth = await get(a, pdf);
    expect(fifth.status).toBe(200);
    await expectError(await get(a, pdf), 429, "RATE_LIMITED");

    // Read one to its end: that frees a slot too.
    expect((await bytesOf(open3[1]!)).byteLength).toBe(pdf.size);
    expect(await eventually(async () => (await gate.activeLeases()) === 2)).toBe(true);
    const sixth = await get(a, pdf, { Range: "bytes=0-9" });
    expect(sixth.status).toBe(206);
    expect((await bytesOf(sixth)).byteLength).toBe(10);

    for (const r of [open3[2]!, fifth]) await r.arrayBuffer();
    expect(await eventually(async () => (await gate.activeLeases()) === 0)).toBe(true);
  });
});
