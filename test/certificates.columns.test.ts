/**
 * Pages the parser must read whole although a line of page text is not a line of the certificate: a page
 * set in two newspaper columns (the text runs down the left column, then down the right; the extractor
 * joins a left line and the right line at its height), and the certificate number printed as a running
 * header or footer on every page (furniture on every page, the first included, and a copy that must agree).
 * The runs go through the extractor's own assembly (assemblePage), as pdf.js would hand them over.
 */
import { describe, expect, it } from "vitest";
import { parseCertificate } from "../worker/domain/certificate";
import { assemblePage } from "../worker/pdf/extract";

const PAGE_HEIGHT = 842;
const SIZE = 10;
const widthOf = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) < 0x100 ? 0.5 : 1) * SIZE, 0);

/** A column's lines, one run each, 14 pt apart from the baseline `top` down. */
const column = (x: number, top: number, lines: readonly string[]) =>
  lines.map((text, k) => ({ str: text, transform: [SIZE, 0, 0, SIZE, x, top - k * 14], width: widthOf(text) }));

const page = (items: ReturnType<typeof column>) => assemblePage(items, [1, 0, 0, -1, 0, PAGE_HEIGHT]);

const NUMBER = "06123456789012345678";
/** Twenty-four characters of a description: a line of the 240 pt column, full. */
const DESCRIPTION = [
  "质押财产描述：应收账款，相关发票如下：发票",
  "号码：01492921；发票号码：08897420；发票号码：",
  "12345678；发票号码：23456789；发票号码：3456",
  "7890；发票号码：45678901；发票号码：56789012；",
];
const CONTINUED = [
  "号码：67890123；发票号码：78901234；发票号码：",
  "89012345；发票号码：90123456；发票号码：0123",
  "4567；发票号码：11223344。以上合计金额：189,4",
  "96.66元。",
];

function newspaperPage() {
  const left = column(40, 780, [
    `登记证明编号：${NUMBER}`,
    "登记类型：初始登记",
    "登记时间：2023-05-20 10:23:45",
    "登记期限：12个月",
    "登记到期日：2024-05-20",
    "交易业务类型：应收账款质押",
    "出质人",
    "类型：企业",
    "名称：上海华信商贸有限公司",
    "统一社会信用代码：91310115MA1K4XY83F",
    ...DESCRIPTION,
  ]);
  const right = column(310, 780, [
    ...CONTINUED,
    "质权人",
    "类型：金融机构",
    "名称：招商银行股份有限公司上海分行",
    "统一社会信用代码：91310000100011113W",
    "填表人信息",
    "填表人名称：张三",
  ]);
  return page([...left, ...right]);
}

describe("a page set in two newspaper columns", () => {
  it("reads the left column to its end, then the right one: the description whole, each party apart", () => {
    const r = parseCertificate([newspaperPage()]);
    expect(r.status).toBe("completed");
    const c = r.certificate;
    expect(c.propertyDescription).toBe([...DESCRIPTION, ...CONTINUED].join("").replace(/^质押财产描述：/, ""));
    expect(c.registerType).toBe("initial");
    expect(c.businessTypeCode).toBe("A00100");
    expect(c.parties?.map((p) => [p.role, p.name])).toEqual([
      ["debtor", "上海华信商贸有限公司"],
      ["secured_party", "招商银行股份有限公司上海分行"],
    ]);
    expect(c.preparer?.name).toBe("张三");
  });

  it("leaves a table's columns alone: a row of two pairs is still one row", () => {
    const rows = column(40, 780, [
      `登记证明编号：${NUMBER}`,
      "登记时间：2023-05-20 10:23:45",
      "登记期限：12个月",
      "出质人名称：上海华信商贸有限公司",
    ]);
    const beside = column(310, 780, ["登记类型：初始登记", "交易业务类型：应收账款质押", "登记到期日：2024-05-20", "出质人类型：企业"]);
    const c = parseCertificate([page([...rows, ...beside])]).certificate;
    expect(c.certificateNumber).toBe(NUMBER);
    expect([c.registerTime, c.registrationMonths, c.expiresAt]).toEqual(["2023-05-20T10:23:45+08:00", 12, "2024-05-20"]);
    expect(c.parties?.map((p) => [p.name, p.typeCode])).toEqual([["上海华信商贸有限公司", "02"]]);
  });
});

describe("the certificate number as a running header or footer", () => {
  const body = (n: number) =>
    n === 1
      ? [
          "登记类型：初始登记",
          "登记时间：2023-05-20 10:23:45",
          "出质人",
          "名称：上海华信商贸有限公司",
          "质权人",
          "名称：招商银行",
          "质押财产描述：发票号码：01492921；",
        ]
      : ["发票号码：08897420。"];
  const pages = (footers: readonly string[]) => footers.map((footer, k) => [...body(k + 1), `登记证明编号：${footer}`].join("\n"));

  it("is furniture on every page, the first too: a description over the page break reads whole", () => {
    const r = parseCertificate(pages([NUMBER, NUMBER]));
    expect(r.status).toBe("completed");
    expect(r.certificate.certificateNumber).toBe(NUMBER);
    expect(r.certificate.propertyDescription).toBe("发票号码：01492921；发票号码：08897420。");
  });

  it("must agree on every page that prints it: a later page's other number is a NUMBER_MISMATCH, and no number", () => {
    const other = "06123456789012349999";
    const r = parseCertificate(pages([NUMBER, NUMBER, other]).map((p, k) => (k === 2 ? `发票号码：1。\n登记证明编号：${other}` : p)));
    expect(r.certificate.certificateNumber).toBeNull();
    expect(r.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "NUMBER_MISMATCH", field: "certificateNumber", pageNumber: 3 })]),
    );
  });
});
