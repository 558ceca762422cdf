/**
 * A number found only inside a printed range is worded as a range hit where the console shows the
 * system's decision (issue 37: "A number found only inside a printed range (43632615~43632933) is
 * exported as 'invoice number matches exactly'"): on the check page its strength says it lies within a
 * printed range, while a number printed on its own keeps "invoice number". The sandbox registration
 * 41328547000007612020 of the subject prints the range 43632615~43632933.
 */
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { consoleUser } from "./console-helpers";
import { body, call, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "上海示例供应链管理有限公司";
const RANGED = "41328547000007612020";
const INSIDE = "43632700";

/** A number printed on its own (not a range's end) in another registration's description. */
function printedAlone(): { certificateNumber: string; number: string } {
  for (const r of sandboxRegistry.listing(SUBJECT)) {
    if (r.certificateNumber === RANGED) continue;
    const alone = sandboxRegistry.invoiceMentionsOf(SUBJECT, r.certificateNumber).find((m) => m.source === "description" && !m.range);
    if (alone) return { certificateNumber: r.certificateNumber, number: alone.number };
  }
  throw new Error("no number printed on its own");
}

function strengthOf(html: string, certificateNumber: string): string | undefined {
  const row = html.split("<tr").find((part) => part.includes(`>${certificateNumber}</code>`));
  return row ? /<td data-field="strength"[^>]*>([^<]*)<\/td>/.exec(row)?.[1] : undefined;
}

describe("a range hit on the check page", () => {
  it("is worded as a number within a printed range, in either language; a number printed alone keeps its word", async () => {
    const range = sandboxRegistry.invoiceMentionsOf(SUBJECT, RANGED).find((m) => m.range)?.range;
    expect(range).toEqual({ start: "43632615", end: "43632933" });
    const alone = printedAlone();
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const res = await open("/checks", a.key, {
      method: "POST",
      headers: { "Idempotency-Key": idempotencyKey() },
      json: {
        applicant: SUBJECT,
        criteria: [
          { kind: "invoice_no", value: INSIDE },
          { kind: "invoice_no", value: alone.number },
        ],
      },
    });
    expect(res.status).toBe(202);
    const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
    await waitForQuery(check.sourceRegistryQueryId);
    await waitForCheck(check.id);

    const pageOf = async (lang: string) =>
      (await call(`/console/checks/${check.id}?pageSize=100`, { headers: { Cookie: `${analyst.cookie}; console-lang=${lang}` } })).text();
    const chinese = await pageOf("zh-CN");
    expect(strengthOf(chinese, RANGED)).toBe("发票号落在登记所载的号码区间内（该号码本身未单独列明）");
    expect(strengthOf(chinese, alone.certificateNumber)).toBe("发票号命中");
    const english = await pageOf("en");
    expect(strengthOf(english, RANGED)).toBe("Invoice number within a printed range (the number itself is not printed)");
    expect(strengthOf(english, alone.certificateNumber)).toBe("Invoice number");
  });
});
