/**
 * @module Held-out LibreOffice layouts: Writer documents (flat ODT, .fodt) with real Writer tables, tab
 * stops and page styles, converted by `soffice --convert-to pdf` as an office user's certificate would be:
 * - "section-rows": a two-column table whose section titles are rows spanning both columns
 *   ("担保人信息"), each party under a numbered row of its own ("出质人（1）");
 * - "tab-leaders": "label<TAB>value" paragraphs, the tab stop filled with a dotted leader, sections
 *   numbered "（一）";
 * - "landscape-table": a landscape page, a six-column table (three label/value pairs per row), the page
 *   number inside the header ("第N页 / 共M页").
 */
import type { PrintedDocument, Row } from "./document";
import { sections, tableLines } from "./heldout-blocks";
import { escapeHtml as e } from "./html";

export type HeldoutOfficeLayout = "section-rows" | "tab-leaders" | "landscape-table";

export const HELDOUT_OFFICE_LAYOUTS: readonly HeldoutOfficeLayout[] = ["section-rows", "tab-leaders", "landscape-table"];

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
].join(" ");

const FONT = "Noto Serif CJK SC";
const text = (size: string, bold = false) =>
  `<style:text-properties style:font-name="${FONT}" style:font-name-asian="${FONT}" fo:font-size="${size}" style:font-size-asian="${size}"${bold ? ' fo:font-weight="bold" style:font-weight-asian="bold"' : ""} fo:language="zh" fo:country="CN" style:language-asian="zh" style:country-asian="CN"/>`;

function paragraphStyle(name: string, size: string, o: { bold?: boolean; align?: string; leaderAt?: string; space?: string } = {}): string {
  const tabs = o.leaderAt
    ? `<style:tab-stops><style:tab-stop style:position="${o.leaderAt}" style:leader-style="dotted" style:leader-text="."/></style:tab-stops>`
    : "";
  return `<style:style style:name="${name}" style:family="paragraph"><style:paragraph-properties fo:margin-top="${o.space ?? "0cm"}" fo:margin-bottom="0.04cm"${o.align ? ` fo:text-align="${o.align}"` : ""}>${tabs}</style:paragraph-properties>${text(size, o.bold)}</style:style>`;
}

function cellStyle(name: string, background?: string): string {
  return `<style:style style:name="${name}" style:family="table-cell"><style:table-cell-properties fo:padding="0.08cm" fo:border="0.5pt solid #000000"${background ? ` fo:background-color="${background}"` : ""}/></style:style>`;
}

function columnStyles(widths: string[]): string {
  return widths
    .map(
      (w, k) =>
        `<style:style style:name="C${k}" style:family="table-column"><style:table-column-properties style:column-width="${w}"/></style:style>`,
    )
    .join("");
}

const p = (style: string, content: string) => `<text:p text:style-name="${style}">${content}</text:p>`;
const cell = (content: string, style = "Cell", span = 1) =>
  `<table:table-cell table:style-name="${style}" office:value-type="string"${span > 1 ? ` table:number-columns-spanned="${span}"` : ""}>${content}</table:table-cell>${"<table:covered-table-cell/>".repeat(span - 1)}`;
const row = (cells: string) => `<table:table-row>${cells}</table:table-row>`;

function table(name: string, columns: number, rows: string[]): string {
  const cols = Array.from({ length: columns }, (_, k) => `<table:table-column table:style-name="C${k}"/>`).join("");
  return `<table:table table:name="${name}" table:style-name="Tbl">${cols}${rows.join("")}</table:table>`;
}

function sectionRows(doc: PrintedDocument): string {
  const rows: string[] = [];
  for (const s of sections(doc)) {
    if (s.title) rows.push(row(cell(p("Head", e(s.title)), "HeadCell", 2)));
    if (s.heading) rows.push(row(cell(p("Bold", e(s.heading)), "SubCell", 2)));
    for (const r of s.rows) rows.push(row(cell(p("Body", e(r.label))) + cell(p("Body", e(r.value)))));
  }
  return table("登记信息", 2, rows);
}

function tabLeaders(doc: PrintedDocument): string {
  const ordinals = "一二三四五六七八九十";
  let k = 0;
  return sections(doc)
    .map((s) =>
      [
        s.title ? p("Section", `（${ordinals[k++] ?? k}）${e(s.title)}`) : "",
        s.heading ? p("Bold", e(s.heading)) : "",
        ...s.rows.map((r: Row) => p("Leader", `${e(r.label)}<text:tab/>${e(r.value)}`)),
      ].join(""),
    )
    .join("");
}

