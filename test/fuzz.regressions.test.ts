/**
 * What the fuzz suites found, pinned as plain tests: a page number past int32 overflowed SQLite's
 * OFFSET (503); HEAD on a download took a lease that never ended (three HEADs blocked downloads for
 * five minutes) and counted twice in the rate window; a JSON "\ud800" escape was accepted, echoed
 * as given, and stored as U+FFFD.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountGate } from "../worker/lib/gate";
import { body, createQueries, expectError, idempotencyKey, newAccount, open, waitForQuery } from "./helpers";

describe("pagination bounds", () => {
  it("refuses a page past int32 with 400 on every list, never a 5xx", async () => {
    const a = await newAccount();
    for (const page of ["2147483648", "1000000000000000000", "99999999999999999999", "9".repeat(400)]) {
      for (const path of ["/queries", "/checks", "/queries/qry_x/registrations", "/checks/chk_x/results"]) {
        const err = await expectError(await open(`${path}?page=${page}`, a.key), 400, "VALIDATION_FAILED");
        expect(err.details?.fields[0]).toMatchObject({ path: "page", code: "OUT_OF_RANGE" });
      }
    }
    const last = await body<{ items: unknown[]; page: number }>(await open("/queries?page=2147483647&pageSize=100", a.key));
    expect(last).toMatchObject({ items: [], page: 2147483647 });
  });
});

describe("HEAD on a download", () => {
  it("answers the GET headers, holds no lease and counts once", async () => {
    const a = await newAccount();
    const id = (await body<{ queries: Array<{ id: string }> }>(await createQueries(a.key, ["规模1回归头请求有限公司"]))).queries[0]!.id;
    await waitForQuery(id);
    const doc = await env.DB.prepare("SELECT id, size FROM documents WHERE query_id = ? AND kind = 'certificate'").bind(id).first<{ id: string; size: number }>();
    const gate = accountGate(env, a.accountId);
    for (let i = 0; i < 5; i++) {
      const head = await open(`/documents/${doc!.id}/content`, a.key, { method: "HEAD", headers: i % 2 ? { Range: "bytes=0-9" } : {} });
      expect(head.status).toBe(i % 2 ? 206 : 200);
      expect(head.headers.get("Content-Length")).toBe(i % 2 ? "10" : String(doc!.size));
      expect(await gate.activeLeases()).toBe(0);
    }
    const get = await open(`/documents/${doc!.id}/content`, a.key);
    expect(get.status).toBe(200);
    expect((await get.arrayBuffer()).byteLength).toBe(doc!.size);
    // Five HEADs and one GET (plus the creation, in its own window): six ordinary requests, not eleven.
    let admitted = 0;
    while ((await open("/account/entitlements", a.key)).status === 200) admitted++;
    expect(admitted).toBe(120 - 6);
  });
});

describe("unpaired surrogates in JSON bodies", () => {
  it("refuses a \\ud800 escape anywhere in a body (400 at $), and accepts a paired one", async () => {
    const a = await newAccount();
    const post = (text: string) => open("/queries", a.key, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey() }, body: text });
    for (const text of ['{"subjectNames":["无登记\\ud800公司"]}', '{"subjectNames":["无登记公司\\udc00"]}', '{"subjectNames":["无登记公司"],"\\ud83d":1}']) {
      const err = await expectError(await post(text), 400, "VALIDATION_FAILED");
      expect(err.details?.fields).toEqual([{ path: "$", code: "INVALID_FORMAT", message: expect.any(String) }]);
    }
    const paired = await post('{"subjectNames":["无登记\\ud83d\\ude00公司"]}');
    expect(paired.status).toBe(202);
    const q = (await body<{ queries: Array<{ id: string; subjectName: string }> }>(paired)).queries[0]!;
    expect(q.subjectName).toBe("无登记😀公司");
    const row = await env.DB.prepare("SELECT subject_name FROM queries WHERE id = ?").bind(q.id).first<{ subject_name: string }>();
    expect(row?.subject_name).toBe(q.subjectName);
  });
});
