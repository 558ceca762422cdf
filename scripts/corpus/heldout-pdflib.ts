/**
 * @module Held-out pdf-lib layouts (system TrueType fonts, as scripts/corpus/render-pdflib.ts cuts them):
 * - "per-glyph": every character drawn as its own positioned text object, as some generators do, with
 *   no gap inside words and a wide gap between a label and its value (no rules, no fixed value column);
 * - "rotated-page": a portrait MediaBox with /Rotate 90, the content drawn turned a quarter so that the
 *   page shows as landscape: a label | value table along the page's long side;
 * - "mixed-size": labels small, grey and bold (fill-and-stroke text), values larger, their first lines
 *   on another baseline; a page header naming the debtor with "第N页 共M页", a footer with a
 *   QR-code-like box of text and a verification code.
 */
import fontkit from "@pdf-lib/fontkit";
import subsetFont from "subset-font";
import {
  degrees,
  PDFDocument,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setTextRenderingMode,
  TextRenderingMode,
} from "pdf-lib";
import type { PrintedDocument } from "./document";
import { debtorName, qrLikeBox, SECTION_TITLES, sections, verificationCode } from "./heldout-blocks";
import { MixedFont, type SystemFonts } from "./render-pdflib";
import { wrapToWidth } from "./wrap-to-width";

export type HeldoutPdfLibLayout = "per-glyph" | "rotated-page" | "mixed-size";

export const HELDOUT_PDFLIB_LAYOUTS: readonly HeldoutPdfLibLayout[] = ["per-glyph", "rotated-page", "mixed-size"];

/** The page as the reader sees it (after /Rotate), in points, y measured down from the top. */
interface Sheet {
  width: number;
  height: number;
}

const PORTRAIT: Sheet = { width: 595.28, height: 841.89 };
const LANDSCAPE: Sheet = { width: 841.89, height: 595.28 };
const MARGIN = 50;

interface Pen {
  text(page: PDFPage, text: string, x: number, top: number, size: number, o?: { bold?: boolean; grey?: boolean }): void;
  line(page: PDFPage, x1: number, top1: number, x2: number, top2: number): void;
}

/** Draws on an upright page: y from the top turned into PDF's y from the bottom. */
function uprightPen(font: MixedFont, sheet: Sheet, perGlyph: boolean): Pen {
  return {
    text(page, text, x, top, size, o = {}) {
      const color = o.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
      if (o.bold) page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.FillAndOutline), setLineWidth(0.25));
      // Per glyph: one text object per character; otherwise one per run of a font.
      let at = x;
      for (const run of perGlyph ? [...text].flatMap((ch) => font.runs(ch)) : font.runs(text)) {
        if (run.text !== " ") page.drawText(run.text, { x: at, y: sheet.height - top, size, font: run.font, color });
        at += run.font.widthOfTextAtSize(run.text, size);
      }
      if (o.bold) page.pushOperators(popGraphicsState());
    },
    line(page, x1, top1, x2, top2) {
      page.drawLine({ start: { x: x1, y: sheet.height - top1 }, end: { x: x2, y: sheet.height - top2 }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
    },
  };
}

/**
 * Draws on a portrait page shown with /Rotate 90 (turned clockwise): the reader's point (X, Y from the
 * top) is the page's (x = Y, y = X), and text runs up the page (rotated 90° counter-clockwise).
 */
