/**
 * The parser's vocabulary, entry by entry: every label (the sandbox's, other generators', role-prefixed
 * party labels) is found with and without a colon, letter-spaced, at a cell start or after a colon
 * mid-line; every furniture pattern removes its line; amounts printed in figures and capital numerals.
 */
import { describe, expect, it } from "vitest";
import { LABEL_ENTRIES, labelsIn, matchRoleHeading } from "../worker/domain/certificate/labels";
import { contentLines } from "../worker/domain/certificate/lines";
import { amountsDisagree, readAmountParts, readChineseAmount } from "../worker/domain/certificate/values";
import { DEBTOR_ROLES, SECURED_ROLES } from "../worker/domain/certificate/vocabulary";
import { parseCertificate } from "../worker/domain/certificate";

describe("every label entry", () => {
  it.each(LABEL_ENTRIES.map((e) => [e.label, e.field, e.roleHeading] as const))("%s → %s", (label, field, roleHeading) => {
    const colon = labelsIn(`${label}：某值`);
    expect(colon[0]).toMatchObject({ field, roleHeading, start: 0 });
    expect(colon.length).toBe(1);
    const spaced = labelsIn(`${[...label].join(" ")} 某值`);
    expect(spaced[0]?.field).toBe(field);
    const second = labelsIn(`登记时间：2023-05-20 10:23:45 ${label}：某值`);
    expect(second.map((h) => h.field)).toEqual(["registerTime", field]);
    // Without a colon, a label inside a line counts only at a cell boundary.
    const line = `登记时间 2023-05-20 10:23:45 ${label} 某值`;
    expect(labelsIn(line).map((h) => h.field)).toEqual(["registerTime"]);
    expect(labelsIn(line, [line.lastIndexOf(label)]).map((h) => h.field)).toEqual(["registerTime", field]);
  });

  it.each([...DEBTOR_ROLES, ...SECURED_ROLES])("%s heads a party block, alone or with its name", (role) => {
    const side = (SECURED_ROLES as readonly string[]).includes(role) ? "secured_party" : "debtor";
    expect(matchRoleHeading(role)).toMatchObject({ role: side, heading: role, name: null });
    expect(matchRoleHeading(`${role}信息`)).toMatchObject({ role: side, heading: role });
    expect(matchRoleHeading(`${role}（2）`)).toMatchObject({ role: side, heading: role });
    expect(matchRoleHeading(`${role}：上海华信商贸有限公司`)).toMatchObject({ role: side, name: "上海华信商贸有限公司" });
  });
});

describe("furniture", () => {
  it.each([
    "第 2 页 共 3 页",
    "第2页",
    "第2页/共3页",
    "共3页 第2页",
    "Page 2 of 3",
    "2 / 3",
    "- 2 -",
    "<完>",
    "〈完〉",
    "打印时间：2024-01-02 10:11:12",
    "代理登记机构：上海浦东发展银行股份有限公司",
    "中国人民银行征信中心",
    "中征动产融资登记服务有限责任公司 第 1 页 共 2 页",
    "动产融资统一登记公示系统",
  ])("%s is never content", (line) => {
    expect(contentLines([`登记证明编号：02836616000343418599\n${line}\n登记时间：2023-05-20 10:23:45`]).map((l) => l.text)).toEqual([
      "登记证明编号：02836616000343418599",
      "登记时间：2023-05-20 10:23:45",
    ]);
  });

  it("drops a header or footer repeated at the edge of every page, keeps the same words in the body", () => {
    const header = "XX银行动产融资内部打印件";
    const pages = [1, 2, 3].map((n) => `${header}\n登记时间：2023-05-2${n} 10:23:45\n担保范围：主债权\n${header} 机密`);
    const texts = contentLines(pages).map((l) => l.text);
    expect(texts).not.toContain(header);
    expect(texts.filter((t) => t.startsWith("担保范围")).length).toBe(3);
  });
});

describe("amounts", () => {
  it("reads figures, capital numerals, and figures with the capital amount beside them", () => {
    expect(readChineseAmount("人民币壹佰万元整")).toBe("1000000.00");
    expect(readChineseAmount("陆仟捌佰贰拾贰万贰仟壹佰零伍元玖角玖分")).toBe("68222105.99");
    expect(readChineseAmount("壹亿贰仟万元整")).toBe("120000000.00");
    expect(readAmountParts("1,000,000.00（人民币壹佰万元整）")).toEqual({ amount: "1000000.00", words: "1000000.00" });
    expect(readAmountParts("（人民币壹佰万元整）")).toEqual({ amount: "1000000.00", words: "1000000.00" });
    expect(amountsDisagree("1000000.00", "1000000.00")).toBe(false);
    expect(amountsDisagree("1000000.00", "100000.00")).toBe(true);
  });

  it("keeps the figures and reports figures and words that disagree", () => {
    const text = ["登记证明编号：02836616000343418599", "登记类型：初始登记", "主合同金额：1,000,000.00（人民币壹拾万元整）"].join("\n");
    const parsed = parseCertificate([text]);
    expect(parsed.certificate.mainContractAmount).toBe("1000000.00");
    expect(parsed.issues).toContainEqual({
      code: "AMOUNT_WORDS_DISAGREE",
      field: "mainContractAmount",
      rawValue: "1,000,000.00（人民币壹拾万元整）",
      pageNumber: 1,
    });
  });
});

describe("layouts", () => {
  const base = ["动产和权利担保统一登记 初始登记证明", "登记证明编号：0283 6616 0003 4341 8599"];

  it("never glues an unknown line onto a finished value, and reports it", () => {
    const parsed = parseCertificate([[...base, "登记时间：2023-05-20 10:23:45", "本页以下空白", "登记期限：12个月"].join("\n")]);
    expect(parsed.certificate).toMatchObject({
      certificateNumber: "02836616000343418599",
      registerTime: "2023-05-20T10:23:45+08:00",
      registrationMonths: 12,
      registerType: "initial",
    });
    // Under the time's cell, where its continuation would stand: reported on that field (stray-issues.ts).
    expect(parsed.issues).toContainEqual({ code: "UNRECOGNIZED_LINE", field: "registerTime", rawValue: "本页以下空白", pageNumber: 1 });
  });

  it("joins a number wrapped over two lines and two pairs on one line", () => {
    const parsed = parseCertificate([["登记证明编号：0283 6616 0003", "4341 8599", "登记时间：2023-05-20 10:23:45  登记期限：12个月"].join("\n")]);
    expect(parsed.certificate).toMatchObject({
      certificateNumber: "02836616000343418599",
      registerTime: "2023-05-20T10:23:45+08:00",
      registrationMonths: 12,
    });
  });

  it("reads role-prefixed party labels into one party each", () => {
    const parsed = parseCertificate([
      [...base, "出让人类型：企业", "出让人名称：上海华信商贸有限公司", "受让人名称：招商银行股份有限公司上海分行", "受让人类型：金融机构"].join(
        "\n",
      ),
    ]);
    expect(parsed.certificate.parties?.map((p) => [p.role, p.name, p.typeCode])).toEqual([
      ["debtor", "上海华信商贸有限公司", "02"],
      ["secured_party", "招商银行股份有限公司上海分行", "01"],
    ]);
  });

  it("a value printed before its label is taken by that label", () => {
    const parsed = parseCertificate([[...base, "登记期限：12个月", "2023-05-20 10:23:45", "登记时间", "登记到期日：2024-05-20"].join("\n")]);
    expect(parsed.certificate).toMatchObject({ registerTime: "2023-05-20T10:23:45+08:00", registrationMonths: 12, expiresAt: "2024-05-20" });
  });
});
