/**
 * What the fuzz suites found, pinned as plain tests: a page number past int32 overflowed SQLite's
 * OFFSET (503); HEAD on a download took a lease that never ended (three HEADs blocked downloads for
 * five minutes) and counted twice in the rate window; a JSON "\ud800" escape was accepted, echoed
 * as given, and stored as U+FFFD; a search of 17 Chinese characters (over D1's 50-byte LIKE
 * pattern limit) was a 503 on every list whose account had rows to compare.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountGate } from "../worker/lib/gate";
import { body, createQueries, expectError, idempotencyKey, newAccount, open, waitForQuery, shardOfAccount } from "./helpers";

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
    const doc = await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT id, size FROM documents WHERE query_id = ? AND kind = 'certificate'")
      .bind(id)
      .first<{ id: string; size: number }>();
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
    const post = (text: string) =>
      open("/queries", a.key, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey() }, body: text });
    for (const text of [
      '{"subjectNames":["无登记\\ud800公司"]}',
      '{"subjectNames":["无登记公司\\udc00"]}',
      '{"subjectNames":["无登记公司"],"\\ud83d":1}',
    ]) {
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

describe("long searches", () => {
  it("match up to the documented 200 characters on every list, literally, never a 5xx", async () => {
    const a = await newAccount();
    const subject = `无登记${"长".repeat(60)}检索有限公司`;
    const created = await body<{ queries: Array<{ id: string }> }>(await createQueries(a.key, [subject, "规模1长检索对照有限公司"]));
    const [emptyId, scaleId] = created.queries.map((q) => q.id) as [string, string];
    for (const id of [emptyId, scaleId]) await waitForQuery(id);
    const check = await body<{ id: string }>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: "规模1长检索对照有限公司", criteria: [{ kind: "keyword", value: "应收账款" }], sourceRegistryQueryId: scaleId },
      }),
    );
    const description = (await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT search_text FROM registrations WHERE query_id = ?")
      .bind(scaleId)
      .first<{ search_text: string }>())!.search_text;
    const phrase = Array.from(description.split("\n").at(-1)!).slice(0, 40).join("");
    expect(new TextEncoder().encode(phrase).byteLength).toBeGreaterThan(50);

    const total = async (path: string, search: string) => {
      const res = await open(`${path}?search=${encodeURIComponent(search)}`, a.key);
      expect(res.status, `${path} ${search.length}`).toBe(200);
      return (await body<{ total: number }>(res)).total;
    };
    expect(await total("/queries", "长".repeat(60))).toBe(1);
    expect(await total("/queries", "长".repeat(61))).toBe(0);
    expect(await total(`/queries/${scaleId}/registrations`, phrase)).toBe(1);
    expect(await total("/checks", "规模1长检索对照有限公司")).toBe(1);
    for (const search of ["字".repeat(200), "%".repeat(200), "_!".repeat(100), "a".repeat(200)]) {
      expect(await total("/queries", search)).toBe(0);
      expect(await total("/checks", search)).toBe(0);
      expect(await total(`/queries/${scaleId}/registrations`, search)).toBe(0);
    }
    expect(check.id).toMatch(/^chk_/);
  });
});
