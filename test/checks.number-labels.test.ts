/**
 * A number the text names as a contract's, an order's, an account's or a certificate's is never invoice
 * evidence (issue 29, item 4): found by an invoice_no criterion, it makes at most a keyword_only
 * candidate, which carries no system decision (queues/check/results.ts gives one to invoice_match only).
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { namedOtherThanInvoice } from "../worker/domain/matching";

function attachment(text: string): SearchableDocument {
  return {
    id: "doc_list",
    kind: "attachment",
    fileName: "清单.pdf",
    mimeType: "application/pdf",
    sha256: "d".repeat(64),
    textStatus: "extracted",
    pages: [text],
    readings: [],
  };
}

const decide = (values: string[], text: string) =>
  decideRegistration(compile(values.map((value, i) => ({ id: `crt_${i}`, kind: "invoice_no" as const, value }))), {
    registrationId: "reg_1",
    certificateNumber: "x",
    parseStatus: "completed",
    certificate: null,
    documents: [attachment(text)],
    attachmentsComplete: true,
  });

describe("numbers named as something else", () => {
  it.each([
    ["a contract number", "主合同编号：12345678，金额100万元。", "12345678"],
    ["a contract number, no colon", "根据合同号12345678项下的应收账款", "12345678"],
    ["an order number", "订单号 12345678", "12345678"],
    ["an account number", "收款账号：123456789012", "123456789012"],
    ["a certificate number", "登记证明编号：12345678901234567890", "12345678901234567890"],
    ["a contract number in traditional characters", "合同編號：12345678", "12345678"],
    ["a contract number wrapped over a line", "合同编\n号：12345678", "12345678"],
    ["the second of a contract's numbers", "合同编号12345678、123456789012", "123456789012"],
  ])("%s is a keyword_only candidate, not an invoice match", (_, text, number) => {
    const decision = decide([number], text);
    expect(decision.matchStatus).toBe("matched");
    expect(decision.strength).toBe("keyword_only");
    expect(decision.evidence[0]).toMatchObject({ termKind: "invoice_no", termValue: number });
  });

  it.each([
    ["after its invoice label", "发票号码：12345678"],
    ["after an invoice label that follows a contract's", "合同编号：HT-2024-001，发票号码：12345678"],
    ["in a new sentence after a contract number", "合同编号：HT001；12345678"],
    ["with no label at all", "应收账款对应 12345678"],
    ["after an e-invoice label", "电子发票号码 12345678"],
  ])("an invoice number %s is an invoice match", (_, text) => {
    expect(decide(["12345678"], text).strength).toBe("invoice_match");
  });

  it("is an invoice match when another criterion's hit shows an invoice", () => {
    const decision = decide(["12345678", "87654321"], "合同编号：12345678；发票号码：87654321");
    expect(decision.strength).toBe("invoice_match");
    expect(decision.matchedCriterionIds).toEqual(["crt_0", "crt_1"]);
  });

  it("reads the label nearest before the number", () => {
    const text = "发票号码12345678，合同编号12345679";
    expect(namedOtherThanInvoice(text, text.indexOf("12345678"))).toBe(false);
    expect(namedOtherThanInvoice(text, text.indexOf("12345679"))).toBe(true);
  });
});
