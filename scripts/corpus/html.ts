/**
 * @module HTML of a printed certificate for the browser and office renderers, in four layouts:
 * - "centered-table": label cell | value cell, the label vertically centred, so a tall value (a
 *   description, an address) puts value lines before its label in reading order;
 * - "paragraphs": "label：value" paragraphs under block headings;
 * - "spaced-labels": labels letter-spaced with real spaces ("登 记 时 间") in a fixed column, no colon;
 * - "four-column": two label/value pairs per row (登记时间 | v | 登记期限 | v), long values across three cells.
 * The furniture that is not a page header or footer (number line, title, print time, agent, watermark,
 * closing line) is part of the HTML; headers and footers belong to the renderer.
 */
import type { Block, PrintedDocument, Row } from "./document";

export type HtmlLayout = "centered-table" | "paragraphs" | "spaced-labels" | "four-column";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const e = escapeHtml;

function spaced(label: string): string {
  return label.length <= 7 ? [...label].join(" ") : label;
}

function centeredTable(blocks: Block[]): string {
  const rows = blocks.flatMap((b) => [
    ...(b.heading ? [`<tr><th colspan="2">${e(b.heading)}</th></tr>`] : []),
    ...b.rows.map((r) => `<tr><td class="label">${e(r.label)}</td><td class="value">${e(r.value)}</td></tr>`),
  ]);
  return `<table class="grid centered">${rows.join("\n")}</table>`;
}

function paragraphs(blocks: Block[]): string {
  return blocks
    .map(
      (b) =>
        `${b.heading ? `<h2>${e(b.heading)}</h2>` : ""}${b.rows.map((r) => `<p><span class="l">${e(r.label)}：</span>${e(r.value)}</p>`).join("\n")}`,
    )
    .join("\n");
}

function spacedLabels(blocks: Block[]): string {
  return blocks
    .map(
      (b) =>
        `${b.heading ? `<h2>${e(spaced(b.heading))}</h2>` : ""}${b.rows.map((r) => `<div class="sp"><span class="l">${e(spaced(r.label))}</span><span class="v">${e(r.value)}</span></div>`).join("\n")}`,
    )
    .join("\n");
}

/** Short rows two to a table row; a long row (or a lone short one) spans the remaining cells. */
function fourColumn(blocks: Block[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.heading) out.push(`<tr><th colspan="4">${e(b.heading)}</th></tr>`);
    const pending: Row[] = [];
    const flush = () => {
      const [a, c] = pending.splice(0);
      if (!a) return;
      out.push(
        c
          ? `<tr><td class="label">${e(a.label)}</td><td class="value">${e(a.value)}</td><td class="label">${e(c.label)}</td><td class="value">${e(c.value)}</td></tr>`
          : `<tr><td class="label">${e(a.label)}</td><td class="value" colspan="3">${e(a.value)}</td></tr>`,
      );
    };
    for (const r of b.rows) {
      if (r.long || r.value.length > 26) {
        flush();
        out.push(`<tr><td class="label">${e(r.label)}</td><td class="value" colspan="3">${e(r.value)}</td></tr>`);
        continue;
      }
      pending.push(r);
      if (pending.length === 2) flush();
    }
    flush();
  }
  return `<table class="grid four">${out.join("\n")}</table>`;
}

const BODY: Record<HtmlLayout, (blocks: Block[]) => string> = {
  "centered-table": centeredTable,
  paragraphs,
  "spaced-labels": spacedLabels,
  "four-column": fourColumn,
};

const STYLE = `
body { font-family: "Noto Sans CJK SC", sans-serif; font-size: 10.5pt; line-height: 1.5; color: #111; }
body.serif { font-family: "Noto Serif CJK SC", serif; }
h1 { font-size: 15pt; text-align: center; margin: 6pt 0 10pt; }
h2 { font-size: 11pt; margin: 10pt 0 4pt; border-bottom: 1px solid #999; }
.number { font-size: 10pt; }
.print-time { text-align: right; font-size: 9pt; }
table.grid { width: 100%; border-collapse: collapse; }
table.grid td, table.grid th { border: 1px solid #444; padding: 3pt 5pt; }
table.grid th { background: #eee; text-align: left; }
table.centered td.label { width: 28%; vertical-align: middle; text-align: center; }
table.centered td.value { vertical-align: top; }
table.four td.label { width: 17%; vertical-align: middle; }
p { margin: 2pt 0; }
div.sp { display: flex; margin: 2pt 0; }
div.sp .l { flex: 0 0 9.5em; }
div.sp .v { flex: 1; }
.agent, .closing { margin-top: 12pt; font-size: 9.5pt; }
.watermark { position: fixed; top: 45%; left: 8%; transform: rotate(-32deg); font-size: 46pt; color: rgba(0,0,0,0.09); white-space: nowrap; z-index: -1; }
`;

export interface HtmlOptions {
  serif: boolean;
  /** Furniture drawn by the HTML itself (renderers without header templates put the header here). */
  inlineHeader: boolean;
}

export function certificateHtml(doc: PrintedDocument, layout: HtmlLayout, o: HtmlOptions): string {
  const f = doc.furniture;
  const header = o.inlineHeader ? `<div class="print-time">${e(f.header)}</div>` : "";
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${e(doc.title)}</title><style>${STYLE}</style></head>
<body class="${o.serif ? "serif" : ""}">
${f.watermark ? `<div class="watermark">${e(f.watermark)}</div>` : ""}
${header}
<div class="number">${e(doc.numberRow.label)}：${e(doc.numberRow.value)}</div>
<h1>${e(doc.title)}</h1>
<div class="print-time">打印时间：${e(f.printTime)}</div>
${BODY[layout](doc.blocks)}
<div class="agent">代理登记机构：${e(f.agent)}</div>
${f.closing ? `<div class="closing">${e(f.closing)}</div>` : ""}
</body></html>`;
}
