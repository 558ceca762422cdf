/**
 * The invoice-number rule is written once (worker/schemas/invoice-number.ts) and three readers agree on it
 * for every character: the OpenAPI pattern a client validates with, the server's check of a new criterion
 * (the door's text rule, then invoiceDigits) and the matcher, which reads the same value as a number (an
 * exact hit on its digits).
 */
import { describe, expect, it } from "vitest";
import { compileCriteria } from "../worker/domain/matching";
import { invoiceDigits } from "../worker/domain/criteria";
import { INVOICE_NO_PATTERN } from "../worker/schemas/invoice-number";
import { canonicalText, firstHiddenCharacter } from "../worker/schemas/text";
import { call } from "./helpers";

const pattern = new RegExp(INVOICE_NO_PATTERN, "u");

/** The digits the server admits for a criterion typed at a door: the text rule (trim, NFC, no hidden character), then the invoice rule. */
function admittedDigits(value: string): string | null {
  const text = canonicalText(value, "line");
  return firstHiddenCharacter(text, "line") === null ? invoiceDigits(text) : null;
}

/** Whether the matcher reads `value` as the number 1234567 followed by one digit (an exact token hit). */
function matcherReadsNumber(value: string): boolean {
  const digits = invoiceDigits(value);
  if (digits === null) return false;
  return compileCriteria([{ id: "c", kind: "invoice_no", value }]).scan(`发票号码：${digits}。`)[0]?.via === "exact";
}

describe("the invoice-number rule", () => {
  it("is the pattern the OpenAPI document serves", async () => {
    const doc = (await (await call("/api/open/v1/openapi.json")).json()) as {
      components: { schemas: { CriterionInput: { oneOf: Array<{ title: string; properties: { value: { pattern?: string } } }> } } };
    };
    const branch = doc.components.schemas.CriterionInput.oneOf.find((b) => b.title === "Invoice number");
    expect(branch?.properties.value.pattern).toBe(INVOICE_NO_PATTERN);
  });

  it("admits the same values in the pattern, the server and the matcher, for every character of the BMP", () => {
    const disagreements: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      for (const value of [`1234567${ch}`, `1234${ch}5678`]) {
        const byPattern = pattern.test(value);
        const byServer = admittedDigits(value) !== null;
        if (byPattern !== byServer || (byServer && !matcherReadsNumber(value))) disagreements.push(`U+${c.toString(16)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each([
    ["11050292", "11050292"],
    [" 1105 0292 ", "11050292"],
    ["１１０５０２９２", "11050292"],
    ["\t1105\u20000292\r\n", "11050292"],
    // A zero-width space inside is refused at the door (the fold would skip it in a document's text).
    ["1105\u200b0292", null],
    ["12345", null],
    ["123456789012345678901", null],
    ["1105-0292", null],
    ["No.11050292", null],
    ["①1050292", null],
    ["¹1050292", null],
  ])("%j is %j", (value, digits) => {
    expect(admittedDigits(value)).toBe(digits);
    expect(pattern.test(value)).toBe(digits !== null);
  });
});
