/**
 * @module Sets a fuzzed certificate (fuzz-case.ts) on A4 pages with its geometry (fuzz-geometry.ts), as a
 * report engine draws the registry's form: every label line and value line its own text run at an
 * absolute place, labels wrapped inside the label cell, rows of one or two pairs, a description that
 * runs over pages (beside its label or under it) followed by a table whose cells stand apart by wide
 * gaps; a header with the number and a footer "第N页 共M页" on every page. The runs go to the PDF in
 * reading order, values before labels, or shuffled, in STSong-Light (not embedded) or the embedded font.
 */
import { A4, type PageDrawing, type TextRun, textWidth } from "../../worker/pdf/drawing";
import { embeddedFontCovers } from "../../worker/pdf/fonts";
import { writeEmbeddedPdf } from "../../worker/pdf/write-embedded";
import { writeStSongPdf } from "../../worker/pdf/write-stsong";
import { Rng } from "../../worker/upstream/sandbox/prng";
import type { Band, Pair } from "./fuzz-bands";
import type { FuzzDocument } from "./fuzz-case";
import type { FuzzGeometry } from "./fuzz-geometry";
import { MID_ROW_TEXTS } from "./fuzz-vocabulary";

/** Inner padding of a cell, points. */
const PAD = 4;
/** The body's first line, from the page's top, and how close to the bottom it may run (points). */
const BODY_TOP = 78;
const BODY_BOTTOM = A4.height - 60;
const TITLE_SIZE = 15;
const FURNITURE_SIZE = 8;
/** Space before a heading, points. */
const HEADING_GAP = 6;
/** Columns of the description's invoice table: each cell starts this far right of the previous one, as a share of the column. */
const TABLE_COLUMNS = [0, 0.34, 0.68];
/** The end mark a description's cell may keep as its own text. */
const END_MARK = "＜完＞";

/**
 * The lines `text` breaks into at `width` points (greedy, character by character: CJK text has no words).
 * A space at a break hangs, as renderers set it: no line starts or ends with one (a right-aligned line ends
 * at its last glyph).
 */
function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const ch of text) {
    if (line !== "" && textWidth(line.trimEnd() + ch, size) > width) {
      lines.push(line.trimEnd());
      line = "";
    }
    if (line === "" && ch === " ") continue;
    line += ch;
  }
  return line === "" ? lines : [...lines, line.trimEnd()];
}

interface Row {
  runs: { run: Omit<TextRun, "y">; top: number; label: boolean }[];
}

class Sheets {
  readonly pages: Row[][] = [[]];
  private top = BODY_TOP;
  /** Rows of pairs set so far: a running row number a form may print mid-row. */
  private rowNumber = 0;

  constructor(private readonly g: FuzzGeometry) {}

  get leading(): number {
    return Math.max(this.g.labelSize, this.g.valueSize) * this.g.leading;
  }

  private room(height: number): void {
    if (this.top + height <= BODY_BOTTOM) return;
    this.pages.push([]);
    this.top = BODY_TOP;
  }

  private add(row: Row): void {
    this.pages[this.pages.length - 1]?.push(row);
  }

  /** The row set last, on the last page. */
  lastRow(): Row | undefined {
    const page = this.pages[this.pages.length - 1];
    return page?.[page.length - 1];
  }

  line(text: string, x: number, size: number, gap = 0): void {
    this.room(size * this.g.leading + gap);
    this.top += gap;
    this.add({ runs: [{ run: { text, x, size }, top: this.top, label: false }] });
    this.top += size * this.g.leading;
  }

  /** One row of one or two pairs: every cell's lines centred in the row's height or set from its top. */
  pairs(pairs: Pair[]): void {
    const g = this.g;
    const pairWidth = (A4.width - 2 * g.marginX) / pairs.length;
    const valueWidth = pairWidth - g.labelWidth - g.valueGap - 2 * PAD;
    this.rowNumber++;
    // Text printed mid-row pushes the value right, past a gap of one to three ems.
    const mid = pairs.map((p) => {
      const make = p.between === undefined ? undefined : MID_ROW_TEXTS[p.between];
      if (!make) return null;
      const text = make(this.pages.length, this.rowNumber);
      const size = p.between === 0 ? FURNITURE_SIZE : g.valueSize;
      return { text, size, width: textWidth(text, size) + (1 + (this.rowNumber % 3)) * g.valueSize };
    });
    const cells = pairs.map((p, k) => ({
      label: wrap(p.spaced ? [...p.label].join(" ") : p.label, g.labelWidth - 2 * PAD, g.labelSize),
      value: p.value === "" ? [] : wrap(p.value, valueWidth - (mid[k]?.width ?? 0), g.valueSize),
    }));
    const lines = Math.max(1, ...cells.map((c) => Math.max(c.label.length, c.value.length)));
    const height = lines * this.leading + 2 * PAD;
    this.room(height);
    const row: Row = { runs: [] };
    const place = (texts: string[], x: (t: string, size: number) => number, size: number, label: boolean) => {
      const first = this.top + PAD + (g.centred ? ((lines - texts.length) * this.leading) / 2 : 0);
      texts.forEach((text, k) => row.runs.push({ run: { text, x: x(text, size), size }, top: first + k * this.leading, label }));
    };
    cells.forEach((c, k) => {
      const x0 = g.marginX + k * pairWidth;
      const labelX = (t: string, size: number) => (g.labelAlign === "left" ? x0 + PAD : x0 + g.labelWidth - PAD - textWidth(t, size));
      place(c.label, labelX, g.labelSize, true);
      const valueX = x0 + g.labelWidth + g.valueGap + PAD;
      const between = mid[k];
      // Every other such row sets the text a third of a line low, off the row's baseline (a stamp, a running number in the margin of a cell).
      if (between)
        row.runs.push({
          run: { text: between.text, x: valueX, size: between.size },
          top: this.top + PAD + (this.rowNumber % 2) * this.leading * 0.3,
          label: false,
        });
      place(c.value, () => valueX + (between?.width ?? 0), g.valueSize, false);
    });
    this.add(row);
    this.top += height;
  }