function rotatedPen(font: MixedFont): Pen {
  return {
    text(page, text, x, top, size) {
      let along = x;
      for (const r of font.runs(text)) {
        page.drawText(r.text, { x: top, y: along, size, font: r.font, rotate: degrees(90) });
        along += r.font.widthOfTextAtSize(r.text, size);
      }
    },
    line(page, x1, top1, x2, top2) {
      page.drawLine({ start: { x: top1, y: x1 }, end: { x: top2, y: x2 }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
    },
  };
}

interface Style {
  labelSize: number;
  valueSize: number;
  leading: number;
  /** Where values start: a fixed column, or right after the label and a gap. */
  valueX: (label: string, font: MixedFont) => number;
  ruled: boolean;
  bold: boolean;
}

const STYLES: Record<HeldoutPdfLibLayout, Style> = {
  "per-glyph": {
    labelSize: 10,
    valueSize: 10,
    leading: 15,
    valueX: (label, font) => MARGIN + font.widthOfTextAtSize(label, 10) + 22,
    ruled: false,
    bold: false,
  },
  "rotated-page": { labelSize: 9.5, valueSize: 9.5, leading: 14, valueX: () => MARGIN + 130, ruled: true, bold: false },
  "mixed-size": { labelSize: 7.5, valueSize: 11, leading: 16, valueX: () => MARGIN + 96, ruled: false, bold: true },
};

class Flow {
  readonly pages: PDFPage[] = [];
  private top = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly sheet: Sheet,
    private readonly rotated: boolean,
    private readonly topMargin: number,
  ) {
    this.newPage();
  }

  get page(): PDFPage {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error("no page");
    return page;
  }

  newPage(): void {
    const page = this.rotated ? this.pdf.addPage([this.sheet.height, this.sheet.width]) : this.pdf.addPage([this.sheet.width, this.sheet.height]);
    if (this.rotated) page.setRotation(degrees(90));
    this.pages.push(page);
    this.top = this.topMargin;
  }

  /** The top of the next line of `height`, on a new page when this one is full. */
  take(height: number): number {
    if (this.top + height > this.sheet.height - 56) this.newPage();
    const at = this.top;
    this.top += height;
    return at;
  }
}

export async function renderHeldoutPdfLib(doc: PrintedDocument, layout: HeldoutPdfLibLayout, fonts: SystemFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const f = doc.furniture;
  const box = qrLikeBox(doc.numberRow.value);
  const code = verificationCode(doc.numberRow.value);
  // Every character drawn must be in the cut fonts (render-pdflib.ts says why).
  const chars = `${JSON.stringify(doc)}${SECTION_TITLES.join("")}${box.join("")}${code}打印时间：代理登记机构扫描二维码验证码第共页/0123456789 （）`;
  const cut = (bytes: Uint8Array) => subsetFont(bytes, chars, { targetFormat: "truetype" });
  const font = new MixedFont(await pdf.embedFont(await cut(fonts.cjk)), await pdf.embedFont(await cut(fonts.latin)), fonts.cjkCovers);
  pdf.setTitle(doc.title);
  pdf.setProducer("pdf-lib corpus (held out)");
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const rotated = layout === "rotated-page";
  const sheet = rotated ? LANDSCAPE : PORTRAIT;
  const pen = rotated ? rotatedPen(font) : uprightPen(font, sheet, layout === "per-glyph");
  const style = STYLES[layout];
  const flow = new Flow(pdf, sheet, rotated, 70);
  const right = sheet.width - MARGIN;

  const line = (text: string, x: number, size: number) => pen.text(flow.page, text, x, flow.take(size + 7) + size, size);
  line(`${doc.numberRow.label}：${doc.numberRow.value}`, MARGIN, 10);
  flow.take(6);
  line(doc.title, (sheet.width - font.widthOfTextAtSize(doc.title, 15)) / 2, 15);
  const printed = `打印时间：${f.printTime}`;
  line(printed, right - font.widthOfTextAtSize(printed, 8.5), 8.5);
  for (const s of sections(doc)) {
    if (s.title) line(s.title, MARGIN, 11);
    if (s.heading) line(s.heading, MARGIN + 8, 10);
    for (const r of s.rows) {
      const x = style.valueX(r.label, font);
      const lines = wrapToWidth(r.value, right - x - 4, style.valueSize, font);
      lines.forEach((text, k) => {
        const top = flow.take(style.leading);
        const baseline = top + style.valueSize + 1;
        if (k === 0) {
          if (style.ruled) pen.line(flow.page, MARGIN, top - 2, right, top - 2);
          // A smaller label sits on its own baseline: the top of the row, not the value's baseline.
          pen.text(flow.page, r.label, MARGIN, top + style.labelSize + 1, style.labelSize, { bold: style.bold, grey: style.bold });
        }
        pen.text(flow.page, text, x, baseline, style.valueSize);
      });
    }
  }
  flow.take(8);
  line(`代理登记机构：${f.agent}`, MARGIN, 9);
  if (f.closing) line(f.closing, MARGIN, 8.5);
  const total = flow.pages.length;
  flow.pages.forEach((page, k) => {
    const pageNo = `第${k + 1}页${f.pageCount || layout === "mixed-size" ? ` 共${total}页` : ""}`;
    if (layout === "mixed-size") {
      const header = `${debtorName(doc)}\u3000${doc.numberRow.label}：${doc.numberRow.value}`;
      pen.text(page, header, MARGIN, 40, 8);
      pen.text(page, pageNo, right - font.widthOfTextAtSize(pageNo, 8), 40, 8);
      for (const [j, row] of box.entries()) pen.text(page, row, MARGIN, sheet.height - 44 + j * 4.2, 4);
      pen.text(page, `扫描二维码验证\u3000验证码：${code}`, MARGIN + 40, sheet.height - 30, 7.5);
      return;
    }
    pen.text(page, f.header, MARGIN, 40, 8);
    pen.text(page, pageNo, (sheet.width - font.widthOfTextAtSize(pageNo, 8)) / 2, sheet.height - 28, 8);
    if (f.watermark && !rotated)
      page.drawText(f.watermark, { x: 140, y: 320, size: 40, font: font.cjk, rotate: degrees(35), opacity: 0.2, color: rgb(0.6, 0.6, 0.6) });
  });
  return pdf.save({ useObjectStreams: true });
}
