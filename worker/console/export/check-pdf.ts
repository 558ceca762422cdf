/**
 * @module A check's export as PDF for the credit file (console-api.md, ?format=pdf): the first page is
 * the check's summary (what was searched, by whom, when, its status and coverage), then each result with
 * the same fields as the other formats and every hit's snippet with its file, page and form. When the
 * coverage is incomplete, the first page and every page's footer say so, and that a criterion not found
 * is not evidence that there is no risk. Times are in the reader's zone and words.
 *
 * The font (Noto Sans SC) is embedded, cut to this document's characters (worker/pdf/embed-subset-font.ts):
 * a reader without a Chinese font of its own prints every glyph, and whatever a person typed in a note
 * is covered, which the sandbox generator's build-time subset is not.
 */
import { grayscale, PDFDocument, type PDFFont } from "pdf-lib";
import { A4 } from "../../pdf/drawing";
import { visibleText } from "../../domain/text/visible-text";
import { embedSubsetFont, finishSubsetFont } from "../../pdf/embed-subset-font";
import { fill } from "../view/i18n";
import type { CheckReport, ReportHit, ReportRow } from "./check-report";
import { coverageSentences, summaryFacts, type ExportContext } from "./check-summary";
import { RESULT_COLUMNS, type HumanValue } from "./export-columns";
import { exportWords, type ExportWords } from "./export-words";
import { wordsInZone } from "./zoned-time";

const MARGIN = 50;
/** Room under the body for the footer's two lines. */
const FOOTER_SPACE = 40;
const FOOTER_SIZE = 7.5;
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
/** The warning of incomplete coverage is set apart from the facts: darker red would not survive a grey printer. */
const WARNING_SIZE = 11;

interface Block {
  text: string;
  size: number;
  indent?: number;
  gray?: number;
  gapBefore?: number;
  newPage?: boolean;
}

function humanText(value: HumanValue, context: ExportContext): string {
  if (value === null) return "";
  return "instant" in value ? wordsInZone(context.lang, value.instant, context.zone) : value.text;
}

function hitLine(hit: ReportHit, words: ExportWords): string {
  const where = hit.pageNumber === null ? hit.fileName : `${hit.fileName}, ${fill(words.page, { n: hit.pageNumber })}`;
  const form = fill(words[`form_${hit.form}`], { printed: hit.printed });
  return `· ${hit.criterion} (${form}) — ${where}`;
}

function resultBlocks(row: ReportRow, context: ExportContext): Block[] {
  const words = exportWords(context.lang);
  const blocks: Block[] = [];
  const match = humanText(RESULT_COLUMNS.find((c) => c.key === "matchStatus")!.human(row, context.lang), context);
  blocks.push({ text: `${row.certificateNumber} · ${match}`, size: HEADING_SIZE, gapBefore: BLOCK_GAP });
  for (const column of RESULT_COLUMNS) {
    if (column.key === "certificateNumber") continue;
    const value = humanText(column.human(row, context.lang), context);
    if (value !== "") blocks.push({ text: `${words[column.key]}: ${value}`, size: BODY_SIZE, indent: HANGING_INDENT });
  }
  if (row.matchStatus !== "matched") return blocks;
  blocks.push({ text: `${words.hits}:`, size: BODY_SIZE });
  if (row.hits.length === 0) blocks.push({ text: words.noHits, size: BODY_SIZE, indent: HANGING_INDENT });
  for (const hit of row.hits) {
    blocks.push({ text: hitLine(hit, words), size: BODY_SIZE, indent: HANGING_INDENT });
    blocks.push({ text: `  “${hit.snippet}”`, size: BODY_SIZE, indent: HANGING_INDENT, gray: SNIPPET_GRAY });
  }
  return blocks;
}

/**
 * Everything the document says, in order; the summary alone on the first page. Stored text (names,
 * criteria, notes, file names) is set with its hidden characters as visible escapes (〈U+202E〉), never raw.
 */
