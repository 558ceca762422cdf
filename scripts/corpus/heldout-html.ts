/**
 * @module Held-out Chromium layouts (HTML printed to PDF), none of which the parser was tuned on:
 * - "six-column": three label/value pairs per table row, long values across five cells;
 * - "dotted-leaders": "登记时间…………2023-05-20 10:23:45", leader dots drawn as text;
 * - "bracket-labels": "【登记时间】2023-05-20 10:23:45", block headings numbered "一、";
 * - "newspaper-columns": "label：value" paragraphs flowing down the left column, then the right one;
 * - "styled-header": right-aligned bold labels in a narrow column, values larger and left-aligned; a page
 *   header that names the debtor, the certificate number and "第N页"; a footer with a QR-code-like box.
 * Each layout has its own page-number footer ("N / M", "- N -", "第 N 页 / 共 M 页" …).
 */
import type { PrintedDocument, Row } from "./document";
import { debtorName, ordinal, qrLikeBox, sections, tableLines, verificationCode } from "./heldout-blocks";
import { escapeHtml as e } from "./html";

export type HeldoutHtmlLayout = "six-column" | "dotted-leaders" | "bracket-labels" | "newspaper-columns" | "styled-header";

export const HELDOUT_HTML_LAYOUTS: readonly HeldoutHtmlLayout[] = [
  "six-column",
  "dotted-leaders",
  "bracket-labels",
  "newspaper-columns",
  "styled-header",
];

function sixColumn(doc: PrintedDocument): string {
  const out: string[] = [];
  for (const block of doc.blocks) {
    if (block.heading) out.push(`<tr><th colspan="6">${e(block.heading)}</th></tr>`);
    for (const line of tableLines(block.rows, 3, 18)) {
      if (line.kind === "wide") {
        out.push(`<tr><td class="l">${e(line.row.label)}</td><td colspan="5">${e(line.row.value)}</td></tr>`);
        continue;
      }
      const cells = line.rows.map((r) => `<td class="l">${e(r.label)}</td><td>${e(r.value)}</td>`);
      const missing = 3 - line.rows.length;
      out.push(`<tr>${cells.join("")}${missing ? `<td colspan="${missing * 2}"></td>` : ""}</tr>`);
    }
  }
  return `<table class="six">${out.join("\n")}</table>`;
}

/** Leader dots after the label up to the same column for every row (labels are at most 12 characters). */
function leader(label: string): string {
  return "…".repeat(Math.max(2, 13 - [...label].length));
}

function dottedLeaders(doc: PrintedDocument): string {
  return doc.blocks
    .map(
      (b) =>
        `${b.heading ? `<h2>${e(b.heading)}</h2>` : ""}${b.rows.map((r) => `<div class="ld"><span class="k">${e(r.label)}${leader(r.label)}</span><span class="v">${e(r.value)}</span></div>`).join("\n")}`,
    )
    .join("\n");
}

function bracketLabels(doc: PrintedDocument): string {
  let k = 0;
  return sections(doc)
    .map((s) => {
      const title = s.title ? `<h2>${ordinal(k++)}${e(s.title)}</h2>` : "";
      const heading = s.heading ? `<h3>${e(s.heading)}</h3>` : "";
      return `${title}${heading}${s.rows.map((r) => `<p>【${e(r.label)}】${e(r.value)}</p>`).join("\n")}`;
    })
    .join("\n");
}

function newspaperColumns(doc: PrintedDocument): string {
  const body = doc.blocks
    .map((b) => `${b.heading ? `<h2>${e(b.heading)}</h2>` : ""}${b.rows.map((r) => `<p><b>${e(r.label)}</b>：${e(r.value)}</p>`).join("\n")}`)
    .join("\n");
  return `<div class="columns">${body}</div>`;
}

function styledRows(rows: Row[]): string {
  return rows.map((r) => `<tr><td class="l">${e(r.label)}</td><td class="v">${e(r.value)}</td></tr>`).join("\n");
}

function styledHeader(doc: PrintedDocument): string {
  const body = sections(doc)
    .map(
      (s) =>
        `${s.title ? `<tr><td></td><td class="sec">${e(s.title)}</td></tr>` : ""}${s.heading ? `<tr><td class="l">${e(s.heading)}</td><td></td></tr>` : ""}${styledRows(s.rows)}`,
    )
    .join("\n");
  return `<table class="styled">${body}</table>`;
}

const BODY: Record<HeldoutHtmlLayout, (doc: PrintedDocument) => string> = {
  "six-column": sixColumn,
  "dotted-leaders": dottedLeaders,
  "bracket-labels": bracketLabels,
  "newspaper-columns": newspaperColumns,
  "styled-header": styledHeader,
};

