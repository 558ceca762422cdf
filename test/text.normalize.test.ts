/**
 * The one text normalisation (worker/domain/text/normalize.ts) and the extraction that applies it: folds
 * that Chromium/Skia's Type3 ToUnicode maps need (Kangxi Radicals, CJK Radicals Supplement), compatibility
 * ideographs in and outside the BMP, widths, spaces and invisible characters, with an offset map back to
 * the input; and text-run boxes that lie where the runs were drawn.
 */
import { describe, expect, it } from "vitest";
import { normalizeText, normalizeWithMap, originOf } from "../worker/domain/text/normalize";
import { EQUIVALENT_UNIFIED_IDEOGRAPHS } from "../worker/domain/text/equivalent-ideographs";
import { SPOOFING_VARIANTS } from "../worker/domain/text/spoofing-variants";
import { A4 } from "../worker/pdf/drawing";
import { extractPdf } from "../worker/pdf/extract";
import { writeEmbeddedPdf } from "../worker/pdf/write-embedded";

const cp = (n: number) => String.fromCodePoint(n);

describe("normalisation", () => {
  it("folds the radicals Chromium prints for 一 人 月 日 金 民 into unified ideographs", () => {
    // U+2F00 ⼀, U+2F08 ⼈, U+2F49 ⽉, U+2F47 ⽇, U+2FA6 ⾦ (Kangxi); U+2EA0 ⺠ (Radicals Supplement, no NFKC fold).
    const printed = `统${cp(0x2f00)}社会信用代码 ${cp(0x2f08)} ${cp(0x2f49)} ${cp(0x2f47)} ${cp(0x2fa6)} 人${cp(0x2ea0)}币`;
    expect(normalizeText(printed)).toBe("统一社会信用代码 人 月 日 金 人民币");
    expect(cp(0x2ea0).normalize("NFKC")).toBe(cp(0x2ea0));
  });

  it("folds a look-alike outside the main ideograph block to the one inside it (Unihan kSpoofingVariant)", () => {
    // Chromium maps the glyph of 胶 back to U+3B35 㬵 (the font shares it); 橡胶 is what the page shows.
    expect(normalizeText(`橡${cp(0x3b35)}`)).toBe("橡胶");
    const pairs = SPOOFING_VARIANTS.split(",").map((p) => p.split(":").map((h) => Number.parseInt(h, 16)));
    expect(pairs.length).toBeGreaterThan(50);
    for (const [from = 0, to = 0] of pairs) {
      expect(to >= 0x4e00 && to <= 0x9fff).toBe(true);
      expect(normalizeText(cp(from))).toBe(cp(to));
    }
  });

  it("folds every Kangxi radical into a CJK unified ideograph", () => {
    for (let c = 0x2f00; c <= 0x2fd5; c++) {
      const folded = normalizeText(cp(c)).codePointAt(0) ?? 0;
      const unified = (folded >= 0x4e00 && folded <= 0x9fff) || (folded >= 0x3400 && folded <= 0x4dbf) || folded >= 0x20000;
      expect(unified, c.toString(16)).toBe(true);
    }
  });

  it("takes the radicals table from Unicode data: every entry folds as the data says", () => {
    const pairs = EQUIVALENT_UNIFIED_IDEOGRAPHS.split(",").map((p) => p.split(":").map((h) => Number.parseInt(h, 16)));
    expect(pairs.length).toBeGreaterThan(300);
    for (const [from = 0, to = 0] of pairs) expect(normalizeText(cp(from))).toBe(cp(to));
  });

  it("folds widths, spaces and invisible characters but keeps Chinese punctuation", () => {
    expect(normalizeText("发票号码：０１４９２９２１")).toBe("发票号码：01492921");
    expect(normalizeText("ＡＢＣ－１２～３４")).toBe("ABC-12~34");
    expect(normalizeText("某某（有限合伙），；！？")).toBe("某某（有限合伙），；！？");
    expect(normalizeText(`登\u3000记\u00a0时\u2002间`)).toBe("登 记 时 间");
    expect(normalizeText(`0149\u200b2921\u00ad\ufeff`)).toBe("01492921");
    expect(normalizeText(`${cp(0xf900)}${cp(0xf9a8)}`)).toBe(`${cp(0x8c48)}${cp(0x4ee4)}`);
  });

  it("lets text that needs nothing through unchanged, with the identity map", () => {
    const text = "登记证明编号：02836616000343418599";
    const n = normalizeWithMap(text);
    expect(n.text).toBe(text);
    expect(n.origin).toBeNull();
    expect(originOf(n, 7)).toBe(7);
  });

  it("maps offsets back across folds that change length, in and outside the BMP", () => {
    // U+2F800 (a surrogate pair) folds to U+4E3D (one unit); U+2E87 (one unit) to U+20628 (a pair);
    // the soft hyphen disappears.
    const input = `A${cp(0x2f800)}B\u00adC${cp(0x2e87)}D`;
    const n = normalizeWithMap(input);
    expect(n.text).toBe(`A${cp(0x4e3d)}BC${cp(0x20628)}D`);
    const expected = [0, 1, 3, 5, 6, 6, 7, 8];
    expect(Array.from(n.origin ?? [])).toEqual(expected);
    // Every output character maps to the input character it came from.
    expect(input.slice(originOf(n, 3), originOf(n, 3) + 1)).toBe("C");
    expect(input.codePointAt(originOf(n, 4))).toBe(0x2e87);
    expect(input.slice(originOf(n, 6))).toBe("D");
  });
});

describe("extraction", () => {
  it("serves normalised page text, and each run's box lies where the run was drawn", async () => {
    const runs = [
      { text: "登记证明编号：02836616000343418599", x: 56, y: 780, size: 12 },
      { text: "发票号码：０１４９２９２１", x: 300, y: 500.5, size: 10.5 },
    ];
    const pdf = await writeEmbeddedPdf([{ width: A4.width, height: A4.height, runs }], { title: "t", date: new Date(Date.UTC(2024, 0, 1)) });
    const extracted = await extractPdf(pdf);
    if (!extracted.ok) throw new Error(extracted.message);
    const page = extracted.pages[0];
    expect(page?.text).toBe("登记证明编号：02836616000343418599\n发票号码：01492921");
    for (const run of runs) {
      const text = normalizeText(run.text);
      const start = page?.text.indexOf(text) ?? -1;
      const boxes = (page?.boxes ?? []).filter((b) => b.start < start + text.length && b.end > start);
      expect(boxes.length).toBeGreaterThan(0);
      const left = Math.min(...boxes.map((b) => b.x));
      const top = Math.min(...boxes.map((b) => b.y));
      const bottom = Math.max(...boxes.map((b) => b.y + b.height));
      expect(left).toBeCloseTo(run.x, 0);
      // The baseline (from the top: height - y) lies inside the box, near its bottom.
      const baseline = A4.height - run.y;
      expect(top).toBeLessThan(baseline);
      expect(bottom).toBeGreaterThan(baseline);
      expect(bottom - baseline).toBeLessThan(run.size * 0.3);
    }
  });
});
