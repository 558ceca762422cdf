/**
 * @module A check's export as PDF for the credit file: the check, then each result with the same
 * fields as the CSV and every hit's snippet with its file and page. Set in STSong-Light, not embedded
 * (worker/pdf/write-stsong.ts): every PDF reader has it, and it holds whatever a person typed in a
 * note, which the generator's subset font does not.
 */
import { A4, textWidth, type PageDrawing, type TextRun } from "../../pdf/drawing";
import { writeStSongPdf } from "../../pdf/write-stsong";
import { visibleText } from "../../domain/text/visible-text";
import { fill, formatTime, type Lang } from "../view/i18n";
import { vocabulary } from "../view/vocabulary";
import type { CheckReport } from "./check-report";
import { EXPORT_COLUMNS, exportCells, exportWords } from "./export-words";

const MARGIN = 50;
const TITLE_SIZE = 16;
const HEADING_SIZE = 12;
const BODY_SIZE = 9.5;
/** Line height as a multiple of the font size. */
const LEADING = 1.45;
/** Space before a result's heading, in points. */
const BLOCK_GAP = 10;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
/** Continuation lines of a labelled field start this far right. */
const HANGING_INDENT = 12;
const SNIPPET_GRAY = 0.25;

/** Breaks text into lines no wider than `width` at `size` (CJK text breaks anywhere, so by character). */
export function wrapText(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const ch of paragraph) {
      if (line !== "" && textWidth(line + ch, size) > width) {
        lines.push(line);
        line = "";
      }
      line += ch;
    }
    lines.push(line);
  }
  return lines;
}

class PageFlow {
  readonly pages: PageDrawing[] = [];
  private runs: TextRun[] = [];
  private y = 0;

  constructor() {
    this.newPage();
  }

  private newPage(): void {
    this.runs = [];
    this.pages.push({ width: A4.width, height: A4.height, runs: this.runs });
    this.y = A4.height - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Writes text wrapped to the text width; continuation lines indented by `indent`; hidden characters as their escapes. */
  write(text: string, size: number, options: { indent?: number; gray?: number } = {}): void {
    const indent = options.indent ?? 0;
    wrapText(visibleText(text), size, TEXT_WIDTH - indent).forEach((line, i) => {
      if (this.y - size * LEADING < MARGIN) this.newPage();
      this.y -= size * LEADING;
      const x = MARGIN + (i === 0 ? 0 : indent);
      this.runs.push({ text: line, x, y: this.y, size, ...(options.gray ? { gray: options.gray } : {}) });
    });
  }
}

export interface ExportContext {
  lang: Lang;
  exportedBy: string;
  exportedAt: number;
}

export function checkPdf(report: CheckReport, context: ExportContext): Uint8Array {
  const { lang } = context;
  const words = exportWords(lang);
  const checkWords: Readonly<Record<string, string>> = vocabulary(lang).check;
  const flow = new PageFlow();
  const { check } = report;
  flow.write(words.title, TITLE_SIZE);
  flow.gap(BLOCK_GAP);
  const facts: Array<[string, string]> = [
    [words.applicant, check.applicant],
    [words.criteria, report.criteria.map((c) => c.value).join("; ")],
    [words.status, checkWords[check.status] ?? check.status],
    [words.createdAt, formatTime(lang, new Date(check.createdAt).toISOString())],
    [words.exportedAt, formatTime(lang, new Date(context.exportedAt).toISOString())],
    [words.exportedBy, context.exportedBy],
    ["ID", check.id],
  ];
  for (const [label, value] of facts) flow.write(`${label}: ${value}`, BODY_SIZE, { indent: HANGING_INDENT });
  for (const row of report.rows) {
    const cells = exportCells(lang, row);
    flow.gap(BLOCK_GAP);
    flow.write(`${row.certificateNumber} · ${cells.matchStatus}`, HEADING_SIZE);
    for (const column of EXPORT_COLUMNS.slice(1)) {
      if (cells[column] !== "") flow.write(`${words[column]}: ${cells[column]}`, BODY_SIZE, { indent: HANGING_INDENT });
    }
    if (row.matchStatus !== "matched") continue;
    flow.write(`${words.hits}:`, BODY_SIZE);
    if (row.hits.length === 0) flow.write(words.noHits, BODY_SIZE, { indent: HANGING_INDENT });
    for (const hit of row.hits) {
      const where = hit.pageNumber === null ? hit.fileName : `${hit.fileName}, ${fill(words.page, { n: hit.pageNumber })}`;
      flow.write(`· ${hit.criterion} — ${where}`, BODY_SIZE, { indent: HANGING_INDENT });
      flow.write(`  “${hit.snippet}”`, BODY_SIZE, { indent: HANGING_INDENT, gray: SNIPPET_GRAY });
    }
  }
  return writeStSongPdf(flow.pages, { title: `${words.title} · ${visibleText(check.applicant)}` });
}