const STYLE = `
body { font-family: "Noto Sans CJK SC", sans-serif; font-size: 10pt; line-height: 1.45; color: #111; }
body.serif { font-family: "Noto Serif CJK SC", serif; }
h1 { font-size: 14pt; text-align: center; margin: 4pt 0 8pt; }
h2 { font-size: 10.5pt; margin: 8pt 0 3pt; }
h3 { font-size: 10pt; margin: 5pt 0 2pt; font-weight: normal; text-decoration: underline; }
p { margin: 1.5pt 0; }
.meta { font-size: 9pt; display: flex; justify-content: space-between; }
table.six { width: 100%; border-collapse: collapse; font-size: 8.5pt; table-layout: fixed; }
table.six td, table.six th { border: 0.5pt solid #333; padding: 2pt 3pt; word-break: break-all; vertical-align: top; }
table.six td.l { background: #f0f0f0; width: 12%; }
table.six th { text-align: center; background: #ddd; }
div.ld { display: flex; margin: 1.5pt 0; }
div.ld .k { flex: 0 0 auto; min-width: 13em; white-space: nowrap; }
div.ld .v { flex: 1; }
div.columns { column-count: 2; column-gap: 9mm; column-rule: 0.5pt solid #aaa; font-size: 9.5pt; }
div.columns p { word-break: break-all; }
table.styled { width: 100%; border-collapse: collapse; }
table.styled td { padding: 2.5pt 4pt; vertical-align: top; }
table.styled td.l { width: 8.5em; text-align: right; font-weight: 700; font-size: 8pt; color: #444; }
table.styled td.v { font-size: 11.5pt; }
table.styled td.sec { font-size: 11pt; font-weight: 700; border-bottom: 1pt solid #000; padding-top: 8pt; }
.agent, .closing { margin-top: 10pt; font-size: 9pt; }
.watermark { position: fixed; top: 40%; left: 4%; transform: rotate(-28deg); font-size: 50pt; color: rgba(0,0,0,0.08); white-space: nowrap; z-index: -1; }
`;

export function heldoutHtml(doc: PrintedDocument, layout: HeldoutHtmlLayout, serif: boolean): string {
  const f = doc.furniture;
  const number = `<div>${e(doc.numberRow.label)}：${e(doc.numberRow.value)}</div>`;
  const title = `<h1>${e(doc.title)}</h1>`;
  // The styled layout puts the title above the number, as some registries' forms do.
  const top =
    layout === "styled-header"
      ? `${title}<div class="meta">${number}<div>打印时间：${e(f.printTime)}</div></div>`
      : `${number}${title}<div class="meta"><div></div><div>打印时间：${e(f.printTime)}</div></div>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${e(doc.title)}</title><style>${STYLE}</style></head>
<body class="${serif ? "serif" : ""}">
${f.watermark ? `<div class="watermark">${e(f.watermark)}</div>` : ""}
${top}
${BODY[layout](doc)}
<div class="agent">代理登记机构：${e(f.agent)}</div>
${f.closing ? `<div class="closing">${e(f.closing)}</div>` : ""}
</body></html>`;
}

const SMALL = "font-size:8pt;width:100%;margin:0 16mm;font-family:'Noto Sans CJK SC';color:#333;";
const PAGE = `<span class="pageNumber"></span>`;
const TOTAL = `<span class="totalPages"></span>`;

/** Chromium's header and footer templates for a layout (page numbers filled in per page by Chromium). */
export function pageTemplates(doc: PrintedDocument, layout: HeldoutHtmlLayout): { header: string; footer: string } {
  const f = doc.furniture;
  const registry = `<div style="${SMALL}text-align:right">${e(f.registry)}</div>`;
  switch (layout) {
    case "six-column":
      return {
        header: `<div style="${SMALL}">${e(f.header)}</div>`,
        footer: `<div style="${SMALL}text-align:center">第${PAGE}页${f.pageCount ? ` 共${TOTAL}页` : ""}</div>`,
      };
    case "dotted-leaders":
      return { header: registry, footer: `<div style="${SMALL}text-align:right">${PAGE} / ${TOTAL}</div>` };
    case "bracket-labels":
      return { header: `<div style="${SMALL}">${e(doc.numberRow.value)}</div>`, footer: `<div style="${SMALL}text-align:center">- ${PAGE} -</div>` };
    case "newspaper-columns":
      return { header: registry, footer: `<div style="${SMALL}text-align:center">第 ${PAGE} 页 / 共 ${TOTAL} 页</div>` };
    case "styled-header": {
      const box = qrLikeBox(doc.numberRow.value)
        .map((line) => `<div>${line}</div>`)
        .join("");
      return {
        header: `<div style="${SMALL}display:flex;justify-content:space-between;border-bottom:0.5pt solid #666"><span>${e(debtorName(doc))}</span><span>${e(doc.numberRow.label)}：${e(doc.numberRow.value)}</span><span>第${PAGE}页</span></div>`,
        footer: `<div style="${SMALL}display:flex;align-items:center;gap:6pt"><div style="font-size:4pt;line-height:1;border:0.5pt solid #000;padding:1pt">${box}</div><div>扫描二维码或登录${e(f.registry)}网站验证<br>验证码：${verificationCode(doc.numberRow.value)}</div></div>`,
      };
    }
  }
}
