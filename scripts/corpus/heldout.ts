/**
 * @module The held-out corpus (`npm run corpus:build -- --heldout`, into test/corpus-heldout/): the same
 * truths and vocabularies as the tuning corpus, printed in layouts the parser was never tuned on, by
 * the same four outside renderers, to measure how the parser does on generators it has not seen (real
 * certificates come from the registry's own, which we have never seen). Its subjects differ from the
 * tuning corpus's (build.mjs gives it a seed of its own), so no value is shared either.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PrintedDocument } from "./document";
import type { NpmFonts, Planned } from "./planned";
import { sections } from "./heldout-blocks";
import { HELDOUT_OFFICE_LAYOUTS, heldoutFodt, type HeldoutOfficeLayout } from "./heldout-fodt";
import { HELDOUT_HTML_LAYOUTS, heldoutHtml, type HeldoutHtmlLayout, pageTemplates } from "./heldout-html";
import { HELDOUT_PDFLIB_LAYOUTS, type HeldoutPdfLibLayout, renderHeldoutPdfLib } from "./heldout-pdflib";
import { REPORT_ENGINE_LAYOUTS, renderReportEngine, type ReportEngineLayout } from "./heldout-report-engine";
import { launchChromium } from "./render-chromium";
import { Rng } from "../../worker/upstream/sandbox/prng";
import { systemFonts } from "./render-pdflib";

export const HELDOUT_REPORTLAB_LAYOUTS = ["right-aligned", "landscape-columns", "six-column"] as const;

/** Documents per renderer: one or two per layout, the committed copy under 3 MiB (Chromium's Type3 fonts weigh most). */
export const HELDOUT_PLAN: { renderer: string; count: number; layouts: string[] }[] = [
  { renderer: "chromium", count: 5, layouts: [...HELDOUT_HTML_LAYOUTS] },
  { renderer: "reportlab", count: 6, layouts: [...HELDOUT_REPORTLAB_LAYOUTS] },
  { renderer: "libreoffice", count: 6, layouts: [...HELDOUT_OFFICE_LAYOUTS] },
  { renderer: "pdflib", count: 6, layouts: [...HELDOUT_PDFLIB_LAYOUTS] },
  { renderer: "report-engine", count: 6, layouts: [...REPORT_ENGINE_LAYOUTS] },
];

function requireDoc(p: Planned): PrintedDocument {
  if (!p.doc) throw new Error(`${p.name} has no printed document`);
  return p.doc;
}

async function renderChromium(planned: Planned[]): Promise<Map<string, Uint8Array>> {
  const browser = await launchChromium();
  try {
    const out = new Map<string, Uint8Array>();
    for (const [k, p] of planned.entries()) {
      const doc = requireDoc(p);
      const layout = p.layout as HeldoutHtmlLayout;
      const page = await browser.newPage();
      try {
        await page.setContent(heldoutHtml(doc, layout, k % 2 === 1), { waitUntil: "load" });
        const templates = pageTemplates(doc, layout);
        const pdf = await page.pdf({
          format: "A4",
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: templates.header,
          footerTemplate: templates.footer,
          margin: { top: "20mm", bottom: layout === "styled-header" ? "26mm" : "16mm", left: "15mm", right: "15mm" },
        });
        out.set(p.name, new Uint8Array(pdf));
      } finally {
        await page.close();
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

function renderReportLab(planned: Planned[], scriptDir: string, workDir: string): Map<string, Uint8Array> {
  mkdirSync(workDir, { recursive: true });
  const jobs = planned.map((p) => ({
    path: join(workDir, `${p.name}.pdf`),
    layout: p.layout,
    doc: requireDoc(p),
    sections: sections(requireDoc(p)),
  }));
  execFileSync("/usr/bin/python3", [join(scriptDir, "heldout_reportlab.py")], { input: JSON.stringify(jobs), stdio: ["pipe", "inherit", "inherit"] });
  return new Map(jobs.map((j, k) => [planned[k]?.name ?? "", new Uint8Array(readFileSync(j.path))]));
}

/** Every document in one soffice run (its start-up dominates), from flat ODT files. */
function renderLibreOffice(planned: Planned[], workDir: string): Map<string, Uint8Array> {
  rmSync(workDir, { recursive: true, force: true });
  const inDir = join(workDir, "in");
  mkdirSync(inDir, { recursive: true });
  const files = planned.map((p) => {
    const file = join(inDir, `${p.name}.fodt`);
    writeFileSync(file, heldoutFodt(requireDoc(p), p.layout as HeldoutOfficeLayout));
    return file;
  });
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${join(workDir, "profile")}`,
      "--headless",
      "--convert-to",
      "pdf:writer_pdf_Export",
      "--outdir",
      join(workDir, "out"),
      ...files,
    ],
    { stdio: "pipe", timeout: 600_000 },
  );
  return new Map(planned.map((p) => [p.name, new Uint8Array(readFileSync(join(workDir, "out", `${p.name}.pdf`)))]));
}

export async function renderHeldout(
  renderer: string,
  planned: Planned[],
  workDir: string,
  scriptDir: string,
  fonts: NpmFonts,
): Promise<Map<string, Uint8Array>> {
  switch (renderer) {
    case "chromium":
      return renderChromium(planned);
    case "reportlab":
      return renderReportLab(planned, scriptDir, join(workDir, "heldout-reportlab"));
    case "libreoffice":
      return renderLibreOffice(planned, join(workDir, "heldout-libreoffice"));
    case "pdflib": {
      const fonts = systemFonts();
      return new Map(
        await Promise.all(
          planned.map(async (p) => [p.name, await renderHeldoutPdfLib(requireDoc(p), p.layout as HeldoutPdfLibLayout, fonts)] as const),
        ),
      );
    }
    case "report-engine": {
      const out = new Map<string, Uint8Array>();
      for (const p of planned)
        out.set(p.name, await renderReportEngine(requireDoc(p), p.layout as ReportEngineLayout, fonts, Rng.of("report-engine-order", p.name)));
      return out;
    }
    default:
      throw new Error(`unknown held-out renderer ${renderer}`);
  }
}
