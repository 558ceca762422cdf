/**
 * @module pdf-lib with @pdf-lib/fontkit and system TrueType fonts: Droid Sans Fallback (fonts-droid-fallback;
 * the Noto CJK faces are OpenType collections that pdf-lib cannot pick a face from) has no Latin letters or
 * digits, so those are set in Liberation Serif, as office documents set SimSun with Times New Roman: one
 * line is several runs in two fonts. Each font is cut to the document's characters by hb-subset
 * (subset-font) and embedded whole: fontkit's own subset of Droid Sans Fallback drops the parts of its
 * composite glyphs, and most Chinese characters then render blank (the text layer stays right). Ruled tables drawn by hand, each row's VALUE written to the content stream
 * before its LABEL on the same baseline, so a reader that trusts stream order reads value then label.
 * - "value-first": label | value, numbers printed in groups of four ("0283 6616 0003 4341 8599");
 * - "narrow-columns": two label/value pairs per row in narrow cells, so 20-digit numbers and codes wrap
 *   across lines inside their cell.
 * Header, footer (page N, optionally of M) and a diagonal watermark on every page.
 */
import fontkit from "@pdf-lib/fontkit";
import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
import { degrees, type PDFFont, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { PrintedDocument, Row } from "./document";
import { wrapToWidth } from "./wrap-to-width";

export type PdfLibLayout = "value-first" | "narrow-columns";

export const SYSTEM_FONTS = {
  cjk: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
  latin: "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
} as const;

/** Text set in two fonts: CJK characters in one, everything the CJK font lacks in the other. */
export class MixedFont {
  constructor(
    readonly cjk: PDFFont,
    readonly latin: PDFFont,
    private readonly cjkCovers: (ch: string) => boolean,
  ) {}

  runs(text: string): { text: string; font: PDFFont }[] {
    const out: { text: string; font: PDFFont }[] = [];
    for (const ch of text) {
      const font = ch.charCodeAt(0) > 0x2e7f && this.cjkCovers(ch) ? this.cjk : this.latin;
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += ch;
      else out.push({ text: ch, font });
    }
    return out;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; rotate?: ReturnType<typeof degrees>; opacity?: number }): void {
    let x = o.x;
    for (const r of this.runs(text)) {
      page.drawText(r.text, { ...o, x, font: r.font, ...(o.opacity ? { color: rgb(0.6, 0.6, 0.6) } : {}) });
      x += r.font.widthOfTextAtSize(r.text, o.size);
    }
  }
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const SIZE = 9.5;
const LEADING = 14;
const TOP = A4.height - 70;
const BOTTOM = 60;

/** Digit runs of 12 or more printed in groups of four; other text as is. */
function groupNumbers(text: string): string {
  return text.replace(/\d{12,}/g, (run) => run.replace(/(\d{4})(?=\d)/g, "$1 "));
}

function wrap(text: string, width: number, font: MixedFont): string[] {
  return wrapToWidth(text, width, SIZE, font);
}

interface Cell {
  label: string;
  value: string;
  labelWidth: number;
  valueWidth: number;
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = TOP;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: MixedFont,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(page);
    this.page = page;
    this.y = TOP;
    return page;
  }

  gap(points: number): void {
    this.y -= points;
  }

  text(text: string, x: number, size = SIZE): void {
    if (this.y < BOTTOM) this.newPage();
    this.font.draw(this.page, text, { x, y: this.y, size });
    this.y -= size + 6;
  }

  /** One table row of cells side by side; a row taller than the page left continues on the next page. */
  row(cells: Cell[]): void {
    const wrapped = cells.map((c) => ({
      ...c,
      lines: wrap(c.value, c.valueWidth - 8, this.font),
      labelLines: wrap(c.label, c.labelWidth - 8, this.font),
    }));
    let offset = 0;
    const height = Math.max(...wrapped.map((c) => Math.max(c.lines.length, c.labelLines.length)));
    while (offset < height) {
      if (this.y - LEADING < BOTTOM) this.newPage();
      const fit = Math.min(height - offset, Math.floor((this.y - BOTTOM) / LEADING));
      const top = this.y + SIZE + 2;
      let x = MARGIN;
      for (const c of wrapped) {
        // The value goes into the content stream first, then the label on the same baselines.
        c.lines
          .slice(offset, offset + fit)
          .forEach((l, k) => this.font.draw(this.page, l, { x: x + c.labelWidth + 4, y: this.y - k * LEADING, size: SIZE }));
        if (offset === 0) c.labelLines.forEach((l, k) => this.font.draw(this.page, l, { x: x + 4, y: this.y - k * LEADING, size: SIZE }));
        const bottom = top - fit * LEADING - 4;
        this.page.drawRectangle({ x, y: bottom, width: c.labelWidth, height: top - bottom, borderColor: rgb(0.3, 0.3, 0.3), borderWidth: 0.5 });
        this.page.drawRectangle({
          x: x + c.labelWidth,
          y: bottom,
          width: c.valueWidth,
          height: top - bottom,
          borderColor: rgb(0.3, 0.3, 0.3),
          borderWidth: 0.5,
        });
        x += c.labelWidth + c.valueWidth;
      }
      this.y -= fit * LEADING + 4;
      offset += fit;
    }
  }
}

