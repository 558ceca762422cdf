/**
 * @module Held-out "report-engine" certificates: the registry's own form (party blocks under a role
 * heading "出让人信息" with unprefixed 名称 / 类型, two label–value pairs on one row, a term in years,
 * codes under labels wrapped in narrow cells "组织机构代码/统一" / "社会信用代码", empty values, a
 * preamble, "<完>" and a notes page) drawn the way report engines (JasperReports, FineReport) draw a
 * form: every label line and every value line its own text object at an absolute position, each cell's
 * text vertically centred in its row (a one-line value sits between the lines of a wrapped label, a
 * label sits halfway down a wrapped value), and the text objects of a page written to the content
 * stream in no particular order (shuffled), so that nothing but geometry tells which value is whose.
 * - "banded-cells": the pre-2021 title "动产权属统一登记—初始登记", ruled cells, label cells 76 pt wide,
 *   footer "第N页", a notes page after "<完>";
 * - "free-grid": the post-2021 title "动产和权利担保统一登记 初始登记证明", no rules, label cells
 *   54 pt wide (long labels wrap over three lines), footer "第N页 共M页", the diagonal watermark.
 * Set in Noto Sans SC from the npm package @expo-google-fonts/noto-sans-sc (build.mjs fetches it with
 * `npm pack` and cuts it to the document's characters: scripts/font-tables.mjs).
 */
import fontkit from "@pdf-lib/fontkit";
import { degrees, type PDFFont, PDFDocument, rgb } from "pdf-lib";
import type { Rng } from "../../worker/upstream/sandbox/prng";
import type { Block, PrintedDocument, Row } from "./document";
import type { NpmFonts } from "./planned";
import { wrapToWidth } from "./wrap-to-width";

export type ReportEngineLayout = "banded-cells" | "free-grid";

export const REPORT_ENGINE_LAYOUTS: readonly ReportEngineLayout[] = ["banded-cells", "free-grid"];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const SIZE = 9;
const LEADING = 12.5;
const PAD = 4;
const BODY_TOP = 64;
const BODY_BOTTOM = A4.height - 56;

interface Geometry {
  labelWidth: number;
  ruled: boolean;
}

const GEOMETRY: Record<ReportEngineLayout, Geometry> = {
  "banded-cells": { labelWidth: 76, ruled: true },
  "free-grid": { labelWidth: 54, ruled: false },
};

/** A row of the form: one or two label–value pairs, a label over a full-width text, or a heading. */
type Band =
  | { kind: "heading"; text: string }
  | { kind: "note"; text: string }
  | { kind: "pairs"; pairs: { label: string; lines: string[] }[] }
  | { kind: "long"; label: string; value: string };

/** One text object: a line of a label or a value, at its place (top of the line, from the page's top). */
interface TextObject {
  text: string;
  x: number;
  top: number;
  size: number;
}

interface Sheet {
  texts: TextObject[];
  rules: { x1: number; top1: number; x2: number; top2: number }[];
}

/** Short values pair up on one row, as the registry's form does for 名称 | 类型 and 登记期限 | 登记到期日. */
const MAX_PAIRED = 16;

/** The registry's label for a party row, by the field it prints (no role prefix: the block's heading says it). */
function partyLabel(row: Row): string | null {
  const field = row.fields[0]?.split(".")[1];
  if (field === "name") return "名称";
  if (field === "typeCode") return "类型";
  if (field === "personalIdentityNumber") return "身份证件号码";
  if (field === "unifiedSocialCreditCode") return "组织机构代码/统一社会信用代码";
  if (row.label.endsWith("法定代表人")) return "法定代表人/负责人";
  if (row.label.endsWith("住所")) return "住所";
  return null;
}

/** A party block as the registry prints it: 名称 and 类型 first, the code under both of its wrapped labels. */
function partyRows(block: Block): Row[] {
  const rows: Row[] = [];
  for (const row of block.rows) {
    const label = partyLabel(row);
    if (!label) continue;
    rows.push({ ...row, label });
    if (row.fields[0]?.endsWith(".unifiedSocialCreditCode")) rows.push({ label: "工商注册号/统一社会信用代码", value: row.value, fields: [] });
  }
  if (!rows.some((r) => r.label === "法定代表人/负责人")) rows.push({ label: "法定代表人/负责人", value: "", fields: [] });
  const rank = (r: Row) => (r.label === "名称" ? 0 : r.label === "类型" ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b));
}

/** "24个月" as the registry's old form prints a whole number of years: "2年". */
function inYears(row: Row): Row {
  const months = /^(\d+)个月$/.exec(row.value);
  if (!row.fields.includes("registrationMonths") || !months) return row;
  const n = Number(months[1]);
  return n % 12 === 0 ? { ...row, value: `${n / 12}年` } : row;
}

function wrap(text: string, width: number, font: PDFFont): string[] {
  return wrapToWidth(text, width, SIZE, font);
}