function landscapeTable(doc: PrintedDocument): string {
  const rows: string[] = [];
  for (const s of sections(doc)) {
    if (s.title) rows.push(row(cell(p("Head", e(s.title)), "HeadCell", 6)));
    if (s.heading) rows.push(row(cell(p("Bold", e(s.heading)), "SubCell", 6)));
    for (const line of tableLines(s.rows, 3, 24)) {
      if (line.kind === "wide") {
        rows.push(row(cell(p("Small", e(line.row.label)), "LabelCell") + cell(p("Small", e(line.row.value)), "Cell", 5)));
        continue;
      }
      const cells = line.rows.map((r) => cell(p("Small", e(r.label)), "LabelCell") + cell(p("Small", e(r.value))));
      const missing = 3 - line.rows.length;
      rows.push(row(cells.join("") + (missing ? cell(p("Small", ""), "Cell", missing * 2) : "")));
    }
  }
  return table("登记信息", 6, rows);
}

interface PageSetup {
  landscape: boolean;
  header: string;
  footer: string;
  columns: string[];
}

function pageSetup(doc: PrintedDocument, layout: HeldoutOfficeLayout): PageSetup {
  const f = doc.furniture;
  const page = `<text:page-number text:select-page="current">1</text:page-number>`;
  const count = `<text:page-count>1</text:page-count>`;
  switch (layout) {
    case "section-rows":
      return {
        landscape: false,
        header: p("HeaderRight", `${e(f.registry)}\u3000动产融资统一登记公示系统`),
        footer: p("Footer", `${e(doc.numberRow.label)}：${e(doc.numberRow.value)}\u3000\u3000第${page}页${f.pageCount ? ` 共${count}页` : ""}`),
        columns: ["4.2cm", "12.8cm"],
      };
    case "tab-leaders":
      return { landscape: false, header: p("Footer", e(f.registry)), footer: p("Footer", `第${page}页`), columns: [] };
    case "landscape-table":
      return {
        landscape: true,
        header: p("HeaderRight", `${e(doc.numberRow.value)}\u3000第${page}页 / 共${count}页`),
        footer: p("Footer", ""),
        columns: ["2.9cm", "5.0cm", "2.9cm", "5.0cm", "2.9cm", "6.0cm"],
      };
  }
}

export function heldoutFodt(doc: PrintedDocument, layout: HeldoutOfficeLayout): string {
  const f = doc.furniture;
  const setup = pageSetup(doc, layout);
  const [width, height] = setup.landscape ? ["29.7cm", "21cm"] : ["21cm", "29.7cm"];
  const body = layout === "section-rows" ? sectionRows(doc) : layout === "tab-leaders" ? tabLeaders(doc) : landscapeTable(doc);
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="${FONT}" svg:font-family="'${FONT}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph">${text("10.5pt")}</style:default-style>
${paragraphStyle("Body", "10pt")}${paragraphStyle("Small", "9pt")}${paragraphStyle("Bold", "10pt", { bold: true })}
${paragraphStyle("Head", "10.5pt", { bold: true, align: "center" })}${paragraphStyle("Section", "11pt", { bold: true, space: "0.2cm" })}
${paragraphStyle("Title", "15pt", { bold: true, align: "center", space: "0.2cm" })}${paragraphStyle("Right", "9pt", { align: "end" })}
${paragraphStyle("Leader", "10pt", { leaderAt: "5.2cm" })}${paragraphStyle("Footer", "8pt", { align: "center" })}${paragraphStyle("HeaderRight", "8pt", { align: "end" })}
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="${width}" fo:page-height="${height}" style:print-orientation="${setup.landscape ? "landscape" : "portrait"}" fo:margin-top="1.2cm" fo:margin-bottom="1.2cm" fo:margin-left="2cm" fo:margin-right="2cm"/>
<style:header-style><style:header-footer-properties fo:min-height="0.5cm" fo:margin-bottom="0.3cm"/></style:header-style>
<style:footer-style><style:header-footer-properties fo:min-height="0.5cm" fo:margin-top="0.3cm"/></style:footer-style></style:page-layout>
<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="${setup.landscape ? "24.7cm" : "17cm"}" table:align="margins"/></style:style>
${columnStyles(setup.columns)}${cellStyle("Cell")}${cellStyle("LabelCell", "#f2f2f2")}${cellStyle("HeadCell", "#d9d9d9")}${cellStyle("SubCell", "#eeeeee")}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"><style:header>${setup.header}</style:header><style:footer>${setup.footer}</style:footer></style:master-page></office:master-styles>
<office:body><office:text>
${p("Body", `${e(doc.numberRow.label)}：${e(doc.numberRow.value)}`)}
${p("Title", e(doc.title))}
${p("Right", `打印时间：${e(f.printTime)}`)}
${body}
${p("Body", "")}${p("Small", `代理登记机构：${e(f.agent)}`)}
${f.closing ? p("Small", e(f.closing)) : ""}
</office:text></office:body>
</office:document>
`;
}
