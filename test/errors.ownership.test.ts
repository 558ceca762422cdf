/**
 * Ownership: another account's query, registration and document ids are 404 on every query
 * endpoint and nested path, exactly like ids that do not exist, and a registration id is only
 * found under its own query. Plus the error envelope on the answers every endpoint can give.
 */
import { describe, expect, it } from "vitest";
import { body, call, countRows, createQueries, expectError, idempotencyKey, newAccount, open, waitForQuery, type TestAccount } from "./helpers";

interface Fixture {
  account: TestAccount;
  queryIds: string[];
  registrationIds: string[][];
  documentIds: string[];
}

async function accountWithQueries(subjects: string[]): Promise<Fixture> {
  const account = await newAccount();
  const res = await createQueries(account.key, subjects);
  expect(res.status).toBe(202);
  const queryIds = (await body<{ queries: Array<{ id: string }> }>(res)).queries.map((q) => q.id);
  const registrationIds: string[][] = [];
  const documentIds: string[] = [];
  for (const id of queryIds) {
    await waitForQuery(id);
    const page = await body<{ items: Array<{ id: string; pdfUrl?: string; attachments: Array<{ id: string }> }> }>(
      await open(`/queries/${id}/registrations`, account.key),
    );
    registrationIds.push(page.items.map((r) => r.id));
    for (const r of page.items) {
      if (r.pdfUrl) documentIds.push(r.pdfUrl.split("/").at(-2)!);
      documentIds.push(...r.attachments.map((d) => d.id));
    }
  }
  return { account, queryIds, registrationIds, documentIds };
}

describe("cross-account and cross-query ids", () => {
  it("answers 404 with the error envelope, indistinguishable from a missing id", async () => {
    const mine = await accountWithQueries(["规模2归属甲有限公司", "规模1归属乙有限公司"]);
    const theirs = await accountWithQueries(["规模1归属丙有限公司"]);
    const a = mine.account;
    const [q1, q2] = mine.queryIds as [string, string];
    const reg1 = mine.registrationIds[0]![0]!;
    const foreignQuery = theirs.queryIds[0]!;
    const foreignReg = theirs.registrationIds[0]![0]!;
    expect(theirs.documentIds.length).toBeGreaterThanOrEqual(1);

    // The owner reaches every one of these.
    expect((await open(`/queries/${foreignQuery}/registrations/${foreignReg}`, theirs.account.key)).status).toBe(200);
    for (const doc of theirs.documentIds) {
      const own = await open(`/documents/${doc}/content`, theirs.account.key);
      expect(own.status).toBe(200);
      await own.arrayBuffer();
    }
    expect((await open(`/queries/${q1}/registrations/${reg1}`, a.key)).status).toBe(200);

    const missing = await expectError(await open("/queries/qry_doesnotexist0000", a.key), 404, "NOT_FOUND");
    const paths = [
      `/queries/${foreignQuery}`,
      `/queries/${foreignQuery}/registrations`,
      `/queries/${foreignQuery}/registrations?page=1&pageSize=5&parseStatus=completed`,
      `/queries/${foreignQuery}/registrations/${foreignReg}`,
      // Their registration under my query, mine under theirs, mine under my other query.
      `/queries/${q1}/registrations/${foreignReg}`,
      `/queries/${foreignQuery}/registrations/${reg1}`,
      `/queries/${q2}/registrations/${reg1}`,
      `/queries/${q1}/registrations/reg_doesnotexist0000`,
      "/queries/qry_doesnotexist0000/registrations",
      ...theirs.documentIds.map((doc) => `/documents/${doc}/content`),
      "/documents/doc_doesnotexist0000/content",
    ];
    for (const path of paths) {
      const err = await expectError(await open(path, a.key), 404, "NOT_FOUND", [foreignQuery, foreignReg, ...theirs.documentIds]);
      expect(err.message, path).toBe(missing.message);
      expect(err.details, path).toBeUndefined();
    }
    // A range on someone else's file is still 404, not 416 or 206.
    await expectError(await open(`/documents/${theirs.documentIds[0]}/content`, a.key, { headers: { Range: "bytes=0-9" } }), 404, "NOT_FOUND");

    // Lists and searches never show them.
    const list = await body<{ items: Array<{ id: string }>; total: number }>(await open("/queries?pageSize=100", a.key));
    expect(list.items.map((q) => q.id).sort()).toEqual([q1, q2].sort());
    expect((await body<{ total: number }>(await open(`/queries?search=${foreignQuery}`, a.key))).total).toBe(0);

    // Nor can their query feed my check.
    const check = await open("/checks", a.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey() },
      json: { applicant: "规模1归属丙有限公司", criteria: [{ kind: "keyword", value: "应收账款" }], sourceRegistryQueryId: foreignQuery },
    });
    await expectError(check, 404, "NOT_FOUND", [foreignQuery]);
    expect(await countRows("checks", "account_id = ?", a.accountId)).toBe(0);
  });
});

describe("the error envelope on common refusals", () => {
  it("401 for a bad key, 404 for an unknown path, 415 for a non-JSON body; nothing echoed", async () => {
    const a = await newAccount();
    const badKey = "rk_live_ECHOMARKER000000000000000000000000";
    await expectError(await open("/queries", badKey), 401, "UNAUTHENTICATED", ["ECHOMARKER"]);
    await expectError(await call("/api/open/v1/queries"), 401, "UNAUTHENTICATED");
    await expectError(await open("/no-such-resource", a.key), 404, "NOT_FOUND");
    const text = await open("/queries", a.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey(), "Content-Type": "text/plain" },
      body: "subjectNames=TEXTMARKER",
    });
    await expectError(text, 415, "UNSUPPORTED_MEDIA_TYPE", ["TEXTMARKER"]);
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(0);
  });
});
