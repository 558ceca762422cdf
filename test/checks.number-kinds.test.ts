/**
 * Every number is classified by what the text says it is before it is evidence (issue 39, item 2): an
 * invoice criterion's digits printed as an amount, an invoice code, a date, a phone number … make at most a
 * keyword_only candidate; only a number the text calls an invoice number, or one nothing names that has no
 * other kind's shape (a mobile number), is an invoice_match; the system decides (invoice_exact_match)
 * only on a number the text calls an invoice number. And ranges and grouped numbers in the forms people
 * write them: start and end on labels of their own, groups joined by a hyphen.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { compileCriteria } from "../worker/domain/matching";

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

describe("numbers the text calls something else than an invoice number", () => {
  it.each([
    ["an amount labelled and in yuan (the issue's false system decision)", "应收账款金额 12345678 元", "12345678"],
    ["an amount in yuan, no label", "转让价款为12345678元整", "12345678"],
    ["an amount with decimals", "价税合计：12345678.00", "12345678"],
    ["an amount after a currency sign", "合同约定 ¥12345678", "12345678"],
    ["an amount in ten thousands", "融资额度 12345678 万元", "12345678"],
    ["an amount after its label", "总额：12345678", "12345678"],
    ["an invoice code", "发票代码：4403190011", "4403190011"],
    ["a date", "开票日期：20190321", "20190321"],
    ["a phone number", "联系电话：13812345678", "13812345678"],
    ["a fax number", "传真 02112345678", "02112345678"],
    ["a bank card", "收款卡号 6222021234567890", "6222021234567890"],
    ["an unlabelled mobile phone number", "应收账款对应 13812345678", "13812345678"],
  ])("%s is a keyword_only candidate, no system decision", (_, text, number) => {
    const decision = decide([number], text);
    expect(decision.matchStatus).toBe("matched");
    expect(decision.strength).toBe("keyword_only");
    expect(decision.systemDecides).toBe(false);
  });

  it.each([
    ["after its invoice label", "发票号码：12345678"],
    ["after No.", "No.12345678，No.87654321"],
    ["in an invoice list", "发票号码：87654321、12345678、11112222"],
    ["after an amount that had its own value", "金额100元，发票号码12345678"],
    ["a 20-digit e-invoice after its label", "数电发票号码：25442000000001234567"],
  ])("an invoice number %s is an invoice match the system decides", (_, text) => {
    const number = text.includes("2544") ? "25442000000001234567" : "12345678";
    const decision = decide([number], text);
    expect(decision.strength).toBe("invoice_match");
    expect(decision.systemDecides).toBe(true);
  });

  it.each([
    ["with no label at all", "应收账款对应 12345678"],
    ["under a table's header row", "发票代码 发票号码 金额（元）\n4403190011 12345678 1,000.00"],
    ["after an amount's own value", "金额：100，12345678"],
  ])("an unlabelled number of invoice shape %s is an invoice match, without a system decision", (_, text) => {
    const decision = decide(["12345678"], text);
    expect(decision.strength).toBe("invoice_match");
    expect(decision.systemDecides).toBe(false);
  });

  it("a system decision needs one hit the text calls an invoice number", () => {
    const decision = decide(["12345678", "87654321"], "金额 12345678 元；发票号码：87654321");
    expect(decision.strength).toBe("invoice_match");
    expect(decision.systemDecides).toBe(true);
    expect(decide(["12345678", "87654321"], "金额 12345678 元；对应 87654321").systemDecides).toBe(false);
  });
});

const invoice = (value: string) => ({ id: value, kind: "invoice_no" as const, value });
const found = (values: string[], text: string) =>
  compileCriteria(values.map(invoice))
    .scan(text)
    .map((h) => [h.criterionId, h.via, h.matched]);

describe("ranges with their ends on labels of their own", () => {
  it.each([
    ["起始号码 … 终止号码 …", "发票起始号码：00823456，终止号码：00823499", "00823456，终止号码：00823499"],
    ["起始发票号码 … 截止发票号码 …", "起始发票号码00823456 截止发票号码00823499", "00823456 截止发票号码00823499"],
    ["起 … 止 …", "发票号码起 00823456 止 00823499", "00823456 止 00823499"],
    ["起：… 止：…", "起：No.00823456 止：No.00823499", "00823456 止：No.00823499"],
    ["自 … 起至 … 止", "自00823456起至00823499止", "00823456起至00823499"],
    ["… 号起至 … 号止", "第00823456号起至第00823499号止", "00823456号起至第00823499"],
  ])("%s contains a number between its ends", (_, text, span) => {
    expect(found(["00823470"], text)).toEqual([["00823470", "range", span]]);
  });

  it("the ends hit as themselves, numbers outside do not, reversed ends make no range", () => {
    const text = "起始号码：00823456，终止号码：00823499";
    expect(found(["00823456", "00823499", "00823500", "00823455"], text)).toEqual([
      ["00823456", "exact", "00823456"],
      ["00823499", "exact", "00823499"],
    ]);
    expect(found(["00823470"], "起始号码：00823499，终止号码：00823456")).toEqual([]);
    expect(found(["00823470"], "起始号码：00823456。终止号码：00823499")).toEqual([]);
  });

  it("a range on labels is an invoice match the system decides when they name invoice numbers", () => {
    expect(decide(["00823470"], "发票起始号码：00823456，终止号码：00823499").systemDecides).toBe(true);
    expect(decide(["00823470"], "合同编号起 00823456 止 00823499").strength).toBe("keyword_only");
  });
});

describe("numbers in groups joined by a hyphen", () => {
  it.each([
    ["two groups of four", "发票号码：0149-2921", "01492921", "0149-2921"],
    ["twenty digits in groups of four", "发票号码 2444-2000-0000-0149-2921", "24442000000001492921", "2444-2000-0000-0149-2921"],
    ["twenty digits in two groups", "发票号码254420000000-01492921", "25442000000001492921", "254420000000-01492921"],
  ])("%s hit exactly", (_, text, number, span) => {
    expect(found([number], text)).toEqual([[number, "exact", span]]);
  });

  it.each([
    ["a part of the groups", "0149-2921-3", "01492921"],
    ["groups of three", "014-929-21", "01492921"],
    ["a date", "2019-03-21", "20190321"],
  ])("%s is no grouped number", (_, text, number) => {
    expect(found([number], text)).toEqual([]);
  });

  it("two 8-digit numbers joined by a hyphen stay a range, and grouped range ends too", () => {
    expect(found(["00823470"], "00823456-00823499")).toEqual([["00823470", "range", "00823456-00823499"]]);
    expect(found(["00123470"], "0012 3456-0012 3499")).toEqual([["00123470", "range", "0012 3456-0012 3499"]]);
  });
});
