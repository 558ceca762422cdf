/**
 * One canonical form of text at the doors (docs/input-text.md; worker/schemas/text.ts): a subject, a
 * criterion, a key name, a user's name or email and a review note are trimmed and put in NFC, and one that
 * holds a control, invisible (format) or bidirectional character is refused with a 400 that names the code
 * point and where it stands, never the value, and nothing is charged. Two names that look the same are the
 * same subject and the same idempotent intent.
 */
import { describe, expect, it } from "vitest";
import { consoleCall, consoleUser } from "./console-helpers";
import { admin, body, expectError, idempotencyKey, newAccount, open } from "./helpers";

const SUBJECT = "上海示例供应链管理有限公司";
const ZWSP_SUBJECT = "上海示例\u200b供应链管理有限公司";

async function available(apiKey: string): Promise<{ query: number; check: number }> {
  const e = await body<{ query: { available: number }; check: { available: number } }>(await open("/account/entitlements", apiKey));
  return { query: e.query.available, check: e.check.available };
}

function post(apiKey: string, path: string, json: unknown, key = idempotencyKey()): Promise<Response> {
  return open(path, apiKey, { method: "POST", json, headers: { "Idempotency-Key": key } });
}

/** The one field error of a refused hidden character: where, and which code point. */
async function expectRefused(res: Response, path: string, codePoint: string, position: number, value: string): Promise<void> {
  const error = await expectError(res, 400, "VALIDATION_FAILED", [value]);
  const field = error.details?.fields.find((f) => f.path === path);
  expect(field, JSON.stringify(error)).toBeDefined();
  expect(field?.code).toBe("INVALID_FORMAT");
  expect(field?.message).toContain(codePoint);
  expect(field?.message).toContain(`position ${position}`);
}

describe("subjects and criteria at the open API", () => {
  it("refuses a subject with a zero-width space or a NUL inside, and charges nothing", async () => {
    const a = await newAccount();
    const before = await available(a.key);
    await expectRefused(await post(a.key, "/queries", { subjectNames: [ZWSP_SUBJECT] }), "subjectNames[0]", "U+200B", 5, ZWSP_SUBJECT);
    const withNul = "上海示例\u0000供应链管理有限公司";
    await expectRefused(await post(a.key, "/queries", { subjectNames: [SUBJECT, withNul] }), "subjectNames[1]", "U+0000", 5, withNul);
    await expectRefused(
      await post(a.key, "/checks", { applicant: ZWSP_SUBJECT, criteria: [{ kind: "keyword", value: "应收账款" }] }),
      "applicant",
      "U+200B",
      5,
      ZWSP_SUBJECT,
    );
    expect(await available(a.key)).toEqual(before);
  });

  it("refuses a NUL in a keyword and a zero-width space inside an invoice number, and charges nothing", async () => {
    const a = await newAccount();
    const before = await available(a.key);
    const criteria = [
      { kind: "keyword", value: "应收\u0000账款" },
      { kind: "invoice_no", value: "1105\u200b0292" },
      { kind: "keyword", value: "\u202eexe.pdf" },
    ];
    const res = await post(a.key, "/checks", { applicant: SUBJECT, criteria });
    const error = await expectError(res, 400, "VALIDATION_FAILED", ["应收\u0000账款", "\u202eexe.pdf"]);
    expect(error.details?.fields.map((f) => [f.path, f.message.match(/U\+[0-9A-F]{4,6}/)?.[0]])).toEqual([
      ["criteria[0].value", "U+0000"],
      ["criteria[1].value", "U+200B"],
      ["criteria[2].value", "U+202E"],
    ]);
    expect(await available(a.key)).toEqual(before);
  });

  it("trims and composes (NFC): a name that looks the same is the same subject and the same intent", async () => {
    const a = await newAccount();
    const before = await available(a.key);
    const key = idempotencyKey();
    const composed = "Café Trading Co.";
    const decomposed = "Cafe\u0301 Trading Co.";
    const first = await post(a.key, "/queries", { subjectNames: [` ${composed}\t`] }, key);
    expect(first.status).toBe(202);
    const accepted = await body<{ queries: Array<{ id: string; subjectName: string }> }>(first);
    expect(accepted.queries.map((q) => q.subjectName)).toEqual([composed]);
    // The same key with the decomposed spelling is the same intent: the first answer, not a 409.
    const again = await post(a.key, "/queries", { subjectNames: [decomposed] }, key);
    expect(again.status).toBe(202);
    expect((await body<typeof accepted>(again)).queries.map((q) => q.id)).toEqual(accepted.queries.map((q) => q.id));
    // One batch with both spellings is one subject, charged once.
    const batch = await body<{ queries: unknown[] }>(await post(a.key, "/queries", { subjectNames: [composed, decomposed] }));
    expect(batch.queries).toHaveLength(1);
    expect((await available(a.key)).query).toBe(before.query - 2);
  });

  it("keeps a criterion's surrounding white space out of what is stored and shown", async () => {
    const a = await newAccount();
    const res = await post(a.key, "/checks", { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "  应收账款\n" }] });
    expect(res.status).toBe(202);
    expect((await body<{ criteria: Array<{ value: string }> }>(res)).criteria.map((c) => c.value)).toEqual(["应收账款"]);
  });
});

describe("names and notes at the console and the management API", () => {
  it("refuses a key name with a bidirectional override", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const name = "ops\u202eyek";
    await expectRefused(await consoleCall(analyst, "/keys", { method: "POST", json: { name } }), "name", "U+202E", 4, name);
    await expectRefused(await admin(`/accounts/${a.accountId}/keys`, { method: "POST", json: { name } }), "name", "U+202E", 4, name);
  });

  it("refuses a user's name or email with a hidden character", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const name = "Li\u200dLei";
    await expectRefused(
      await consoleCall(owner, "/users", { method: "POST", json: { email: "li.lei@bank.example", name, role: "viewer" } }),
      "name",
      "U+200D",
      3,
      name,
    );
    const email = "li\u2066.lei@bank.example";
    await expectRefused(await consoleCall(owner, "/users", { method: "POST", json: { email, role: "viewer" } }), "email", "U+2066", 3, email);
  });

  it("refuses a review note with a NUL or a bidirectional override, and keeps its line breaks", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const review = (note: string) =>
      consoleCall(analyst, "/checks/chk_none/results/reg_none/review", { method: "PUT", json: { decision: "confirmed", note } });
    await expectRefused(await review("line one\u0000"), "note", "U+0000", 9, "line one\u0000");
    await expectRefused(await review("paid \u202e0001 CNY"), "note", "U+202E", 6, "paid \u202e0001 CNY");
    // Line feeds, tabs and a CR LF pass the rule (then the unknown result is a 404, not a 400).
    await expectError(await review("first line\r\nsecond\tline"), 404, "NOT_FOUND");
  });
});
