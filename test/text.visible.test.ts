/**
 * Stored text leaves neutralised (docs/input-text.md): hidden characters print as visible escapes in CSV
 * cells and PDF text, and a download's file name is safe for every browser and file system
 * (worker/domain/text/visible-text.ts, worker/domain/text/download-name.ts).
 */
import { describe, expect, it } from "vitest";
import { csvField } from "../worker/domain/csv";
import { contentDisposition, MAX_NAME_CHARS, safeFileName } from "../worker/domain/text/download-name";
import { mayHoldHidden, parseVisibleJson, visibleStrings, visibleText } from "../worker/domain/text/visible-text";
import { HIDDEN_CHARACTER } from "../worker/schemas/text";
import { footerLines, reportBlocks } from "../worker/console/export/check-pdf";
import { checkXlsx } from "../worker/console/export/check-xlsx";
import type { CheckReport } from "../worker/console/export/check-report";

describe("visibleText", () => {
  it.each([
    ["上海示例\u200b供应链", "上海示例〈U+200B〉供应链"],
    ["invoice\u202efdp.exe", "invoice〈U+202E〉fdp.exe"],
    ["a\u0000b\u00adc\ufeffd", "a〈U+0000〉b〈U+00AD〉c〈U+FEFF〉d"],
    ["\u2066x\u2069 \u061c", "〈U+2066〉x〈U+2069〉 〈U+061C〉"],
    ["emoji \u{1F600}\u{E0041}", "emoji \u{1F600}〈U+E0041〉"],
    ["first\r\nsecond\tthird\u000b", "first\r\nsecond\tthird〈U+000B〉"],
    ["已核实，无重复融资", "已核实，无重复融资"],
  ])("%j → %j", (raw, shown) => {
    expect(visibleText(raw)).toBe(shown);
    // Idempotent: an escape is visible text.
    expect(visibleText(shown)).toBe(shown);
  });

  it("looks closely at every text that may hold a hidden character (the quick look is a superset of the rule)", () => {
    const missed: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      const ch = String.fromCodePoint(c);
      if (HIDDEN_CHARACTER.test(ch) && !mayHoldHidden(ch)) missed.push(`U+${c.toString(16)}`);
    }
    expect(missed).toEqual([]);
  });

  it("escapes line breaks too in one-line text", () => {
    expect(visibleText("a\nb", "line")).toBe("a〈U+000A〉b");
  });

  it("parses JSON text with its strings made visible, raw or escaped", () => {
    const value = { name: "k\u202e", note: "a\u0000b\bc\fd\n", lone: "\ud800", n: 1 };
    expect(parseVisibleJson(JSON.stringify(value))).toEqual({
      name: "k〈U+202E〉",
      note: "a〈U+0000〉b〈U+0008〉c〈U+000C〉d\n",
      lone: "〈U+D800〉",
      n: 1,
    });
    const clean = { items: [{ name: "上海示例供应链管理有限公司", path: "C:\\bin\\files" }] };
    expect(parseVisibleJson(JSON.stringify(clean))).toEqual(clean);
  });

  it("reaches every string of a JSON answer, and nothing else", () => {
    expect(visibleStrings({ items: [{ name: "k\u202e", n: 1, ok: true, none: null }], total: 1 })).toEqual({
      items: [{ name: "k〈U+202E〉", n: 1, ok: true, none: null }],
      total: 1,
    });
  });
});

describe("CSV and PDF", () => {
  it("prints a CSV cell's hidden characters as escapes, still quoted and formula-safe", () => {
    expect(csvField("note\u202e, two")).toBe('"note〈U+202E〉, two"');
    expect(csvField("=1+1\u200b")).toBe("'=1+1〈U+200B〉");
    expect(csvField("line\nnext")).toBe('"line\nnext"');
  });

  it("sets the PDF's and the XLSX's hidden characters as escapes", async () => {
    const report = {
      check: {
        id: "chk_1",
        applicant: "上海示例\u200b供应链管理有限公司",
        status: "completed",
        coverageComplete: true,
        sourceQueryId: "qry_1",
        createdAt: 0,
        completedAt: 0,
      },
      criteria: [{ id: "crt_1", kind: "keyword", value: "应收\u0000账款" }],
      createdBy: "x\u200d@bank.example",
      coverageIssues: [],
      rows: [
        {
          registrationId: "reg_1",
          certificateNumber: "41328547000007612020",
          registeredAt: null,
          securedParties: "平安银行\u2067股份有限公司",
          matchStatus: "matched",
          resultStatus: "confirmed",
          matchedCriteria: ["应收\u0000账款"],
          strength: "keyword_only",
          systemDecision: null,
          manualDecision: "confirmed",
          reviewer: "a@bank.example",
          reviewedAt: 0,
          note: "paid \u202e0001 CNY\nsecond line",
          hits: [],
        },
      ],
    } as unknown as CheckReport;
    const context = { lang: "en" as const, zone: "Asia/Shanghai", exportedBy: "x@bank.example", exportedAt: 0 };
    const pdfText = [...reportBlocks(report, context).map((b) => b.text), ...footerLines(report, context, 1, 1)].join("\n");
    const { unzipSync, strFromU8 } = await import("fflate");
    const sheets = unzipSync(checkXlsx(report, context));
    const xlsxText = Object.entries(sheets)
      .filter(([name]) => name.endsWith(".xml"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("");
    for (const text of [pdfText, xlsxText]) {
      for (const hidden of ["\u200b", "\u0000", "\u2067", "\u202e", "\u200d"]) expect(text).not.toContain(hidden);
      for (const shown of ["〈U+200B〉", "〈U+0000〉", "〈U+2067〉", "〈U+202E〉", "〈U+200D〉"]) expect(text).toContain(shown);
    }
    // A note keeps its line break.
    expect(pdfText).toContain("paid 〈U+202E〉0001 CNY\nsecond line");
  });
});

describe("download file names", () => {
  it.each([
    ["invoice\u202efdp.exe", "invoice_fdp.exe"],
    ["发票\u200b清单.pdf", "发票_清单.pdf"],
    ["../../etc/passwd", "_.._etc_passwd"],
    ["..\\..\\boot.ini", "_.._boot.ini"],
    ['a<b>c:d"e|f?g*h.pdf', "a_b_c_d_e_f_g_h.pdf"],
    [" .hidden. ", "hidden"],
    ["CON.pdf", "_CON.pdf"],
    ["nul", "_nul"],
    ["\u0000\u202e", "__"],
    ["...", "download"],
    ["Cafe\u0301.pdf", "Café.pdf"],
  ])("%j is saved as %j", (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });

  it("keeps the extension of a long name under the length bound", () => {
    const name = safeFileName(`${"长".repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(MAX_NAME_CHARS);
    expect(name.endsWith(".pdf")).toBe(true);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
  });

  it("offers the UTF-8 name (RFC 8187 characters only) and a printable-ASCII fallback", () => {
    expect(contentDisposition("invoice\u202efdp.exe")).toBe(`attachment; filename="invoice_fdp.exe"; filename*=UTF-8''invoice_fdp.exe`);
    expect(contentDisposition("发票(1)'s 100%.pdf")).toBe(
      `attachment; filename="__(1)'s 100_.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%281%29%27s%20100%25.pdf`,
    );
  });
});

describe("the browser's visibleText", () => {
  it("escapes exactly what the server's does, for every code point", async () => {
    const browser = await import("../worker/console/browser/visible-text.js");
    const disagreements: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      const ch = String.fromCodePoint(c);
      if (browser.visibleText(`a${ch}b`) !== visibleText(`a${ch}b`)) disagreements.push(`U+${c.toString(16)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
