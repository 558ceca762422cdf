import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion, type Hit } from "../worker/domain/matching";
import { asRecord } from "./matching.reference";

const invoice = (value: string, id = value): Criterion => ({ id, kind: "invoice_no", value });
const scan = (criteria: Criterion[], text: string): Hit[] => compileCriteria(criteria).scan(text).map(asRecord);
const spans = (criteria: Criterion[], text: string) =>
  scan(criteria, text).map((h) => ({ id: h.criterionId, via: h.via, text: text.slice(h.start, h.end) }));

describe("invoice numbers: exact tokens", () => {
  it.each([
    ["发票号码：01492921", "01492921"],
    ["No.01492921", "01492921"],
    ["NO．01492921号", "01492921"],
    ["发票代码 3100222130 01492921", "01492921"],
    ["发票代码:3100222130号码:01492921", "01492921"],
    ["031002200111号码01492921", "01492921"],
    ["031002200111\n01492921", "01492921"],
    ["0149 2921", "0149 2921"],
    ["0149\n2921", "0149\n2921"],
    ["１２３4 01492921", "01492921"],
    ["０１４９２９２１", "０１４９２９２１"],
    ["０１４９　２９２１。", "０１４９　２９２１"],
    ["HT01492921", "01492921"],
  ])("%j hits as %j", (text, matched) => {
    const hits = scan([invoice("01492921", "a")], text);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ criterionId: "a", termKind: "invoice_no", via: "exact", matched });
    expect(text.slice(hits[0]?.start, hits[0]?.end)).toBe(matched);
  });

  it("finds every number of a list separated by 、，；", () => {
    const text = "No.01492921，No.08897420、12345678；87654321";
    const found = spans(
      ["01492921", "08897420", "12345678", "87654321"].map((v) => invoice(v)),
      text,
    );
    expect(found.map((f) => f.text)).toEqual(["01492921", "08897420", "12345678", "87654321"]);
  });

  it("matches 20-digit fully digital invoice numbers, plain or in 4-digit groups", () => {
    const c = [invoice("24442000000000123456", "t")];
    expect(spans(c, "发票号码：24442000000000123456")).toEqual([{ id: "t", via: "exact", text: "24442000000000123456" }]);
    expect(spans(c, "2444 2000 0000 0012 3456 元")).toEqual([{ id: "t", via: "exact", text: "2444 2000 0000 0012 3456" }]);
  });

  it("normalises the criterion value too", () => {
    expect(spans([invoice("０１４９ ２９２１", "a")], "x01492921")).toEqual([{ id: "a", via: "exact", text: "01492921" }]);
  });
});

describe("invoice numbers: no hit inside other numbers", () => {
  it.each([
    ["inside a longer run", "310022213001492921"],
    ["followed by a digit", "014929210"],
    ["preceded by a digit", "101492921"],
    ["tail of a 20-digit number", "24442000000001492921"],
    ["head of a 20-digit number", "01492921000000000000"],
    ["tail of a grouped 20-digit number", "2444 2000 0000 0149 2921"],
    ["a chunk longer than 4 after a group", "0149 29211"],
    ["groups that are not 4 digits", "01 492921"],
    ["groups of 3", "014 929 21"],
    ["leading zero missing", "1492921"],
  ])("%s: %j", (_, text) => {
    expect(scan([invoice("01492921")], text)).toEqual([]);
  });

  it("keeps leading zeros significant", () => {
    expect(scan([invoice("1492921")], "01492921")).toEqual([]);
  });

  it("does not let a longer first group join the next", () => {
    expect(spans([invoice("01492921"), invoice("29211234")], "0149 29211234")).toEqual([{ id: "29211234", via: "exact", text: "29211234" }]);
  });
});

