/**
 * The parser reads a certificate by its geometry (worker/domain/certificate/cells.ts), checked on pages
 * drawn the way the registry's own generator (iText, 动产权属统一登记) draws them: text runs at absolute
 * positions in the order of the content stream, labels 14 pt and values 10 pt on baselines 2 pt apart,
 * labels wrapped over two or three lines of a narrow cell with the value centred beside them, two
 * label–value pairs on a row, several parties under one role heading, empty values, a list of attachment
 * names beside their label, the end mark and a notes page. The runs go through the extractor's own
 * assembly (assemblePage), as pdf.js would hand them over.
 */
import { describe, expect, it } from "vitest";
import { parseCertificate } from "../worker/domain/certificate";
import { assemblePage } from "../worker/pdf/extract";

interface Run {
  text: string;
  x: number;
  /** Baseline, from the page's bottom (PDF user space). */
  y: number;
  size: number;
}

const PAGE_HEIGHT = 842;
/** pdf.js reports a run's width; a CJK glyph is one em, Latin ones about half. */
const widthOf = (r: Run) => [...r.text].reduce((w, ch) => w + (ch.charCodeAt(0) < 0x100 ? 0.5 : 1) * r.size, 0);

/** pdf.js text items of the runs, in the order given (the stream's order), and the page assembled from them. */
function page(runs: readonly Run[]) {
  const items = runs.map((r) => ({ str: r.text, transform: [r.size, 0, 0, r.size, r.x, r.y], width: widthOf(r) }));
  return assemblePage(items, [1, 0, 0, -1, 0, PAGE_HEIGHT]);
}

const label = (text: string, x: number, y: number): Run => ({ text, x, y, size: 14 });
const value = (text: string, x: number, y: number): Run => ({ text, x, y: y + 2, size: 10 });
/** A label wrapped in its cell: its pieces one above the other, 14 pt apart, centred on the row's baseline. */
const wrapped = (pieces: string[], x: number, y: number): Run[] => pieces.map((p, k) => label(p, x, y + ((pieces.length - 1) / 2 - k) * 14));

/** "组织机构代码/统一社会信用代码" and "工商注册号/统一社会信用代码" side by side, the values centred beside them. */
function identifierRow(y: number, left: string, right: string): Run[] {
  return [
    ...wrapped(["组织机构代码/统一", "社会信用代码"], 35, y),
    value(left, 174.1, y - 5),
    ...wrapped(["工商注册号/统", "一社会信用代", "码"], 313.2, y),
    value(right, 420.2, y - 5),
  ];
}

function partyRows(y: number, name: string, left: string, right: string): Run[] {
  return [
    label("名称", 35, y),
    value(name, 174.1, y),
    label("类型", 409.5, y),
    value("企业", 489.8, y),
    ...identifierRow(y - 28, left, right),
    label("法定代表人/负责人", 35, y - 70),
    value("张三", 174.1, y - 70),
    label("住所", 35, y - 91),
    value("上海市浦东新区某某路1号（入驻某某商务秘书有限公", 174.1, y - 87),
    value("司）", 174.1, y - 99),
  ];
}

const NUMBER = "04381331000525279961";
const grouped = NUMBER.replace(/(\d{4})(?=\d)/g, "$1 ");

