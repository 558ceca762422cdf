import { describe, expect, it } from "vitest";
import { compileCriteria, normalizeValue, snippetAround, type Criterion } from "../worker/domain/matching";

const keyword = (value: string, id = value): Criterion => ({ id, kind: "keyword", value });

describe("keywords", () => {
  it.each([
    ["Invoice", "see INVOICE 1", "INVOICE"],
    ["invoice", "see InVoIcE", "InVoIcE"],
    ["ABC有限公司", "甲方：ＡＢＣ有限公司", "ＡＢＣ有限公司"],
    ["abc有限公司", "甲方：Ａｂｃ 有限\n公司。", "Ａｂｃ 有限\n公司"],
    ["应收 账款", "的应收账款", "应收账款"],
    ["应收账款", "的应 收\r\n账　款转让", "应 收\r\n账　款"],
    ["合同：A-1", "合同:Ａ－１号", "合同:Ａ－１"],
  ])("%j in %j", (value, text, matched) => {
    const hits = compileCriteria([keyword(value, "k")]).scan(text);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ criterionId: "k", termKind: "keyword", via: "substring", matched });
    expect(text.slice(hits[0]?.start, hits[0]?.end)).toBe(matched);
  });

  it.each([
    ["应收账款", "应收，账款"],
    ["abc", "ab-c"],
  ])("%j is not in %j", (value, text) => {
    expect(compileCriteria([keyword(value)]).scan(text)).toEqual([]);
  });

  it("keeps offsets exact after surrogate pairs", () => {
    const text = "😀😀 应收账款 and 01492921 🎉";
    const hits = compileCriteria([keyword("应收账款", "k"), { id: "n", kind: "invoice_no", value: "01492921" }]).scan(text);
    expect(hits.map((h) => [h.criterionId, h.start, h.end])).toEqual([
      ["k", 5, 9],
      ["n", 14, 22],
    ]);
    for (const h of hits) expect(text.slice(h.start, h.end)).toBe(h.matched);
  });

  it("matches a keyword containing an emoji", () => {
    const text = "a 😀 b";
    const hits = compileCriteria([keyword("😀b", "e")]).scan(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(["😀 b"]);
  });

  it("reports overlapping hits of different criteria and each criterion once per span", () => {
    const criteria = [keyword("应收账款", "a"), keyword("账款", "b"), keyword("应收 账款", "a"), keyword("款转", "c")];
    const hits = compileCriteria(criteria).scan("应收账款转让");
    expect(hits.map((h) => [h.criterionId, h.start, h.end])).toEqual([
      ["a", 0, 4],
      ["b", 2, 4],
      ["c", 3, 5],
    ]);
  });

  it("keyword criteria with digits match anywhere, without token boundaries", () => {
    expect(
      compileCriteria([keyword("1492")])
        .scan("01492921")
        .map((h) => h.matched),
    ).toEqual(["1492"]);
  });

  it("finds repeated and self-overlapping occurrences", () => {
    expect(
      compileCriteria([keyword("aa")])
        .scan("aAａ")
        .map((h) => [h.start, h.end]),
    ).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it("sorts hits by start, then end, also when long keywords end after many short ones inside them", () => {
    // Hits are found at their last unit: each "a"×60 hit starts before the 59 "a" hits found
    // before it, far more out of order than the insertion sort is allowed to fix.
    const text = "a".repeat(3000) + " 应收账款 " + "a".repeat(3000);
    const hits = compileCriteria([keyword("a", "short"), keyword("a".repeat(60), "long"), keyword("应收账款", "kw")]).scan(text);
    const spans = hits.map((h) => [h.start, h.end] as const);
    const sorted = [...spans].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    expect(spans).toEqual(sorted);
    expect(hits.filter((h) => h.criterionId === "short")).toHaveLength(6000);
    expect(hits.filter((h) => h.criterionId === "long")).toHaveLength(2 * (3000 - 59));
    expect(hits.filter((h) => h.criterionId === "kw").map((h) => h.start)).toEqual([3001]);
  });

  it("ignores criteria that are only whitespace", () => {
    const m = compileCriteria([keyword(" 　\n", "blank"), keyword("x")]);
    expect(m.ignored).toEqual(["blank"]);
    expect(m.scan("x  y").map((h) => h.criterionId)).toEqual(["x"]);
  });

  it("handles empty inputs and is reusable across texts", () => {
    expect(compileCriteria([]).scan("abc")).toEqual([]);
    const m = compileCriteria([keyword("ab")]);
    expect(m.scan("")).toEqual([]);
    expect(m.scan("xab").map((h) => h.start)).toEqual([1]);
    expect(m.scan("ab").map((h) => h.start)).toEqual([0]);
  });

  it("folds criteria and text the same way", () => {
    expect(normalizeValue("ＡＢ　ｃ：０１—２〜３")).toBe("abc:01-2~3");
  });
});

describe("100 criteria at once", () => {
  it("finds every one with exact offsets", () => {
    const numbers = Array.from({ length: 90 }, (_, i) => String(10000000 + i * 7919).padStart(8, "0"));
    const words = Array.from({ length: 10 }, (_, i) => `关键词${String.fromCharCode(0x4e00 + i)}`);
    const criteria: Criterion[] = [
      ...numbers.map((value, i) => ({ id: `n${i}`, kind: "invoice_no" as const, value })),
      ...words.map((value, i) => ({ id: `k${i}`, kind: "keyword" as const, value })),
    ];
    const forms = [
      (n: string) => `发票号码：${n}`,
      (n: string) => `No.${n}`,
      (n: string) => `${n.slice(0, 4)} ${n.slice(4)}`,
      (n: string) => `3100222130 ${n}`,
    ];
    let text = "😀";
    const expected: [string, string][] = [];
    numbers.forEach((n, i) => {
      const written = forms[i % forms.length]?.(n) ?? n;
      text += `${written}，财产描述😀\n`;
      expected.push([`n${i}`, i % forms.length === 2 ? `${n.slice(0, 4)} ${n.slice(4)}` : n]);
    });
    words.forEach((w, i) => {
      text += `见${w}。`;
      expected.push([`k${i}`, w]);
    });
    const hits = compileCriteria(criteria).scan(text);
    expect(hits.map((h) => [h.criterionId, text.slice(h.start, h.end)])).toEqual(expected);
  });
});

describe("snippetAround", () => {
  it("returns exact highlight offsets and keeps characters as they are", () => {
    const text = "第一行\n发票号码：01492921\n第三行";
    const start = text.indexOf("0149");
    const s = snippetAround(text, start, start + 8, 6);
    // White space at the window's edges is left out; inside it, the line break stays.
    expect(s.snippet).toBe("发票号码：01492921\n第三行");
    expect(s.snippet.slice(s.highlightStart, s.highlightEnd)).toBe("01492921");
    expect(s.offset + s.highlightStart).toBe(start);
  });

  it("stops at a barrier (page furniture) on either side", () => {
    const text = "页眉 第1页\n发票号码：01492921；\n中征动产融资登记服务有限责任公司 第 1 页 共 1 页";
    const start = text.indexOf("0149");
    const header = { start: 0, end: text.indexOf("\n") };
    const footer = { start: text.lastIndexOf("\n") + 1, end: text.length };
    const s = snippetAround(text, start, start + 8, 30, [header, footer]);
    expect(s.snippet).toBe("发票号码：01492921；");
    expect(s.snippet.slice(s.highlightStart, s.highlightEnd)).toBe("01492921");
    expect(s.offset + s.highlightStart).toBe(start);
  });

  it("clamps at the edges of the text", () => {
    expect(snippetAround("abc", 0, 3)).toEqual({ snippet: "abc", offset: 0, highlightStart: 0, highlightEnd: 3 });
  });

  it("never splits a surrogate pair at either edge", () => {
    const text = "😀xx01492921yy😀";
    const s = snippetAround(text, 4, 12, 3);
    expect(s.snippet).toBe("😀xx01492921yy😀");
    expect(s.snippet.slice(s.highlightStart, s.highlightEnd)).toBe("01492921");
  });

  it("rejects offsets outside the text", () => {
    expect(() => snippetAround("abc", 2, 4)).toThrow(RangeError);
    expect(() => snippetAround("abc", 2, 1)).toThrow(RangeError);
  });
});