  /** The description: beside its label (the value column) or under it (full width), over as many pages as it takes; then its table. */
  long(band: Extract<Band, { kind: "long" }>): void {
    const g = this.g;
    const beside = g.descriptionPlacement === "beside";
    const x = beside ? g.marginX + g.labelWidth + g.valueGap + PAD : g.marginX + PAD;
    const width = A4.width - g.marginX - PAD - x;
    const glued = band.endMark === "glued" && band.table.length === 0;
    // A mark set as a run of its own after the last line needs room there: the lines wrap short of it.
    const wrapWidth = band.endMark === "run" ? width - textWidth(END_MARK, g.valueSize) - g.valueSize : width;
    const lines = wrap(glued ? band.text + END_MARK : band.text, wrapWidth, g.valueSize);
    if (beside) this.pairs([{ label: band.label, value: lines[0] ?? "" }]);
    else this.pairs([{ label: band.label, value: "" }]);
    for (const text of beside ? lines.slice(1) : lines) this.line(text, x, g.valueSize);
    for (const [row, cells] of band.table.entries()) {
      this.room(this.leading);
      const last = row === band.table.length - 1 && band.endMark === "glued";
      this.add({
        runs: cells.map((text, k) => ({
          run: { text: last && k === cells.length - 1 ? text + END_MARK : text, x: x + (TABLE_COLUMNS[k] ?? 0) * width, size: g.valueSize },
          top: this.top,
          label: false,
        })),
      });
      this.top += this.leading;
    }
    if (band.endMark === "line") this.line(END_MARK, x + (width - textWidth(END_MARK, g.valueSize)) / 2, g.valueSize);
    // A run of its own at the right end of the cell's last line.
    if (band.endMark === "run")
      this.lastRow()?.runs.push(endMarkRun(this.lastRow(), A4.width - g.marginX - PAD - textWidth(END_MARK, g.valueSize), g.valueSize));
    this.top += PAD;
  }
}

/** The end mark as a run of its own on a row's first line, at x. */
function endMarkRun(row: Row | undefined, x: number, size: number): Row["runs"][number] {
  const top = Math.min(...(row?.runs.map((r) => r.top) ?? [0]));
  return { run: { text: END_MARK, x, size }, top, label: false };
}

/** The runs of a page in the stream order the geometry asks for. */
function ordered(rows: Row[], g: FuzzGeometry, rng: Rng): TextRun[] {
  const toRun = (r: Row["runs"][number]): TextRun => ({ ...r.run, y: A4.height - r.top - r.run.size });
  if (g.order === "shuffled") return rng.shuffle(rows.flatMap((r) => r.runs.map(toRun)));
  if (g.order === "values-first") return rows.flatMap((r) => [...r.runs.filter((x) => !x.label), ...r.runs.filter((x) => x.label)].map(toRun));
  return rows.flatMap((r) => r.runs.map(toRun));
}

/** The pages of a fuzzed certificate, furniture included. */
export function layOutFuzz(doc: FuzzDocument, g: FuzzGeometry, seed: number): PageDrawing[] {
  const sheets = new Sheets(g);
  sheets.line(doc.title, (A4.width - textWidth(doc.title, TITLE_SIZE)) / 2, TITLE_SIZE);
  const number = g.groupedNumber ? doc.number.replace(/(\d{4})(?=\d)/g, "$1 ") : doc.number;
  sheets.pairs([{ label: "登记证明编号", value: number }]);
  for (const band of doc.bands) {
    if (band.kind === "heading") sheets.line(band.text, g.marginX, Math.max(g.labelSize, g.valueSize) + 1.5, HEADING_GAP);
    else if (band.kind === "note") sheets.line(band.text, g.marginX, g.valueSize);
    else if (band.kind === "pairs") sheets.pairs(band.pairs);
    else sheets.long(band);
  }
  const rng = Rng.of("fuzz-order", seed);
  const total = sheets.pages.length;
  return sheets.pages.map((rows, k) => {
    const footer = `第${k + 1}页 共${total}页`;
    const furniture: TextRun[] = [
      { text: `登记证明编号：${doc.number}`, x: g.marginX, y: A4.height - 40, size: FURNITURE_SIZE },
      { text: footer, x: (A4.width - textWidth(footer, FURNITURE_SIZE)) / 2, y: 32, size: FURNITURE_SIZE },
    ];
    return { width: A4.width, height: A4.height, runs: [...furniture, ...ordered(rows, g, rng)] };
  });
}

/** The fuzzed certificate as a PDF; the embedded font only where it has every character. */
export async function renderFuzz(doc: FuzzDocument, g: FuzzGeometry, seed: number): Promise<Uint8Array> {
  const pages = layOutFuzz(doc, g, seed);
  const text = pages.flatMap((p) => p.runs.map((r) => r.text)).join("");
  if (g.font === "embedded" && embeddedFontCovers(text)) return writeEmbeddedPdf(pages, { title: doc.title, date: new Date(Date.UTC(2024, 0, 1)) });
  return writeStSongPdf(pages, { title: doc.title });
}
