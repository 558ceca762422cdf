/**
 * Invoice numbers in every form users write them (issue 29, item 4): one case per class of spelling, the
 * six the matcher already read and the six it missed (ordinal ranges, a range whose upper end gives only
 * its last digits, a code and a number in one table row, traditional characters, spaces inside a keyword,
 * marks that look like digits). Hit offsets are offsets in the text as printed.
 */
import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion } from "../worker/domain/matching";

const invoice = (value: string): Criterion => ({ id: value, kind: "invoice_no", value });
const keyword = (value: string): Criterion => ({ id: value, kind: "keyword", value });

/** Each hit as [criterion, via, the text it covers]. */
function hits(criteria: Criterion[], text: string): Array<[string, string, string]> {
  return compileCriteria(criteria)
    .scan(text)
    .map((h) => {
      expect(h.matched).toBe(text.slice(h.start, h.end));
      return [h.criterionId, h.via, h.matched];
    });
}

describe("forms the matcher read before", () => {
  it.each([
    ["after its label", "发票号码：12345678；", "12345678"],
    ["in 4-digit groups", "发票号码：1234 5678；", "1234 5678"],
    ["after No.", "No.12345678，No.87654321", "12345678"],
    ["after an invoice code", "发票代码3100222130 12345678", "12345678"],
  ])("%s", (_, text, printed) => {
    expect(hits([invoice("12345678")], text)).toEqual([["12345678", "exact", printed]]);
  });

  it("inside a written range, and in an abbreviated list", () => {
    expect(hits([invoice("12345605")], "发票号码12345601至12345609")).toEqual([["12345605", "range", "12345601至12345609"]]);
    expect(hits([invoice("07573826")], "发票号码07573825/26/27")).toEqual([["07573826", "list", "07573825/26"]]);
  });
});

describe("a range whose ends are wrapped as ordinals", () => {
  it.each([
    ["第12345601号至第12345609号", "12345601号至第12345609"],
    ["第12345601号-第12345609号", "12345601号-第12345609"],
    ["第 12345601 号 至 第 12345609 号", "12345601 号 至 第 12345609"],
    ["自第12345601号到第12345609号", "12345601号到第12345609"],
  ])("%s holds the numbers between its ends", (text, span) => {
    expect(hits([invoice("12345605"), invoice("12345610")], `发票${text}止`)).toEqual([["12345605", "range", span]]);
  });

  it("its ends hit as themselves; ends of different lengths make no range", () => {
    expect(hits([invoice("12345601"), invoice("12345609")], "第12345601号至第12345609号")).toEqual([
      ["12345601", "exact", "12345601"],
      ["12345609", "exact", "12345609"],
    ]);
    expect(hits([invoice("12345605")], "第12345601号至第1234560号")).toEqual([]);
  });
});

describe("a range whose upper end gives only the digits that change", () => {
  it.each([
    ["12345601-09", "12345601-09"],
    ["12345601至09", "12345601至09"],
    ["12345601～609", "12345601～609"],
    ["No.12345601-No.09", "12345601-No.09"],
    ["第12345601号至09号", "12345601号至09"],
  ])("%s holds the numbers up to its shortened end", (text, span) => {
    expect(hits([invoice("12345605"), invoice("12345609"), invoice("12345610"), invoice("12345600")], `发票号码${text}。`)).toEqual([
      ["12345605", "range", span],
      ["12345609", "range", span],
    ]);
  });

  it("is no range when the shortened end is not above the first (a copy number, a date's day)", () => {
    expect(hits([invoice("12345605")], "合同12345678-1份")).toEqual([]);
    expect(hits([invoice("12345605")], "发票号码12345609-05")).toEqual([]);
    expect(hits([invoice("201905")], "2019-05")).toEqual([]);
  });
});

describe("a table row with a code column and a number column", () => {
  it.each([
    ["a tab", "1\t3100222130\t12345678\t2019-03-21"],
    ["a wide gap", "1    3100222130      12345678     1,000.00"],
    ["a tab, the code in 4-digit groups", "0440 3190 0111\t1234 5678"],
    ["a wide gap, both in 4-digit groups", "0440 3190 0111      1234 5678"],
  ])("separated by %s: the number hits alone", (_, text) => {
    const found = hits([invoice("12345678"), invoice("31002221301234"), invoice("04403190011112345678")], text);
    expect(found.map(([id]) => id)).toEqual(["12345678"]);
    expect(found[0]![2].replace(/\s/g, "")).toBe("12345678");
  });

  it("still joins a number printed in 4-digit groups with single spaces", () => {
    expect(hits([invoice("04403190011112345678")], "电子发票号码 0440 3190 0111 1234 5678")).toEqual([
      ["04403190011112345678", "exact", "0440 3190 0111 1234 5678"],
    ]);
  });
});

describe("traditional and simplified characters (OpenCC)", () => {
  it.each([
    ["优先受偿权", "本質押權享有優先受償權。", "優先受償權"],
    ["应收账款转让登记", "應收賬款轉讓登記", "應收賬款轉讓登記"],
    ["应收账款", "应收帐款", "应收帐款"],
    ["應收賬款轉讓", "应收账款转让通知书", "应收账款转让"],
    ["保理融资", "保理融資業務", "保理融資"],
    ["债权让与通知书", "債權讓與通知書", "債權讓與通知書"],
    ["动产担保统一登记", "動產擔保統一登記", "動產擔保統一登記"],
    ["融资租赁", "融資租賃合同", "融資租賃"],
  ])("%s finds %s", (typed, text, printed) => {
    expect(hits([keyword(typed)], text)).toEqual([[typed, "substring", printed]]);
  });

  it("keeps offsets in the text as printed around traditional characters", () => {
    const text = "買賣合同項下之應收賬款，發票號碼：12345678。";
    const found = compileCriteria([keyword("发票号码"), invoice("12345678")]).scan(text);
    expect(found.map((h) => [h.start, h.end])).toEqual([
      [text.indexOf("發票"), text.indexOf("發票") + 4],
      [text.indexOf("12345678"), text.indexOf("12345678") + 8],
    ]);
  });
});

describe("white space inside a keyword", () => {
  it.each([
    ["应收 账款", "应收账款质押"],
    ["应收账款", "应 收 账 款"],
    ["应收账款", "应收\u3000账款"],
    ["应收账款", "应收\u00a0账\u200b款"],
    ["应收账款", "应收\n账款"],
    ["Invoice No", "INVOICENO.1"],
  ])("%j finds %j", (typed, text) => {
    expect(hits([keyword(typed)], text)).toHaveLength(1);
  });
});

describe("marks that look like digits", () => {
  it("a circled or superscript number before an invoice number is a mark, not a digit of it", () => {
    expect(hits([invoice("12345678")], "①12345678；②87654321")).toEqual([["12345678", "exact", "12345678"]]);
    expect(hits([invoice("12345678")], "发票¹12345678")).toEqual([["12345678", "exact", "12345678"]]);
  });
});
