/**
 * The CLI's evidence table (cli/evidence.ts) cuts a long snippet around its hit (the evidence's
 * highlightRanges), so the matched number is always shown whole, with "…" where context was cut; the
 * column keeps its width whatever the script (a CJK character takes two columns).
 */
import { describe, expect, it } from "vitest";
import { evidenceTable } from "../cli/evidence.ts";
import { displayWidth, windowAround } from "../cli/render.ts";
import type { Evidence } from "../client/index.ts";
import { vocabulary } from "../worker/schemas/vocabulary-words.ts";

function evidence(snippet: string, termValue: string): Evidence {
  const start = snippet.indexOf(termValue);
  return {
    id: "evd_1",
    certificateNumber: "0123456789",
    criterionId: "crt_1",
    fileName: "发票清单.pdf",
    snippet,
    start: 1000 + start,
    end: 1000 + start + termValue.length,
    highlightRanges: [{ start, end: start + termValue.length }],
    indexVersion: "v1",
    matchedAt: "2026-11-25T00:00:00+08:00",
    sourceField: "attachment_text",
    termKind: "invoice_no",
    termValue,
    documentId: "doc_1",
    pageNumber: 1,
  };
}

/** The SNIPPET cell of the table's only data row: the last column, after the OFFSETS one. */
function snippetCell(table: string): string {
  const row = table.trim().split("\n").at(-1)!;
  return row.match(/\d+–\d+ +(.*)$/)![1]!.trim();
}

describe("the CLI's evidence snippet", () => {
  it("shows the matched number whole when it sits past the column's width", () => {
    const snippet = "应收账款发票清单 第3页 序号 12 发票代码 3100231130 发票号码 70937940 金额 308,877.79 开票日期 2025-08-01";
    const table = evidenceTable({ evidence: [evidence(snippet, "70937940")], skipped: 0 }, "chk_1", vocabulary("en"));
    const cell = snippetCell(table);
    // Where the hit was read, in words (not attachment_text).
    expect(table).toMatch(/发票清单\.pdf +attachment text +1 +/);
    expect(cell).toContain("70937940");
    expect(cell.startsWith("…")).toBe(true);
    expect(displayWidth(cell)).toBeLessThanOrEqual(36);
  });

  it("cuts context from both sides, keeps short snippets as they are, and a hit wider than the column from its start", () => {
    const text = `${"a".repeat(40)}12345678${"b".repeat(40)}`;
    const cut = windowAround(text, 40, 48, 20);
    expect(cut).toMatch(/^…a+12345678b+…$/);
    expect(displayWidth(cut)).toBe(20);
    expect(windowAround("短的 12345678 片段", 3, 11, 36)).toBe("短的 12345678 片段");
    expect(windowAround(`x ${"9".repeat(30)} y`, 2, 32, 20)).toBe(`${"9".repeat(19)}…`);
    // Wide characters count two columns each.
    const wide = `${"发".repeat(30)}70937940${"票".repeat(30)}`;
    const wideCut = windowAround(wide, 30, 38, 24);
    expect(wideCut).toContain("70937940");
    expect(displayWidth(wideCut)).toBeLessThanOrEqual(24);
  });
});
