/**
 * The console's words (console-api.md, Pages: "no page shows an error code or an English reason on a
 * Chinese page"; "A form that creates a task carries its Idempotency-Key from the moment the page was
 * drawn"): a failed query says why in the page's language from the one vocabulary, never
 * `SOURCE_UNAVAILABLE: The registry could not…`; the forms that start tasks are drawn with their key;
 * the words the forms' script shows a refused entry with are the page's.
 */
import { describe, expect, it } from "vitest";
import { vocabulary } from "../worker/schemas/vocabulary-words";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { body, call, idempotencyKey, waitForQuery, newAccount } from "./helpers";

function page(s: ConsoleSession, path: string, lang?: string): Promise<Response> {
  return call(path, { headers: { Cookie: [s.cookie, lang ? `console-lang=${lang}` : ""].filter(Boolean).join("; ") } });
}

/** The words a page hands its scripts, by key. */
function scriptWords(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<li data-key="([^"]+)">([^<]*)<\/li>/g)].map((m) => [m[1]!, m[2]!]));
}

describe("the console's words", () => {
  it("say why a query failed in the page's language, without its code or the API's English", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const res = await consoleCall(analyst, "/queries", {
      method: "POST",
      json: { subjectNames: ["不可用示例贸易有限公司"] },
      headers: { "Idempotency-Key": idempotencyKey() },
    });
    expect(res.status).toBe(202);
    const { queries } = await body<{ queries: Array<{ id: string }> }>(res);
    await waitForQuery(queries[0]!.id);
    const query = await body<{ failure?: { code: string; message: string } }>(await consoleCall(analyst, `/queries/${queries[0]!.id}`));
    expect(query.failure?.code).toBe("SOURCE_UNAVAILABLE");

    const chinese = await (await page(analyst, `/console/queries/${queries[0]!.id}`)).text();
    const failure = /<p id="query-failure"[^>]*>([^<]*)<\/p>/.exec(chinese)?.[1];
    expect(failure).toBe(vocabulary("zh-CN").failure.SOURCE_UNAVAILABLE);
    expect(chinese).not.toContain(query.failure!.message);
    expect(chinese).not.toMatch(/>[^<]*SOURCE_UNAVAILABLE/);
    const english = await (await page(analyst, `/console/queries/${queries[0]!.id}`, "en")).text();
    expect(/<p id="query-failure"[^>]*>([^<]*)<\/p>/.exec(english)?.[1]).toBe(vocabulary("en").failure.SOURCE_UNAVAILABLE);
  });

  it("draw each task form with its own Idempotency-Key, and hand its script the words for a refused entry, no code", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const keyOf = (html: string, form: string) => new RegExp(`<form id="${form}"[^>]*data-idempotency-key="([0-9a-f-]{36})"`).exec(html)?.[1];
    const first = await (await page(analyst, "/console/queries")).text();
    const second = await (await page(analyst, "/console/queries")).text();
    expect(keyOf(first, "query-create-form")).toBeDefined();
    expect(keyOf(first, "query-create-form")).not.toBe(keyOf(second, "query-create-form"));

    const words = scriptWords(first);
    expect(words.get("line.entry")).toBe("{list}第 {n} 条“{value}”：{reason}");
    expect(words.get("reason.invoices.any")).toContain("6 到 20 位数字");
    expect(words.get("reason.keywords.OUT_OF_RANGE")).toContain("200");
    expect(words.get("reason.subjects.OUT_OF_RANGE")).toContain("100");
    for (const [key, text] of words) {
      expect(text, key).not.toContain("{code}");
      // No English on the Chinese page, placeholders aside.
      expect(text.replace(/\{\w+\}/g, ""), key).not.toMatch(/[A-Za-z]{4,}/);
    }
  });
});
