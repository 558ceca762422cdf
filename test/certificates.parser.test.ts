/**
 * The parser on hand-written page text: the label variants of certificate-format.md, value readers,
 * issues for unreadable and missing values, and inputs that are not certificates. It never throws.
 */
import { describe, expect, it } from "vitest";
import { descriptionOffsetToPage, parseCertificate } from "../worker/domain/certificate";
import { readAmount, readCurrency, readMonths, readTime } from "../worker/domain/certificate/values";

const NUMBER = "06123456789012345678";

function page1(extra = ""): string {
  return [
    NUMBER,
    "动产和权利担保统一登记 变更登记证明",
    "登 记 证 明 编 号 : 0612 3456 7890 1234 5678",
    "关联的初始登记编号",
    "05000000000000000001",
    "登记时间 2023-05-20 10:23:45",
    "登记期限（月）：24",
    "登记到期日：2025/5/20",
    "业务类型：应收账款转让(保理)",
    "出让人",
    "类型：企业",
    "名称：上海华信商贸有限公司",
    "工商注册号/统一社会信用代码：91310115MA1K4XY83F",
    "所属行业：C 制造业",
    "规模：小型",
    "受让人",
    "类型：金融机构",
    "名称：招商银行股份有限公司上海分行",
    "金融机构编码：B0011H131000001",
    "财产信息",
    "融资合同金额：人民币 1,234,567.80元",
    "融资合同币种：港元",
    "履行期限：2023-05-20 至 2024-05-19",
    "转让财产描述：发票代码：3100201130 发票号码：0149",
    extra,
    "中国人民银行征信中心 第 1 页 共 2 页",
  ]
    .filter(Boolean)
    .join("\n");
}

const PAGE2 = [NUMBER, "2921，No.08897420。", "变更事项：补充发票", "<完>", "中国人民银行征信中心 第 2 页 共 2 页"].join("\n");

describe("parseCertificate on text", () => {
  it("reads label variants, separate lines, synonyms and code tables", () => {
    const r = parseCertificate([page1(), PAGE2]);
    expect(r.status).toBe("completed");
    const c = r.certificate;
    expect(c).toMatchObject({
      certificateNumber: NUMBER,
      initialCertificateNumber: "05000000000000000001",
      registerType: "change",
      registerTime: "2023-05-20T10:23:45+08:00",
      registrationMonths: 24,
      expiresAt: "2025-05-20",
      businessTypeCode: "A00200",
      mainContractAmount: "1234567.80",
      mainContractCurrency: "HKY",
      performanceStartDate: "2023-05-20",
      performanceEndDate: "2024-05-19",
      propertyDescription: "发票代码：3100201130 发票号码：01492921，No.08897420。",
      registrationDetails: { changeDescription: "补充发票", extensionMonths: null, cancellationReason: null },
    });
    expect(c?.parties?.map((p) => [p.role, p.name, p.typeCode])).toEqual([
      ["debtor", "上海华信商贸有限公司", "02"],
      ["secured_party", "招商银行股份有限公司上海分行", "01"],
    ]);
    expect(c?.parties?.[0]?.details).toMatchObject({
      industryCode: "C",
      corporationScale: "30",
      unclassifiedIdentifiers: [{ label: "工商注册号/统一社会信用代码", value: "91310115MA1K4XY83F" }],
    });
    // Under a label naming two types, the code is also filed under the type its check character proves.
    expect(c?.parties?.[0]?.unifiedSocialCreditCode).toBe("91310115MA1K4XY83F");
    expect(c?.parties?.[1]?.financialInstitutionCode).toBe("B0011H131000001");
    expect(r.issues).toEqual([]);
  });

  it("spans locate the description's piece on each page; offsets map back across the break", () => {
    const pages = [page1(), PAGE2];
    const c = parseCertificate(pages).certificate;
    const spans = c?.propertyDescriptionSpans ?? [];
    expect(spans.map((s) => s.pageNumber)).toEqual([1, 2]);
    expect(pages[0]?.slice(spans[0]?.start ?? 0, spans[0]?.end ?? 0)).toBe("发票代码：3100201130 发票号码：0149");
    expect(pages[1]?.slice(spans[1]?.start ?? 0, spans[1]?.end ?? 0)).toBe("2921，No.08897420。");
    const joined = c?.propertyDescription ?? "";
    const at = joined.indexOf("01492921");
    expect(descriptionOffsetToPage(spans, pages, at)).toEqual({ pageNumber: 1, offset: (spans[0]?.end ?? 0) - 4 });
    expect(descriptionOffsetToPage(spans, pages, at + 4)).toEqual({ pageNumber: 2, offset: spans[1]?.start });
  });

  it("keeps unreadable values as issues with their raw text and page", () => {
    const r = parseCertificate([page1().replace("登记期限（月）：24", "登记期限（月）：二十四").replace("融资合同币种：港元", "融资合同币种：贝壳")]);
    expect(r.status).toBe("completed");
    expect(r.certificate?.registrationMonths).toBeNull();
    expect(r.issues).toEqual(
      expect.arrayContaining([
        { code: "UNREADABLE_VALUE", field: "registrationMonths", rawValue: "二十四", pageNumber: 1 },
        { code: "UNREADABLE_VALUE", field: "mainContractCurrency", rawValue: "贝壳", pageNumber: 1 },
      ]),
    );
  });

  it("flags fields the registration type expects when they are missing", () => {
    const r = parseCertificate([
      page1()
        .replace(/^登记到期日.*$/m, "")
        .replace(/^受让人[\s\S]*?(?=财产信息)/m, ""),
    ]);
    expect(r.issues.filter((i) => i.code === "MISSING_FIELD").map((i) => i.field)).toEqual([
      "expiresAt",
      "parties.secured_party",
      "registrationDetails.changeDescription",
    ]);
  });

  it("fails, never completes empty: no text, not a certificate, no certificate number", () => {
    expect(parseCertificate([]).issues[0]?.code).toBe("NO_TEXT_LAYER");
    expect(parseCertificate(["", " \n "]).status).toBe("failed");
    expect(parseCertificate(["会议纪要\n今天天气很好"]).issues[0]?.code).toBe("NOT_A_CERTIFICATE");
    const noNumber = parseCertificate([page1().replace(/^登 记 证 明 编 号.*$/m, "")]);
    expect(noNumber.status).toBe("failed");
    // Failed, yet it says why: a certificate whose fields are null and whose issues name the problem.
    expect(noNumber.certificate.certificateNumber).toBeNull();
    expect(noNumber.certificate.parties).toEqual([]);
    expect(noNumber.certificate.issues).toEqual(noNumber.issues);
  });

  it("never throws on arbitrary text", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = "登记证明编号时间：: \n0123456789名称类型出质人质权人财产描述第页共<完>";
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 300 }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
      const r = parseCertificate([text, text.slice(100)]);
      expect(["completed", "failed"]).toContain(r.status);
    }
  });
});