const PAGE_1: Run[] = [
  { text: "第1页", x: 287.7, y: 30, size: 8 },
  { text: `登记证明编号： ${grouped}`, x: 228.4, y: 812, size: 8 },
  { text: "中国人民银行征信中心", x: 217.5, y: 776, size: 16 },
  { text: "动产权属统一登记—初始登记", x: 193.5, y: 752, size: 16 },
  { text: "以下内容为填表人填写，填表人对所填内容的真实性、合法性承担全部责任。", x: 30, y: 668, size: 14 },
  { text: "登记证明编号：", x: 230.7, y: 728, size: 12 },
  value(grouped, 314.7, 726),
  { text: "登记时间：", x: 230.7, y: 712, size: 12 },
  value("2017-06-26 17:45:49", 290.7, 710),
  { text: "本登记为应收账款转让业务登记。", x: 35, y: 644, size: 12 },
  label("填表人/基本信息", 35, 623),
  label("填表人名称", 35, 602),
  value("深圳市某某商业保理有限公司", 174.1, 602),
  label("交易业务类型", 35, 581),
  value("应收账款转让", 174.1, 581),
  label("登记期限", 35, 560),
  value("2年", 174.1, 560),
  label("登记到期日", 313.2, 560),
  value("2019-06-25", 447, 560),
  label("填表人归档号", 35, 539),
  label("出让人信息", 35, 518),
  ...partyRows(497, "上海某某建筑工业发展有限公司", "91310115133339841H", "91310115133339841H"),
  ...partyRows(385, "上海某某幕墙工程有限公司", "63078348-4", "310112000194883"),
  label("受让人信息", 35, 273),
  label("名称", 35, 252),
  value("北京银行股份有限公司深圳分行", 174.1, 252),
  label("类型", 409.5, 252),
  value("金融机构", 489.8, 252),
  label("金融机构编码", 35, 217),
  value("B0107B244030001", 174.1, 217),
  ...wrapped(["工商注册号/统", "一社会信用代", "码"], 313.2, 217),
  value("440301103561461", 420.2, 217),
  ...wrapped(["全球法人机构识别编", "码"], 35, 182),
  label("转让财产信息", 35, 150),
];

const PAGE_2: Run[] = [
  { text: "第2页", x: 287.7, y: 30, size: 8 },
  { text: `登记证明编号： ${grouped}`, x: 228.4, y: 812, size: 8 },
  // The end mark comes first in the stream, and stands below the last field.
  { text: "―――――――――――――<完>――――――――――――――", x: 122.2, y: 560, size: 12 },
  label("转让合同号码", 35, 784),
  label("转让合同币种", 35, 763),
  value("人民币", 174.1, 761),
  label("转让财产价值", 281.1, 763),
  value("9,991,993.42元", 414.9, 761),
  label("转让财产描述", 35, 742),
  { text: "该笔应收账款付款方为万科企业股份有限公司，收款方为深圳某某保理有限公司，该笔应收账款人民币", x: 35, y: 725, size: 10 },
  { text: "9,991,993.42元。该笔应收账款对应的发票号码为26238527-26238533/21767020。", x: 35, y: 713, size: 10 },
  label("转让财产信息附件", 35, 686),
  value(`${NUMBER}_0_Page0001.jpg`, 195.5, 698),
  value(`${NUMBER}_0_Page0002.jpg`, 195.5, 686),
  value(`${NUMBER}_0_Page0003.jpg`, 195.5, 674),
];

const PAGE_3: Run[] = [
  { text: "第3页", x: 287.7, y: 30, size: 8 },
  { text: "1.登记规范：《动产融资统一登记公示系统操作规则》。", x: 50.7, y: 785, size: 10 },
  { text: "2.登记当事人：登记一般由受让人办理，受让人也可以委托他人办理登记。", x: 50.7, y: 770, size: 10 },
];