const FULL = A4.width - 2 * MARGIN;
const PRINT_TIME = "打印时间：";
const AGENT = "代理登记机构：";

function rowsOf(doc: PrintedDocument, layout: PdfLibLayout): Cell[][] {
  const out: Cell[][] = [];
  const value = (r: Row) => (layout === "value-first" ? groupNumbers(r.value) : r.value);
  for (const block of doc.blocks) {
    if (block.heading) out.push([{ label: block.heading, value: "", labelWidth: FULL - 1, valueWidth: 1 }]);
    if (layout === "value-first") {
      for (const r of block.rows) out.push([{ label: r.label, value: value(r), labelWidth: 120, valueWidth: FULL - 120 }]);
      continue;
    }
    const pending: Row[] = [];
    const half = FULL / 2;
    const pair = () => {
      const cells = pending.splice(0).map((r) => ({ label: r.label, value: r.value, labelWidth: 92, valueWidth: half - 92 }));
      if (cells.length) out.push(cells);
    };
    for (const r of block.rows) {
      if (r.long) {
        pair();
        out.push([{ label: r.label, value: r.value, labelWidth: 92, valueWidth: FULL - 92 }]);
        continue;
      }
      pending.push(r);
      if (pending.length === 2) pair();
    }
    pair();
  }
  return out;
}

export async function renderPdfLib(doc: PrintedDocument, layout: PdfLibLayout, fonts: SystemFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // Every character drawn must be in the cut fonts: a missing one draws as .notdef, and all the missing
  // ones then share that glyph's single ToUnicode entry (理 extracted as 打).
  const chars = `${JSON.stringify(doc)}${PRINT_TIME}${AGENT}第共页0123456789 `;
  const cut = (bytes: Uint8Array) => subsetFont(bytes, chars, { targetFormat: "truetype" });
  const font = new MixedFont(await pdf.embedFont(await cut(fonts.cjk)), await pdf.embedFont(await cut(fonts.latin)), fonts.cjkCovers);
  pdf.setTitle(doc.title);
  pdf.setProducer("pdf-lib corpus");
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const w = new Writer(pdf, font);
  const f = doc.furniture;
  const number = layout === "value-first" ? groupNumbers(doc.numberRow.value) : doc.numberRow.value;
  w.row([{ label: doc.numberRow.label, value: number, labelWidth: 120, valueWidth: layout === "value-first" ? FULL - 120 : 100 }]);
  w.gap(10);
  w.text(doc.title, (A4.width - font.widthOfTextAtSize(doc.title, 15)) / 2, 15);
  const printed = `${PRINT_TIME}${f.printTime}`;
  w.text(printed, A4.width - MARGIN - font.widthOfTextAtSize(printed, 8.5), 8.5);
  for (const cells of rowsOf(doc, layout)) w.row(cells);
  w.text(`${AGENT}${f.agent}`, MARGIN);
  if (f.closing) w.text(f.closing, MARGIN, 8.5);
  w.pages.forEach((page, k) => {
    font.draw(page, f.header, { x: MARGIN, y: A4.height - 36, size: 8 });
    const footer = `第${k + 1}页${f.pageCount ? ` 共${w.pages.length}页` : ""}`;
    font.draw(page, footer, { x: (A4.width - font.widthOfTextAtSize(footer, 8)) / 2, y: 30, size: 8 });
    if (f.watermark) font.draw(page, f.watermark, { x: 130, y: 300, size: 40, rotate: degrees(35), opacity: 0.25 });
  });
  return pdf.save({ useObjectStreams: true });
}

export interface SystemFonts {
  cjk: Uint8Array;
  latin: Uint8Array;
  cjkCovers: (ch: string) => boolean;
}

/** The font files as Node reads them (Buffers: subset-font refuses a plain Uint8Array). */
export function systemFonts(): SystemFonts {
  const cjk = readFileSync(SYSTEM_FONTS.cjk);
  const face = fontkit.create(cjk);
  return { cjk, latin: readFileSync(SYSTEM_FONTS.latin), cjkCovers: (ch) => face.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) };
}