describe("other layouts", () => {
  it("reads an objection registration: 异议登记陈述 and 异议附件; bracketed units after labels", () => {
    const page = [
      "登记证明编号：06123456789012345678",
      "登记类型：异议登记",
      "初始登记编号：05000000000000000001",
      "登记时间：2024-01-02 03:04:05",
      "登记期限(月)：6",
      "登记到期日：2024-07-02",
      "交易业务类型：融资租赁",
      "承租人",
      "名称：上海华信商贸有限公司",
      "出租人",
      "名称：宁波恒通融资租赁有限公司",
      "主合同金额（元）：1,000.00",
      "异议登记陈述：申请人对该登记的财产描述提出异议。",
      "异议附件：异议申请书.pdf",
      "<完>",
    ].join("\n");
    const r = parseCertificate([page]);
    expect(r.status).toBe("completed");
    expect(r.certificate).toMatchObject({
      registerType: "objection",
      registrationMonths: 6,
      mainContractAmount: "1000.00",
      businessTypeCode: "B00000",
      propertyDescription: "申请人对该登记的财产描述提出异议。",
      declaredAttachments: [{ fileName: "异议申请书.pdf", purpose: "objection" }],
    });
    expect(r.issues).toEqual([]);
  });

  it("takes a labelled number header as furniture only after page 1", () => {
    const pages = [
      "登记证明编号：06123456789012345678\n登记时间：2024-01-02 03:04:05\n质押财产描述：第一页的描述",
      "登记证明编号：06123456789012345678\n接着第二页\n第 2 页 共 2 页",
    ];
    const c = parseCertificate(pages).certificate;
    expect(c?.certificateNumber).toBe("06123456789012345678");
    expect(c?.propertyDescription).toBe("第一页的描述接着第二页");
  });
});

describe("value readers", () => {
  it("read printed values into API forms", () => {
    expect(readTime("2023年5月20日 9时03分07秒")).toBe("2023-05-20T09:03:07+08:00");
    expect(readAmount("189,496.66 元")).toBe("189496.66");
    expect(readAmount("１２３.４")).toBe("123.4");
    expect(readAmount("约十万")).toBeNull();
    expect(readCurrency("人民币")).toBe("CNY");
    expect(readCurrency("usd")).toBe("USD");
    expect(readMonths("12个月")).toBe(12);
    expect(readMonths("361")).toBeNull();
  });
});