describe("invoice numbers: written ranges", () => {
  it.each(["-", "至", "～", "~", "到", "—", "－", "〜", " 至 ", " - ", "--"])("range with %j", (sep) => {
    const text = `发票号码 00123456${sep}00123499 共44张`;
    expect(spans([invoice("00123470", "r")], text)).toEqual([{ id: "r", via: "range", text: `00123456${sep}00123499` }]);
  });

  it("accepts ends written in 4-digit groups or full width", () => {
    expect(spans([invoice("00123470", "r")], "0012 3456-0012 3499")).toEqual([{ id: "r", via: "range", text: "0012 3456-0012 3499" }]);
    expect(spans([invoice("00123470", "r")], "００１２３４５６～００１２３４９９")[0]?.via).toBe("range");
  });

  it("reports the ends as exact hits, not range hits", () => {
    const text = "00123456-00123499";
    expect(spans([invoice("00123456", "lo"), invoice("00123499", "hi")], text)).toEqual([
      { id: "lo", via: "exact", text: "00123456" },
      { id: "hi", via: "exact", text: "00123499" },
    ]);
  });

  it("reports all criteria inside one range", () => {
    const hits = scan([invoice("00123460", "a"), invoice("00123470", "b"), invoice("00123500", "out")], "00123456至00123499");
    expect(hits.map((h) => h.criterionId)).toEqual(["a", "b"]);
  });

  it.each([
    ["a shorter end below the start (it gives the last digits: 00123400)", "00123456-123400"],
    ["start shorter than the end", "0123456-00123499"],
    ["reversed", "00123499-00123456"],
    ["no separator, only a space", "00123456 00123499"],
    ["a comma between", "00123456，00123499"],
    ["a word between", "00123456和00123499"],
    ["separator not followed by a number", "00123456-至今"],
  ])("no range hit: %s", (_, text) => {
    expect(scan([invoice("00123470")], text).filter((h) => h.via === "range")).toEqual([]);
  });

  it("breaks a range on a character that belongs to another criterion", () => {
    const criteria = [invoice("00123470", "r"), { id: "k", kind: "keyword" as const, value: "a" }];
    expect(spans(criteria, "00123456-a00123499")).toEqual([{ id: "k", via: "substring", text: "a" }]);
    expect(spans(criteria, "00123456a-00123499")).toEqual([{ id: "k", via: "substring", text: "a" }]);
  });

  it("only compares criteria of the ends' length", () => {
    expect(scan([invoice("0012347")], "00123456-00123499")).toEqual([]);
  });

  it("finds the criteria strictly inside a range at every length up to 15 digits, next to the leading-digit buckets' edges", () => {
    for (let len = 1; len <= 15; len++) {
      // Numbers of `len` digits around the edge between two values of their leading 3 digits.
      const edge = 10n ** BigInt(Math.max(0, len - 3)) * BigInt(len === 1 ? 5 : Math.min(10 ** len - 1, 457));
      const number = (offset: bigint) => (edge + offset).toString().padStart(len, "0");
      const values = [-2n, -1n, 0n, 1n, 2n].filter((d) => edge + d >= 0n && (edge + d).toString().length <= len);
      const criteria = values.map((d) => invoice(number(d), `v${d}`));
      const low = values[0] as bigint;
      const high = values.at(-1) as bigint;
      const inside = values.filter((d) => d > low && d < high).map((d) => `v${d}`);
      const found = scan(criteria, `号码 ${number(low)}-${number(high)} 止`).filter((h) => h.via === "range");
      expect(
        found.map((h) => h.criterionId),
        `${len} digits`,
      ).toEqual(inside);
      const above = scan(criteria, `${number(low)}-${number(low + 1n)}`).filter((h) => h.via === "range");
      expect(above, `${len} digits, adjacent ends`).toEqual([]);
    }
  });

  it("treats A-B-C as the ranges A-B and B-C", () => {
    const found = spans([invoice("00123460", "x"), invoice("00123520", "y")], "00123456-00123499-00123599");
    expect(found).toEqual([
      { id: "x", via: "range", text: "00123456-00123499" },
      { id: "y", via: "range", text: "00123499-00123599" },
    ]);
  });
});

describe("invoice_no values that are not digits", () => {
  it("match as plain normalised substrings", () => {
    const hits = scan([invoice("No.0149 2921", "n")], "见 NO．01492921，另");
    expect(hits).toEqual([{ criterionId: "n", termKind: "invoice_no", via: "substring", start: 2, end: 13, matched: "NO．01492921" }]);
  });
});

describe("abbreviated lists and ranges written with CJK marks", () => {
  it("reads 07573825/26/27 and 07573825、26、27 as 07573825, 07573826, 07573827, each short number with the list's start", () => {
    for (const mark of ["/", "、", "／", " 、 "]) {
      const text = `发票号码07573825${mark}26${mark}27。`;
      const criteria = ["07573825", "07573826", "07573827"].map((v) => invoice(v));
      const hits = scan(criteria, text);
      const head = text.indexOf("07573825");
      expect(hits.map((h) => [h.criterionId, h.via, h.start, h.end])).toEqual([
        ["07573825", "exact", head, head + 8],
        ["07573826", "list", head, text.indexOf("26") + 2],
        ["07573827", "list", head, text.indexOf("27") + 2],
      ]);
    }
  });

  it("makes no list of what is not one: a date, a count, numbers that go down, mixed marks, long numbers", () => {
    const criteria = ["20190321", "12345672", "07573824", "07573827", "00002019"].map((v) => invoice(v));
    for (const text of ["2019/03/21", "12345678/2份", "07573825/24", "07573825/26、27", "07573825/07573827"])
      expect(
        scan(criteria, text).filter((h) => h.via === "list"),
        text,
      ).toEqual([]);
    expect(spans(criteria, "07573825/07573827")).toEqual([{ id: "07573827", via: "exact", text: "07573827" }]);
  });

  it.each(["一", "ー", "～", "〜", "至", " 一 "])("reads a range written 00123456%s00123499", (dash) => {
    const text = `发票号码00123456${dash}00123499`;
    const hits = scan([invoice("00123460", "x")], text);
    expect(hits).toEqual([{ criterionId: "x", termKind: "invoice_no", via: "range", start: 4, end: text.length, matched: text.slice(4) }]);
  });

  it("makes no range of ordinary text: dates, 一 in words, ends of other lengths", () => {
    const criteria = ["20190322", "0322", "00123460", "2020"].map((v) => invoice(v));
    for (const text of ["2019-03-21至2019-03-23", "第一批00123456一批", "2019一2021年", "00123456一123455", "一00123456一"])
      expect(
        scan(criteria, text).filter((h) => h.via === "range"),
        text,
      ).toEqual(text === "2019一2021年" ? [expect.objectContaining({ criterionId: "2020" })] : []);
  });
});
