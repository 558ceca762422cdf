/**
 * What the connector takes for a list, a token and a subject's kinds (pure functions of
 * services/registry-connector): only shapes it knows are lists; a login answer is a token only when it
 * looks like one; a subject is asked under every kind it may be.
 */
import { describe, expect, it } from "vitest";
import { listingOfFeedback } from "../../services/registry-connector/feedback.mjs";
import { DEBT_TYPES, kindsOfSubject, queriesForSubject } from "../../services/registry-connector/mappings.mjs";
import { listingOfAnswer } from "../../services/registry-connector/registry-queries.mjs";
import { writeZip } from "../../services/registry-connector/replica/zip-write.mjs";

const load = (name: string) => import(/* @vite-ignore */ name);
const clientModule = "../../services/registry-connector/registry-client.mjs";
const { isTokenShaped } = (await load(clientModule)) as { isTokenShaped(text: string): boolean };

/** A result whose registration number is the registry's 20 digits, ending in `n`. */
const result = (n: string) =>
  `<result><registerno>${n.padStart(20, "0")}</registerno><registertime>2024-01-02 03:04:05</registertime><registertype>01</registertype></result>`;
const list = (total: number, rows: number, results: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><feedback><totalrows>${total}</totalrows><data><results><businesstype>A00200</businesstype><rows>${rows}</rows>${results.join("")}</results></data></feedback>`;
const xmlZip = (...xmls: string[]) => writeZip(xmls.map((xml, i) => ({ name: `r${i}.xml`, bytes: new TextEncoder().encode(xml) })));

describe("a list is only a shape we know", () => {
  it("an explicit empty list is one", () => {
    expect(listingOfFeedback("<feedback><totalrows>0</totalrows><data/></feedback>")).toEqual({ ok: true, registrations: [] });
    expect(listingOfFeedback("<feedback><totalrows>0</totalrows></feedback>")).toEqual({ ok: true, registrations: [] });
  });

  it("totalrows 0 beside an element we do not know is not an empty list", () => {
    const answer = listingOfFeedback("<feedback><totalrows>0</totalrows><errmsg>查询条件有误</errmsg></feedback>");
    expect(answer).toMatchObject({ ok: false, outcome: "transient" });
    expect(answer.ok || answer.reason).toContain("<errmsg>");
  });

  it("another root is not a list", () => {
    expect(listingOfFeedback("<result><code>99</code><msg>错误</msg></result>")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("<result>"),
    });
  });

  it("a list cut short (a cap) is unavailable, with its counts", () => {
    expect(listingOfFeedback(list(812, 500, [result("1"), result("2")]))).toMatchObject({
      ok: false,
      outcome: "unavailable",
      reason: expect.stringContaining("totalrows 812"),
    });
  });

  it("more results than claimed is not recognised", () => {
    expect(listingOfFeedback(list(1, 1, [result("1"), result("2")]))).toMatchObject({ ok: false, outcome: "transient" });
    expect(listingOfFeedback(list(1, 2, [result("1"), result("2")]))).toMatchObject({ ok: false, outcome: "transient" });
  });

  it("a zip of two XML files, or of none, is not a list", () => {
    const one = list(1, 1, [result("12345678901234567890")]);
    expect(listingOfAnswer(xmlZip(one))).toMatchObject({ ok: true, registrations: [{ certificateNumber: "12345678901234567890" }] });
    expect(listingOfAnswer(xmlZip(one, one))).toMatchObject({ ok: false, reason: expect.stringContaining("2 entries (.xml, .xml)") });
    expect(listingOfAnswer(writeZip([]))).toMatchObject({ ok: false });
    expect(listingOfAnswer(new TextEncoder().encode("not a zip"))).toMatchObject({ ok: false });
  });
});

describe("a login answer is a token only when it looks like one", () => {
  it.each([
    "3f2a9c1e7b6d4a5f8e0c2b1a9d8e7f6a",
    "550e8400-e29b-41d4-a716-446655440000",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc123",
    "QUJDREVGR0gxMjM0NTY3OA==",
  ])("%s is a token", (token) => expect(isTokenShaped(token)).toBe(true));
  it.each(["用户名或密码错误", "login failed", "false", "ERROR", "<feedback><errors/></feedback>", "", "abcdefghijk"])("%j is not", (text) =>
    expect(isTokenShaped(text)).toBe(false),
  );
});

describe("a subject is asked under every kind it may be", () => {
  it("a company's name as an organisation; another name as an organisation or an individual business; an identity number as a person or an individual business", () => {
    expect(kindsOfSubject("上海示例供应链管理有限公司")).toEqual(["organisation"]);
    expect(kindsOfSubject("某某农民专业合作社")).toEqual(["organisation"]);
    expect(kindsOfSubject("张三五金店")).toEqual(["organisation", "individual-business"]);
    expect(kindsOfSubject("11010519491231002X")).toEqual(["person", "individual-business"]);
    expect(queriesForSubject("张三五金店").map((q) => q.debtType)).toEqual([
      DEBT_TYPES.organisation.debtType,
      DEBT_TYPES["individual-business"].debtType,
    ]);
  });

  it("kinds sharing a code are asked once; a kind without a code is not asked", () => {
    const shared = { ...DEBT_TYPES, "individual-business": { debtType: "1000", confirm: "false" } };
    expect(queriesForSubject("张三五金店", shared)).toHaveLength(1);
    const none = { ...DEBT_TYPES, "individual-business": { debtType: "", confirm: "false" } };
    expect(queriesForSubject("11010519491231002X", none).map((q) => q.kind)).toEqual(["person"]);
  });
});
