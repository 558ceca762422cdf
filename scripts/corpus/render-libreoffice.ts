/**
 * @module LibreOffice Writer (`soffice --headless --convert-to pdf`) from HTML, with Noto CJK. Writer reads
 * `<div title="header">` / `<div title="footer">` as page header and footer and `<sdfield>` as page
 * fields (its own HTML export's dialect), so the header and "第N页 共M页" repeat on every page. Layouts:
 * - "bordered-table": a ruled two-column table whose cells Writer centres vertically, rows split
 *   across pages;
 * - "label-line": each label alone on a bold line, its value in the indented paragraph below.
 * Every document of a run is converted by one soffice call (its start-up dominates).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Block, PrintedDocument } from "./document";
import { escapeHtml as e } from "./html";

export type OfficeLayout = "bordered-table" | "label-line";

function table(blocks: Block[]): string {
  const rows = blocks.flatMap((b) => [
    ...(b.heading ? [`<tr><td colspan="2" bgcolor="#e8e8e8"><b>${e(b.heading)}</b></td></tr>`] : []),
    ...b.rows.map((r) => `<tr><td width="30%">${e(r.label)}</td><td>${e(r.value)}</td></tr>`),
  ]);
  return `<table border="1" cellpadding="4" cellspacing="0" width="100%">${rows.join("\n")}</table>`;
}

function labelLines(blocks: Block[]): string {
  return blocks
    .map(
      (b) =>
        `${b.heading ? `<h3>${e(b.heading)}</h3>` : ""}${b.rows.map((r) => `<p><b>${e(r.label)}</b></p><p style="margin-left:2em">${e(r.value)}</p>`).join("\n")}`,
    )
    .join("\n");
}

export function officeHtml(doc: PrintedDocument, layout: OfficeLayout): string {
  const f = doc.furniture;
  const page = `第<sdfield type=PAGE subtype=RANDOM format=PAGE>1</sdfield>页`;
  const count = f.pageCount ? ` 共<sdfield type=DOCSTAT subtype=PAGE format=PAGE>1</sdfield>页` : "";
  return `<!doctype html><html><head><meta charset="utf-8"><title>${e(doc.title)}</title>
<style>body { font-family: "Noto Serif CJK SC"; font-size: 10.5pt; } h1 { font-size: 15pt; text-align: center; } h3 { font-size: 11pt; }</style></head><body>
<div title="header"><p style="font-size:8pt">${e(f.header)}</p></div>
<p>${e(doc.numberRow.label)}：${e(doc.numberRow.value)}</p>
<h1>${e(doc.title)}</h1>
<p align="right" style="font-size:9pt">打印时间：${e(f.printTime)}</p>
${layout === "bordered-table" ? table(doc.blocks) : labelLines(doc.blocks)}
<p style="font-size:9.5pt">代理登记机构：${e(f.agent)}</p>
${f.closing ? `<p style="font-size:9.5pt">${e(f.closing)}</p>` : ""}
<div title="footer"><p align="center" style="font-size:8pt">${page}${count}</p></div>
</body></html>`;
}

export function libreOfficeVersion(): string {
  return execFileSync("soffice", ["--version"], { encoding: "utf8" }).trim();
}

/** Converts every (name → html) in one soffice run; returns name → PDF bytes. */
export function renderLibreOffice(documents: Map<string, string>, workDir: string): Map<string, Uint8Array> {
  rmSync(workDir, { recursive: true, force: true });
  const inDir = join(workDir, "in");
  mkdirSync(inDir, { recursive: true });
  const files = [...documents].map(([name, html]) => {
    const file = join(inDir, `${name}.html`);
    writeFileSync(file, html);
    return file;
  });
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${join(workDir, "profile")}`,
      "--headless",
      "--infilter=HTML (StarWriter)",
      "--convert-to",
      "pdf:writer_pdf_Export",
      "--outdir",
      join(workDir, "out"),
      ...files,
    ],
    { stdio: "pipe", timeout: 600_000 },
  );
  return new Map([...documents.keys()].map((name) => [name, new Uint8Array(readFileSync(join(workDir, "out", `${name}.pdf`)))]));
}
