/**
 * Page furniture is never evidence (issue 20, item 5): running headers and footers, page numbers and a
 * watermark laid flat are found by place and repetition (worker/domain/text/furniture.ts), not searched,
 * and no snippet reaches them; a document's pages are searched as one text, so that a range cut by a page
 * break and its furniture ("07573825-" / footer / header / "07573827") reads whole.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { documentFurniture } from "../worker/domain/text/furniture";
import type { TextBox } from "../worker/domain/text/page";

const ISSUER = "中征动产融资登记服务有限责任公司";

/** The text of each furniture range of each page. */
function furnitureText(pages: Array<{ text: string; boxes?: TextBox[] }>): string[][] {
  return documentFurniture(pages).map((ranges, i) => ranges.map((r) => pages[i]!.text.slice(r.start, r.end)));
}

describe("page furniture", () => {
  it("finds a running header and footer by repetition, page numbers by their form, and leaves the body", () => {
    const pages = [
      `发票清单 登记证明编号：41328547000007612020\n序号 发票代码 发票号码\n1 3100222130 07573825\n${ISSUER} 第 1 页 共 2 页`,
      `发票清单 登记证明编号：41328547000007612020\n2 3100222130 07573827\n见附件第3页\n${ISSUER} 第 2 页 共 2 页`,
    ].map((text) => ({ text }));
    expect(furnitureText(pages)).toEqual([
      ["发票清单 登记证明编号：41328547000007612020", `${ISSUER} 第 1 页 共 2 页`],
      ["发票清单 登记证明编号：41328547000007612020", `${ISSUER} 第 2 页 共 2 页`],
    ]);
  });

  it("knows a one-page document's footer by its page number, whatever is printed beside it", () => {
    expect(furnitureText([{ text: `登记证明\n发票号码：11050292；电子\n${ISSUER} 第 1 页 共 1 页` }])).toEqual([[`${ISSUER} 第 1 页 共 1 页`]]);
    expect(furnitureText([{ text: "清单\n发票号码：11050292\n- 1 -" }])).toEqual([["- 1 -"]]);
    expect(furnitureText([{ text: "清单\n发票号码：11050292\n1/3" }])).toEqual([["1/3"]]);
    expect(furnitureText([{ text: "清单\n发票号码：11050292\nPage 1 of 3" }])).toEqual([["Page 1 of 3"]]);
  });

  it("does not take a line for furniture because of what it says: an issuer's name in the body, a page in a sentence", () => {
    const text = `清单\n本合同由${ISSUER}备案\n详见附件第3页\n合计 3 张`;
    expect(furnitureText([{ text }])).toEqual([[]]);
  });

  it("keeps repeated lines that differ by an invoice number (a long number is content, not a page number)", () => {
    const pages = ["清单\n发票号码 07573825\n尾", "清单\n发票号码 07573826\n尾", "清单\n发票号码 07573827\n尾"].map((text) => ({ text }));
    expect(furnitureText(pages)).toEqual([
      ["清单", "尾"],
      ["清单", "尾"],
      ["清单", "尾"],
    ]);
  });

  it("finds a watermark laid flat in the middle of every page by its place, not at another place", () => {
    const box = (start: number, end: number, x: number, y: number): TextBox => ({ start, end, x, y, width: (end - start) * 30, height: 30 });
    const page = (body: string, watermarkY: number) => {
      const lines = ["甲", "乙", "丙", body, ISSUER, "丁", "戊", "己"];
      const text = lines.join("\n");
      let at = 0;
      const boxes = lines.map((l, i) => {
        const b = box(at, at + l.length, l === ISSUER ? 150 : 50, l === ISSUER ? watermarkY : 40 + i * 20);
        at += l.length + 1;
        return b;
      });
      return { text, boxes };
    };
    expect(furnitureText([page("发票 01", 400), page("发票 02", 400), page("发票 03", 400)]).map((p) => p.includes(ISSUER))).toEqual([
      true,
      true,
      true,
    ]);
    // The same words at different places on each page are text.
    expect(furnitureText([page("发票 01", 300), page("发票 02", 400), page("发票 03", 500)]).map((p) => p.includes(ISSUER))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

function attachment(pages: string[]): SearchableDocument {
  return {
    id: "doc_list",
    kind: "attachment",
    fileName: "发票清单.pdf",
    mimeType: "application/pdf",
    sha256: "b".repeat(64),
    textStatus: "extracted",
    pages,
    readings: [],
  };
}

const decide = (criteria: Array<["invoice_no" | "keyword", string]>, doc: SearchableDocument) =>
  decideRegistration(compile(criteria.map(([kind, value], i) => ({ id: `crt_${i}`, kind, value }))), {
    registrationId: "reg_1",
    certificateNumber: "x",
    parseStatus: "completed",
    certificate: null,
    documents: [doc],
    attachmentsComplete: true,
  });

describe("evidence without furniture", () => {
  const pages = [
    `发票清单 ${ISSUER}\n应收账款转让发票，发票号码：07573820；07573825-\n${ISSUER} 第 1 页 共 2 页`,
    `发票清单 ${ISSUER}\n07573827；合计金额 100.00 元\n${ISSUER} 第 2 页 共 2 页`,
  ];

  it("reads a range cut by a page break and its furniture whole, shown on its first page", () => {
    const decision = decide([["invoice_no", "07573826"]], attachment(pages));
    expect(decision.matchStatus).toBe("matched");
    const evidence = decision.evidence[0]!;
    expect(evidence).toMatchObject({ pageNumber: 1, sourceField: "attachment_text", termValue: "07573825-" });
    expect(pages[0]!.slice(evidence.start, evidence.end)).toBe("07573825-");
    expect(evidence.snippet).not.toContain("第 1 页");
  });

  it("never matches in furniture, and no snippet reaches it", () => {
    const decision = decide(
      [
        ["keyword", "中征动产"],
        ["invoice_no", "07573820"],
        ["keyword", "共 2 页"],
      ],
      attachment(pages),
    );
    expect(decision.matchedCriterionIds).toEqual(["crt_1"]);
    const evidence = decision.evidence[0]!;
    expect(evidence.snippet).toBe("应收账款转让发票，发票号码：07573820；07573825-");
    expect(evidence.snippet.slice(evidence.highlightRanges[0]!.start, evidence.highlightRanges[0]!.end)).toBe("07573820");
  });
});
