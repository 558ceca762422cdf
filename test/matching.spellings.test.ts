/**
 * Invoice lists and keywords as the registry's certificates print them (issue 20, item 4): lists
 * separated by "/", "、", "，"; ranges "a-b", "a～b", "a—b", "a到b" and "No.a-No.b"; a range broken
 * across a line; variant characters in keywords (应收帐款 for 应收账款, traditional forms), with hit
 * offsets that are offsets in the text as printed.
 */
import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion } from "../worker/domain/matching";

/** The variant pairs the matcher folded by a hand-made table before OpenCC (issue 20): each still folds. */
const FORMER_VARIANTS = "帐帳賬貨據單轉讓發應債權擔證質務買賣價額貸銀資產動記號碼稅財購銷倉車運貿幣匯電協議約託餘項開廠設備裝";
const FORMER_STANDARDS = "账账账货据单转让发应债权担证质务买卖价额贷银资产动记号码税财购销仓车运贸币汇电协议约托余项开厂设备装";
const FORMER_PAIRS = [...FORMER_VARIANTS].map((variant, i) => [variant, FORMER_STANDARDS.charAt(i)] as const);

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

describe("invoice lists", () => {
  it.each([
    ["/", "发票号码为26238527-26238533/21767020/29099801-29099802。"],
    ["、", "发票号码为26238527-26238533、21767020、29099801-29099802。"],
    ["，", "发票号码为26238527-26238533，21767020，29099801-29099802。"],
  ])("separated by %j: every number and every range", (_, text) => {
    const found = hits([invoice("21767020"), invoice("26238530"), invoice("29099802"), invoice("26238534")], text);
    expect(found).toEqual([
      ["26238530", "range", text.slice(5, 22)],
      ["21767020", "exact", "21767020"],
      ["29099802", "exact", "29099802"],
    ]);
  });
});

describe("invoice ranges", () => {
  it.each([
    ["a-b", "发票号码00823456-00823499", "00823456-00823499"],
    ["a～b", "发票号码00823456～00823499", "00823456～00823499"],
    ["a—b", "发票号码00823456—00823499", "00823456—00823499"],
    ["a——b", "发票号码00823456——00823499", "00823456——00823499"],
    ["a到b", "发票号码00823456到00823499", "00823456到00823499"],
    ["a至b", "发票号码00823456至00823499", "00823456至00823499"],
    ["No.a-No.b", "发票No.00823456-No.00823499", "00823456-No.00823499"],
    ["No.a～No.b", "发票No.00823456～No.00823499", "00823456～No.00823499"],
    ["NO．a—NO．b", "发票NO．00823456—NO．00823499", "00823456—NO．00823499"],
    ["No:a至No:b", "发票No:00823456至No:00823499", "00823456至No:00823499"],
    ["No. a - No. b", "发票 No. 00823456 - No. 00823499", "00823456 - No. 00823499"],
    ["a-No.b", "发票号码00823456-No.00823499", "00823456-No.00823499"],
    ["a-\\nb (broken across a line)", "发票号码：07573825-\n07573827，金额", null],
    ["a\\n-b (broken before the dash)", "发票号码：07573825\n-07573827，金额", null],
  ])("%s contains a number between its ends", (_, text, span) => {
    const inside = text.includes("0757") ? "07573826" : "00823470";
    const found = hits([invoice(inside)], text);
    expect(found).toHaveLength(1);
    expect(found[0]?.[1]).toBe("range");
    if (span) expect(found[0]?.[2]).toBe(span);
    else expect(found[0]?.[2].replace(/\s/g, "")).toMatch(/^07573825-07573827$/);
  });

  it("a No. range's ends hit as themselves, numbers outside it do not", () => {
    const text = "发票No.00823456-No.00823499";
    expect(hits([invoice("00823456"), invoice("00823499"), invoice("00823500"), invoice("00823455")], text)).toEqual([
      ["00823456", "exact", "00823456"],
      ["00823499", "exact", "00823499"],
    ]);
  });

  it("a No. that is not before the range's second number makes no range", () => {
    expect(hits([invoice("00823470")], "发票00823456-Note 00823499")).toEqual([]);
    expect(hits([invoice("00823470")], "发票00823456-No.HT00823499")).toEqual([]);
  });
});

describe("keywords in variant characters", () => {
  it("应收账款 finds 应收帐款 and 應收賬款, and 应收帐款 finds 应收账款, offsets as printed", () => {
    const text = "转让标的：应收帐款；又称應收賬款、应收账款。";
    expect(hits([keyword("应收账款")], text)).toEqual([
      ["应收账款", "substring", "应收帐款"],
      ["应收账款", "substring", "應收賬款"],
      ["应收账款", "substring", "应收账款"],
    ]);
    expect(hits([keyword("应收帐款")], text).map((h) => h[2])).toEqual(["应收帐款", "應收賬款", "应收账款"]);
  });

  it.each(FORMER_PAIRS)("%s reads as %s, both ways", (variant, standard) => {
    const typed = `甲${standard}乙`;
    const printed = `前文 甲${variant}乙 后文`;
    expect(hits([keyword(typed)], printed)).toEqual([[typed, "substring", `甲${variant}乙`]]);
    expect(hits([keyword(`甲${variant}乙`)], `甲${standard}乙`)).toEqual([[`甲${variant}乙`, "substring", typed]]);
  });

  it("folds nothing else: 账 does not find 帖 or 贴", () => {
    expect(hits([keyword("账款")], "帖款 贴款")).toEqual([]);
  });
});
