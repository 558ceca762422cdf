/**
 * @module Lays lines out on A4 pages and keeps, beside the drawing, the text a correct extractor reads
 * back from each page (header line, body lines, footer line, joined with "\n"; runs on one line joined
 * by one space). The sandbox's truth for page texts and description spans comes from here.
 */
import { A4, type PageDrawing, type TextRun, textWidth } from "../../pdf/drawing";
import { startsStructure } from "../../domain/certificate/labels";

export const MARGIN_X = 56;
export const BODY_SIZE = 10.5;
const LINE_HEIGHT = 17;
const TOP = A4.height - 78;
const BOTTOM = 64;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN_X;

export interface Run {
  text: string;
  x: number;
}

interface Line {
  runs: Run[];
  y: number;
  size: number;
  /** Part of the property description carried by this line: [start, end) in the line's text. */
  description?: { start: number; end: number };
}

export class PageBuilder {
  readonly pages: Line[][] = [[]];
  private y = TOP;

  line(runs: Run[], opts: { size?: number; description?: { start: number; end: number } } = {}): void {
    const size = opts.size ?? BODY_SIZE;
    if (this.y < BOTTOM) this.newPage();
    this.current().push({ runs, y: this.y, size, description: opts.description });
    this.y -= size > BODY_SIZE ? LINE_HEIGHT * 1.8 : LINE_HEIGHT;
  }

  gap(): void {
    this.y -= LINE_HEIGHT / 2;
  }

  newPage(): void {
    this.pages.push([]);
    this.y = TOP;
  }

  private current(): Line[] {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error("no page");
    return page;
  }

  /**
   * The finished pages: each gets the header (certificate number) and footer (issuer, page N of M),
   * and optionally a diagonal watermark that a correct extractor drops.
   */
  finish(
    header: string,
    issuer: string,
    watermark: boolean,
  ): { drawings: PageDrawing[]; texts: string[]; descriptionSpans: { pageNumber: number; start: number; end: number }[] } {
    const drawings: PageDrawing[] = [];
    const texts: string[] = [];
    const descriptionSpans: { pageNumber: number; start: number; end: number }[] = [];
    const total = this.pages.length;
    this.pages.forEach((lines, p) => {
      const footer = `第 ${p + 1} 页 共 ${total} 页`;
      const runs: TextRun[] = [{ text: header, x: A4.width - MARGIN_X - textWidth(header, 9), y: A4.height - 40, size: 9 }];
      const textLines = [header];
      let offset = header.length + 1;
      let span: { start: number; end: number } | null = null;
      for (const line of lines) {
        for (const run of line.runs) runs.push({ text: run.text, x: run.x, y: line.y, size: line.size });
        const text = line.runs.map((r) => r.text).join(" ");
        if (line.description) {
          span ??= { start: offset + line.description.start, end: 0 };
          span.end = offset + line.description.end;
        }
        textLines.push(text);
        offset += text.length + 1;
      }
      runs.push({ text: issuer, x: MARGIN_X, y: 30, size: 9 });
      runs.push({ text: footer, x: A4.width / 2 - 20, y: 30, size: 9 });
      textLines.push(`${issuer} ${footer}`);
      if (watermark) runs.push({ text: issuer, x: 150, y: 250, size: 30, rotate: 35, gray: 0.85 });
      if (span) descriptionSpans.push({ pageNumber: p + 1, ...span });
      drawings.push({ width: A4.width, height: A4.height, runs });
      texts.push(textLines.join("\n"));
    });
    return { drawings, texts, descriptionSpans };
  }
}

/**
 * Breaks `text` into line pieces (concatenation = `text`), never next to a space (an extractor trims
 * line ends) and never so that a continuation line would read as a new label or block heading.
 */
export function wrap(text: string, firstWidth: number, width: number, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let room = firstWidth;
  while (start < text.length) {
    // Longest prefix of the rest that fits: linear in the text, whatever its length.
    let cut = start;
    let used = 0;
    for (const ch of text.slice(start, start + Math.ceil(room / (size * 0.5)) + 2)) {
      used += textWidth(ch, size);
      if (used > room) break;
      cut += ch.length;
    }
    if (cut >= text.length) {
      pieces.push(text.slice(start));
      break;
    }
    cut = Math.max(cut, start + 1);
    // Labels and headings are short: 60 characters are enough to tell whether a line would start one.
    while (cut > start + 1 && (text[cut - 1] === " " || text[cut] === " " || startsStructure(text.slice(cut, cut + 60)))) cut--;
    pieces.push(text.slice(start, cut));
    start = cut;
    room = width;
  }
  return pieces;
}