function bandsOf(doc: PrintedDocument, layout: ReportEngineLayout, font: PDFFont): Band[] {
  const { labelWidth } = GEOMETRY[layout];
  const fullValue = A4.width - 2 * MARGIN - labelWidth - 2 * PAD;
  const halfValue = (A4.width - 2 * MARGIN) / 2 - labelWidth - 2 * PAD;
  const bands: Band[] = [];
  const rowsToBands = (rows: Row[]) => {
    let pending: Row[] = [];
    const flush = () => {
      if (pending.length)
        bands.push({
          kind: "pairs",
          pairs: pending.map((r) => ({ label: r.label, lines: wrap(r.value, pending.length === 2 ? halfValue : fullValue, font) })),
        });
      pending = [];
    };
    for (const row of rows) {
      if (row.long && row.value.length > 60) {
        flush();
        bands.push({ kind: "long", label: row.label, value: row.value });
        continue;
      }
      if (row.value.length > MAX_PAIRED || row.label.length > 8 || row.value.includes("、")) {
        flush();
        // Several file names: one per line under one label.
        const lines = row.fields.includes("declaredAttachments") ? row.value.split("、") : wrap(row.value, fullValue, font);
        bands.push({ kind: "pairs", pairs: [{ label: row.label, lines }] });
        continue;
      }
      pending.push(row);
      if (pending.length === 2) flush();
    }
    flush();
  };
  const [registration, ...rest] = doc.blocks;
  const preparer = rest.find((b) => b.rows.some((r) => r.fields.includes("preparer.name")));
  const businessRow = registration?.rows.find((r) => r.fields.includes("businessTypeCode"));
  bands.push({ kind: "note", text: "以下内容为填表人填写，填表人对所填内容的真实性、合法性承担全部责任。" });
  if (businessRow) bands.push({ kind: "note", text: `本登记为${businessRow.value}业务登记。` });
  bands.push({ kind: "heading", text: "填表人/基本信息" });
  // The title names the type: no 登记种类 row. The preparer's rows open the form, its file number left empty.
  rowsToBands([
    ...(preparer?.rows.filter((r) => r.fields.includes("preparer.name")) ?? []),
    ...(registration?.rows.filter((r) => !r.fields.includes("registerType") && !r.fields.includes("registerTime")).map(inYears) ?? []),
  ]);
  bands.push({ kind: "pairs", pairs: [{ label: "填表人归档号", lines: [] }] });
  let role: string | null = null;
  for (const block of rest) {
    if (block === preparer) continue;
    if (block.party) {
      if (block.party.word !== role) bands.push({ kind: "heading", text: `${block.party.word}信息` });
      role = block.party.word;
      rowsToBands(partyRows(block));
      continue;
    }
    role = null;
    const description = block.rows.find((r) => r.fields.includes("propertyDescription"));
    if (description) {
      bands.push({ kind: "heading", text: `${description.label.replace(/描述$|陈述$/, "")}信息` });
      // A contract number the registrant left empty: the label stands alone, its value cell blank.
      const contract = block.rows.some((r) => r.fields.includes("securityContractNumber"));
      rowsToBands([...(contract ? [] : [{ label: "担保合同号码", value: "", fields: [] }]), ...block.rows]);
      continue;
    }
    if (block.heading) bands.push({ kind: "heading", text: block.heading });
    rowsToBands(block.rows);
  }
  bands.push({ kind: "note", text: "<完>" });
  return bands;
}

/** Lays the bands out on pages: cells of one row share its height and centre their text vertically. */
class Layout {
  readonly sheets: Sheet[] = [];
  private top = BODY_TOP;

  constructor(
    private readonly geometry: Geometry,
    private readonly font: PDFFont,
  ) {
    this.newSheet();
  }

  private get sheet(): Sheet {
    const sheet = this.sheets[this.sheets.length - 1];
    if (!sheet) throw new Error("no sheet");
    return sheet;
  }

  newSheet(): void {
    this.sheets.push({ texts: [], rules: [] });
    this.top = BODY_TOP;
  }

  private room(height: number): void {
    if (this.top + height > BODY_BOTTOM) this.newSheet();
  }

  private box(x: number, top: number, width: number, height: number): void {
    if (!this.geometry.ruled) return;
    const r = this.sheet.rules;
    r.push({ x1: x, top1: top, x2: x + width, top2: top }, { x1: x, top1: top + height, x2: x + width, top2: top + height });
    r.push({ x1: x, top1: top, x2: x, top2: top + height }, { x1: x + width, top1: top, x2: x + width, top2: top + height });
  }

  /** Lines centred vertically in a cell of `height` starting at `top`. */
  private cell(lines: string[], x: number, top: number, height: number): void {
    const first = top + (height - lines.length * LEADING) / 2;
    lines.forEach((text, k) => this.sheet.texts.push({ text, x, top: first + k * LEADING, size: SIZE }));
  }

  text(text: string, x: number, size: number): void {
    this.room(size + 8);
    this.sheet.texts.push({ text, x, top: this.top + 3, size });
    this.top += size + 8;
  }