export function reportBlocks(report: CheckReport, context: ExportContext): Block[] {
  const words = exportWords(context.lang);
  const blocks: Block[] = [{ text: `${words.title} · ${report.check.applicant}`, size: TITLE_SIZE }];
  if (!report.check.coverageComplete) {
    for (const sentence of coverageSentences(report, context.lang)) blocks.push({ text: sentence, size: WARNING_SIZE, gapBefore: 4 });
  }
  blocks.push({ text: "", size: BODY_SIZE });
  for (const fact of summaryFacts(report, context)) {
    const [first = "", ...rest] = humanText(fact.value, context).split("\n");
    blocks.push({ text: `${fact.label}: ${first}`, size: BODY_SIZE, indent: HANGING_INDENT });
    for (const line of rest) blocks.push({ text: `  ${line}`, size: BODY_SIZE, indent: HANGING_INDENT });
  }
  report.rows.forEach((row, i) => {
    const [heading, ...rest] = resultBlocks(row, context);
    blocks.push({ ...heading!, newPage: i === 0 }, ...rest);
  });
  return blocks.map((block) => ({ ...block, text: visibleText(block.text) }));
}

export function footerLines(report: CheckReport, context: ExportContext, page: number, pages: number): string[] {
  const words = exportWords(context.lang);
  const where = `${report.check.id} · ${fill(words.pageOf, { n: page, total: pages })}`;
  return (report.check.coverageComplete ? [where] : [words.footerIncomplete, where]).map((line) => visibleText(line));
}

/**
 * Breaks text into lines no wider than `first` (the first line) or `rest` (the others, indented); CJK
 * text breaks anywhere, so by character.
 */
function wrap(text: string, first: number, rest: number, widthOf: (ch: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const ch of text) {
    const w = widthOf(ch);
    if (line !== "" && used + w > (lines.length === 0 ? first : rest)) {
      lines.push(line);
      line = "";
      used = 0;
    }
    line += ch;
    used += w;
  }
  lines.push(line);
  return lines;
}

interface PlacedLine {
  text: string;
  x: number;
  y: number;
  size: number;
  gray: number;
}

function layOut(blocks: readonly Block[], font: PDFFont): PlacedLine[][] {
  const widths = new Map<string, number>();
  const unitWidth = (ch: string) => {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, 1)));
    return w;
  };
  const pages: PlacedLine[][] = [[]];
  const top = A4.height - MARGIN;
  const bottom = MARGIN + FOOTER_SPACE;
  let y = top;
  const newPage = () => {
    pages.push([]);
    y = top;
  };
  for (const block of blocks) {
    if (block.newPage && pages.at(-1)!.length > 0) newPage();
    else if (block.gapBefore && y !== top) y -= block.gapBefore;
    const indent = block.indent ?? 0;
    // A note or an address keeps its own line breaks; a tab is a space.
    const lines = block.text
      .replace(/\t/g, " ")
      .split(/\r?\n|\r/)
      .flatMap((paragraph, p) =>
        wrap(paragraph, p === 0 ? TEXT_WIDTH : TEXT_WIDTH - indent, TEXT_WIDTH - indent, (ch) => unitWidth(ch) * block.size),
      );
    lines.forEach((text, i) => {
      if (y - block.size * LEADING < bottom) newPage();
      y -= block.size * LEADING;
      pages.at(-1)!.push({ text, x: MARGIN + (i === 0 ? 0 : indent), y, size: block.size, gray: block.gray ?? 0 });
    });
  }
  return pages;
}

const DIGITS = "0123456789";

export async function checkPdf(report: CheckReport, context: ExportContext, fontFile: Uint8Array): Promise<Uint8Array> {
  const blocks = reportBlocks(report, context);
  const footerSample = footerLines(report, context, 1, 1).join("");
  const characters = new Set([...blocks.map((b) => b.text).join(""), ...footerSample, ...DIGITS, " "]);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { font, subset } = await embedSubsetFont(doc, fontFile, "NotoSansSC-Regular", [...characters].join(""));
  const pages = layOut(blocks, font);
  pages.forEach((lines, i) => {
    const page = doc.addPage([A4.width, A4.height]);
    for (const line of lines) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font, color: grayscale(line.gray) });
    footerLines(report, context, i + 1, pages.length).forEach((text, j, all) => {
      page.drawText(text, { x: MARGIN, y: MARGIN - 10 + (all.length - 1 - j) * FOOTER_SIZE * LEADING, size: FOOTER_SIZE, font, color: grayscale(0) });
    });
  });
  const words = exportWords(context.lang);
  doc.setTitle(`${words.title} · ${visibleText(report.check.applicant)}`);
  doc.setProducer("registry-check-api");
  doc.setCreationDate(new Date(context.exportedAt));
  doc.setModificationDate(new Date(context.exportedAt));
  await finishSubsetFont(doc, subset);
  return doc.save({ useObjectStreams: false });
}
