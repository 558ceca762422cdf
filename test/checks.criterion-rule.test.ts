/**
 * The invoice rule is the contract's (issue 39, item 4): CreateCheckBody itself refuses an invoice_no value
 * that is not 6 to 20 digits, with the field error the route used to write by hand, so that the schema that
 * validates, types and documents the request is the one rule.
 */
import { describe, expect, it } from "vitest";
import { CreateCheckBody } from "../worker/schemas/check";
import { INVOICE_DIGITS } from "../worker/schemas/invoice-number";
import { toFieldErrors } from "../worker/validation";

const body = (criteria: Array<{ kind: "invoice_no" | "keyword"; value: string }>) => ({ applicant: "上海示例供应链管理有限公司", criteria });

describe("the invoice rule in the request's schema", () => {
  it.each(["12AB", "12345", "123456789012345678901", "１２３４５"])("refuses the invoice number %j as INVALID_FORMAT at its value", (value) => {
    const parsed = CreateCheckBody.safeParse(
      body([
        { kind: "keyword", value: "应收账款" },
        { kind: "invoice_no", value },
      ]),
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(toFieldErrors(parsed.error)).toEqual([
      { path: "criteria[1].value", code: "INVALID_FORMAT", message: `An invoice number is ${INVOICE_DIGITS.min} to ${INVOICE_DIGITS.max} digits.` },
    ]);
  });

  it.each(["123456", "0149 2921", "１２３４５６７８", "24442000000001492921"])("admits the invoice number %j", (value) => {
    expect(CreateCheckBody.safeParse(body([{ kind: "invoice_no", value }])).success).toBe(true);
  });

  it("leaves a keyword of any characters to the keyword's rule", () => {
    expect(CreateCheckBody.safeParse(body([{ kind: "keyword", value: "12AB" }])).success).toBe(true);
  });
});