  pairs(pairs: { label: string; lines: string[] }[]): void {
    const width = A4.width - 2 * MARGIN;
    const pairWidth = width / pairs.length;
    const labelInner = this.geometry.labelWidth - 2 * PAD;
    const labels = pairs.map((p) => wrap(p.label, labelInner, this.font));
    const lines = Math.max(1, ...labels.map((l) => l.length), ...pairs.map((p) => p.lines.length));
    const height = lines * LEADING + 2 * PAD;
    this.room(height);
    pairs.forEach((p, k) => {
      const x = MARGIN + k * pairWidth;
      this.box(x, this.top, this.geometry.labelWidth, height);
      this.box(x + this.geometry.labelWidth, this.top, pairWidth - this.geometry.labelWidth, height);
      this.cell(labels[k] ?? [], x + PAD, this.top, height);
      this.cell(p.lines, x + this.geometry.labelWidth + PAD, this.top, height);
    });
    this.top += height;
  }

  /** A label on a row of its own, then the text in full-width lines that break across pages. */
  long(label: string, value: string): void {
    this.pairs([{ label, lines: [] }]);
    const width = A4.width - 2 * MARGIN;
    for (const line of wrap(value, width - 2 * PAD, this.font)) {
      this.room(LEADING);
      this.sheet.texts.push({ text: line, x: MARGIN + PAD, top: this.top, size: SIZE });
      this.top += LEADING;
    }
    this.top += PAD;
  }
}

const NOTES = [
  "说明：",
  "1.本证明由登记系统根据登记当事人填写的内容生成，登记内容的真实性、合法性由登记当事人负责。",
  "2.登记证明编号唯一，可在登记系统按照证明编号查询验证本证明。",
  "3.本证明无需加盖登记机构印章。",
];

function shuffle<T>(items: T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function grouped(number: string): string {
  return number.replace(/\s+/g, "").replace(/(\d{4})(?=\d)/g, "$1 ");
}

export async function renderReportEngine(doc: PrintedDocument, layout: ReportEngineLayout, fonts: NpmFonts, rng: Rng): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const number = doc.numberRow.value.replace(/\s+/g, "");
  const word = /(\S+登记)证明$/.exec(doc.title)?.[1] ?? "初始登记";
  const title = layout === "banded-cells" ? `动产权属统一登记—${word}` : doc.title;
  const f = doc.furniture;
  const chars = `${JSON.stringify(doc)}${NOTES.join("")}${title}信息名称类型组织机构代码/统一社会信用工商注册号身份证件法定代表人负责住所填表人归档号担保合同号码年<完>以下内容为填写，对所的真实性、合法承担全部责任。本业务登记第页共 0123456789`;
  const font = await pdf.embedFont(await fonts.notoSansSC(chars), { subset: false });
  pdf.setTitle(doc.title);
  pdf.setProducer("report-engine corpus (held out)");
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));

  const geometry = GEOMETRY[layout];
  const lay = new Layout(geometry, font);
  lay.text(f.registry, (A4.width - font.widthOfTextAtSize(f.registry, 11)) / 2, 11);
  lay.text(title, (A4.width - font.widthOfTextAtSize(title, 15)) / 2, 15);
  const time = doc.blocks[0]?.rows.find((r) => r.fields.includes("registerTime"));
  lay.pairs([{ label: doc.numberRow.label, lines: [grouped(number)] }, ...(time ? [{ label: time.label, lines: [time.value] }] : [])]);
  for (const band of bandsOf(doc, layout, font)) {
    if (band.kind === "heading") lay.text(band.text, MARGIN, 10.5);
    else if (band.kind === "note") lay.text(band.text, MARGIN, SIZE);
    else if (band.kind === "pairs") lay.pairs(band.pairs);
    else lay.long(band.label, band.value);
  }
  if (layout === "banded-cells") {
    lay.newSheet();
    for (const note of NOTES) lay.text(note, MARGIN, SIZE);
  }

  const total = lay.sheets.length;
  lay.sheets.forEach((sheet, k) => {
    const page = pdf.addPage([A4.width, A4.height]);
    for (const r of sheet.rules)
      page.drawLine({
        start: { x: r.x1, y: A4.height - r.top1 },
        end: { x: r.x2, y: A4.height - r.top2 },
        thickness: 0.5,
        color: rgb(0.3, 0.3, 0.3),
      });
    const pageNo = layout === "banded-cells" ? `第${k + 1}页` : `第${k + 1}页 共${total}页`;
    const furniture: TextObject[] = [
      { text: `${doc.numberRow.label}： ${grouped(number)}`, x: MARGIN, top: 30, size: 8 },
      { text: pageNo, x: (A4.width - font.widthOfTextAtSize(pageNo, 8)) / 2, top: A4.height - 36, size: 8 },
    ];
    // The engine writes a page's objects in the order of its own element tree, not reading order.
    for (const t of shuffle([...sheet.texts, ...furniture], rng))
      page.drawText(t.text, { x: t.x, y: A4.height - t.top - t.size, size: t.size, font });
    if (f.watermark && layout === "free-grid")
      page.drawText(f.watermark, { x: 150, y: 300, size: 38, font, rotate: degrees(35), color: rgb(0.75, 0.75, 0.75), opacity: 0.3 });
  });
  return pdf.save({ useObjectStreams: true });
}
