/**
 * Pages given without positions are set as typewriter pages (plain-text-pages.ts) and read by the one
 * geometric reader: a line a row, a character an em, two spaces or more a gap between cells.
 */
import { describe, expect, it } from "vitest";
import { parseCertificate } from "../worker/domain/certificate";
import type { SourceLine } from "../worker/domain/certificate/lines";
import { placedLines } from "../worker/domain/certificate/plain-text-pages";

const line = (page: number, start: number, text: string): SourceLine => ({ page, start, text, geometry: null, pageStart: false });

describe("plain-text pages", () => {
  it("sets a page without positions as rows of one em per character, cells after two spaces", () => {
    const [first, second] = placedLines([line(1, 0, "登记时间：2023-05-20  登记期限：12个月"), line(1, 30, "下一行")]);
    const g = first?.geometry;
    const h = second?.geometry;
    if (!g || !h) throw new Error("not placed");
    expect(g.cellStarts).toEqual(["登记时间：2023-05-20  ".length]);
    expect(g.xAt(4)).toBe(4 * g.size);
    expect(g.extent(0, 5)).toMatchObject({ x0: 0, x1: 5 * g.size });
    // The next line a line and a half down: closer than a table's row break, farther than touching.
    expect(h.top - g.top).toBe(1.5 * g.size);
    expect(h.cellStarts).toEqual([]);
  });

  it("leaves a page whose lines have positions as it is", () => {
    const [placed] = placedLines([line(1, 0, "登记类型：初始登记")]);
    const typeset = { ...line(2, 0, "登记期限：12个月"), geometry: placed?.geometry ?? null };
    expect(placedLines([typeset])[0]).toBe(typeset);
  });

  it("keeps a value under its label apart from the next label's value that ends at the same column", () => {
    const text = [
      "动产融资统一登记证明",
      "登记证明编号：02836616000343418599",
      "出质人",
      "名称：上海华信商贸有限公司",
      "组织机构代码：",
      "782268350",
      "法定代表人：杨德轩",
    ];
    const party = parseCertificate([text.join("\n")]).certificate.parties?.[0];
    expect(party?.details).toMatchObject({ organizationCode: "782268350", legalRepresentative: "杨德轩" });
  });

  it("gives a label with nothing beside or below it the typed value printed on the line above it", () => {
    const text = ["动产融资统一登记证明", "登记证明编号：02836616000343418599", "2023-05-20 10:23:45", "登记时间", "登记期限：12个月"];
    expect(parseCertificate([text.join("\n")]).certificate).toMatchObject({ registerTime: "2023-05-20T10:23:45+08:00", registrationMonths: 12 });
  });
});