describe("a certificate read by its geometry (the registry's own layout)", () => {
  const pages = [page(PAGE_1), page(PAGE_2), page(PAGE_3)];

  it("reads the registration: title, two pairs on a row, a term in years, an empty value left empty", () => {
    const r = parseCertificate(pages, { listedNumber: NUMBER });
    expect(r.status).toBe("completed");
    expect(r.certificate).toMatchObject({
      certificateNumber: NUMBER,
      initialCertificateNumber: NUMBER,
      registerType: "initial",
      registerTime: "2017-06-26T17:45:49+08:00",
      registrationMonths: 24,
      expiresAt: "2019-06-25",
      businessTypeCode: "A00200",
      businessTypeDescription: "应收账款转让",
      securityContractNumber: null,
      propertyValue: "9991993.42",
      propertyValueCurrency: "CNY",
      propertyDescription:
        "该笔应收账款付款方为万科企业股份有限公司，收款方为深圳某某保理有限公司，该笔应收账款人民币9,991,993.42元。该笔应收账款对应的发票号码为26238527-26238533/21767020。",
      preparer: { name: "深圳市某某商业保理有限公司", archiveNumber: null },
    });
    expect(r.certificate.declaredAttachments?.map((a) => a.fileName)).toEqual([1, 2, 3].map((n) => `${NUMBER}_0_Page000${n}.jpg`));
  });

  it("reads several parties under one role heading, labels wrapped over three lines, values centred beside them", () => {
    const parties = parseCertificate(pages, { listedNumber: NUMBER }).certificate.parties ?? [];
    expect(parties.map((p) => [p.role, p.name, p.typeCode])).toEqual([
      ["debtor", "上海某某建筑工业发展有限公司", "02"],
      ["debtor", "上海某某幕墙工程有限公司", "02"],
      ["secured_party", "北京银行股份有限公司深圳分行", "01"],
    ]);
    expect(parties[0]?.unifiedSocialCreditCode).toBe("91310115133339841H");
    expect(parties[0]?.details?.address).toBe("上海市浦东新区某某路1号（入驻某某商务秘书有限公司）");
    // An organisation code and a business registration number under labels naming two types: filed by their checks.
    expect(parties[1]?.unifiedSocialCreditCode).toBeNull();
    expect(parties[1]?.details).toMatchObject({ organizationCode: "63078348-4", businessRegistrationNumber: "310112000194883" });
    expect(parties[2]).toMatchObject({
      financialInstitutionCode: "B0107B244030001",
      details: { lei: null, businessRegistrationNumber: "440301103561461" },
    });
  });

  it("takes nothing from the preamble, the end mark or the notes page", () => {
    const r = parseCertificate(pages, { listedNumber: NUMBER });
    const values = JSON.stringify({ ...r.certificate, issues: [] });
    for (const text of ["以下内容为填表人填写", "<完>", "登记规范", "第2页"]) expect(values).not.toContain(text);
  });

  it("reads the same page whatever the order of its runs in the stream", () => {
    const shuffled = [PAGE_1, PAGE_2, PAGE_3].map((runs) => page([...runs].reverse()));
    const a = parseCertificate(pages, { listedNumber: NUMBER }).certificate;
    const b = parseCertificate(shuffled, { listedNumber: NUMBER }).certificate;
    expect({ ...b, propertyDescriptionSpans: null, issues: null }).toEqual({ ...a, propertyDescriptionSpans: null, issues: null });
  });
});

describe("values are checked before they are emitted", () => {
  /** The registry's page with some printed values changed. */
  function altered(changes: Record<string, string>): ReturnType<typeof page>[] {
    return [PAGE_1, PAGE_2, PAGE_3].map((runs) => page(runs.map((r) => ({ ...r, text: changes[r.text] ?? r.text }))));
  }

  it("an organisation's registry identifier whose check character fails is emitted as printed, with an issue saying so", () => {
    // The registry printed such codes from its records (a real certificate: 34982001-F under 组织机构代码/统一社会信用代码).
    const r = parseCertificate(altered({ "91310115133339841H": "91310115133339841J", "63078348-4": "34982001-F" }), { listedNumber: NUMBER });
    const [first, second] = r.certificate.parties ?? [];
    expect(first?.unifiedSocialCreditCode).toBe("91310115133339841J");
    expect(second?.details?.organizationCode).toBe("34982001-F");
    expect(r.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "CHECK_CHARACTER_FAILS", field: "parties[0].unifiedSocialCreditCode", rawValue: "91310115133339841J" }),
        expect.objectContaining({ code: "CHECK_CHARACTER_FAILS", field: "parties[1].details.organizationCode", rawValue: "34982001-F" }),
      ]),
    );
  });

  it("an identifier of no one kind's shape whose checks all fail is null, with an issue keeping what was read", () => {
    // Seventeen characters: neither a credit code nor an organisation code, nor any other kind.
    const r = parseCertificate(altered({ "63078348-4": "914403003492001XF" }), { listedNumber: NUMBER });
    expect(r.certificate.parties?.[1]?.details?.organizationCode).toBeNull();
    expect(r.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "UNREADABLE_VALUE", field: "parties[1].unifiedSocialCreditCode", rawValue: "914403003492001XF" }),
      ]),
    );
  });

  it("a line the reader could not place, set against a value's cell, is an issue on that value's field", () => {
    // Under 登记到期日's value, a line's spacing below it but set off its edges, text no rule gives to the date.
    const note = value("（以登记系统为准）", 470, 548);
    const r = parseCertificate([page([...PAGE_1, note]), page(PAGE_2), page(PAGE_3)], { listedNumber: NUMBER });
    expect(r.certificate.expiresAt).toBe("2019-06-25");
    expect(r.issues).toContainEqual({ code: "UNRECOGNIZED_LINE", field: "expiresAt", rawValue: "（以登记系统为准）", pageNumber: 1 });
    // Reported once, on the field; a stray far from any value keeps no field.
    expect(r.issues.filter((i) => i.rawValue === "（以登记系统为准）")).toHaveLength(1);
    expect(r.issues).toContainEqual({ code: "UNRECOGNIZED_LINE", field: null, rawValue: "本登记为应收账款转让业务登记。", pageNumber: 1 });
  });

  it("a term that disagrees with the registration's dates is not emitted", () => {
    const r = parseCertificate(altered({ "2年": "3年" }), { listedNumber: NUMBER });
    expect(r.certificate.registrationMonths).toBeNull();
    expect(r.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "TERM_DISAGREES", field: "registrationMonths", rawValue: "3年" })]),
    );
  });

  it("a certificate number other than the one the upstream listed fails the parse", () => {
    const r = parseCertificate(pages(), { listedNumber: "04381331000525279962" });
    expect(r.status).toBe("failed");
    expect(r.issues).toEqual(expect.arrayContaining([expect.objectContaining({ code: "NUMBER_MISMATCH", field: "certificateNumber" })]));
  });

  it("a name holding label text is null, with an issue", () => {
    const r = parseCertificate(altered({ 北京银行股份有限公司深圳分行: "北京银行股份有限公司深圳分行工商注册号/统" }), { listedNumber: NUMBER });
    expect(r.certificate.parties?.[2]?.name).toBeNull();
    expect(r.issues).toEqual(expect.arrayContaining([expect.objectContaining({ code: "LABEL_IN_VALUE", field: "parties[2].name" })]));
  });

  function pages() {
    return [page(PAGE_1), page(PAGE_2), page(PAGE_3)];
  }
});

describe("a value wrapped over two lines centred beside its label (four label/value columns)", () => {
  // Chromium's four-column table: labels and values of one size, each cell centred vertically, lines 1.4 em
  // apart. A value of two lines has one line above its label's baseline and one below, each overlapping the
  // label by less than a third of its height: beside no label, line by line.
  const size = 10.5;
  const cell = (text: string, x: number, y: number): Run => ({ text, x, y, size });
  const straddling = (texts: [string, string], x: number, y: number): Run[] => [cell(texts[0], x, y + 7.5), cell(texts[1], x, y - 7.5)];
  const replaced = [
    "应收账款转让",
    "2019-06-25",
    "交易业务类型",
    "登记到期日",
    "登记期限",
    "2年",
    "上海市浦东新区某某路1号（入驻某某商务秘书有限公",
    "司）",
  ];
  const address: [string, string] = ["上海市浦东新区某某路1号（入驻某某商务秘书有限公", "司）"];
  const rows = (runs: readonly Run[]) =>
    runs
      .filter((r) => !replaced.includes(r.text))
      .concat(
        cell("登记到期日", 35, 581),
        cell("2019-06-25", 174.1, 581),
        cell("登记期限", 35, 560),
        cell("2年", 174.1, 560),
        cell("交易业务类型", 313.2, 560),
        ...straddling(["生产设备、原材料、半成", "品、产品抵押"], 447, 560),
        // The page's other wrapped values with the same spacing (the addresses beside 住所).
        ...straddling(address, 174.1, 406),
        ...straddling(address, 174.1, 294),
      );

  it("takes both lines for the label whose middle they straddle", () => {
    const r = parseCertificate([page(rows(PAGE_1)), page(PAGE_2), page(PAGE_3)], { listedNumber: NUMBER });
    expect(r.certificate).toMatchObject({
      businessTypeCode: "P00100",
      businessTypeDescription: "生产设备、原材料、半成品、产品抵押",
      registrationMonths: 24,
      expiresAt: "2019-06-25",
      preparer: { name: "深圳市某某商业保理有限公司" },
    });
    expect(r.certificate.parties?.[0]?.details?.address).toBe("上海市浦东新区某某路1号（入驻某某商务秘书有限公司）");
  });
});
