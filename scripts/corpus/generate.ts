/**
 * @module The corpus builder (run through scripts/corpus/build.mjs): for every renderer, a seeded
 * selection of sandbox registrations printed in that renderer's layouts, written as
 * test/corpus/<renderer>/<name>.pdf with <name>.truth.json beside it, and the renderers' versions in
 * test/corpus/versions.json.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { embeddedFontCovers } from "../../worker/pdf/fonts";
import { Rng } from "../../worker/upstream/sandbox/prng";
import { layOut, renderLaidOut } from "../../worker/upstream/sandbox/registry";
import { certificateFields, type FieldValues } from "../../test/corpus/fields";
import { printDocument, type PrintedDocument } from "./document";
import type { HtmlLayout } from "./html";
import { launchChromium, renderChromium } from "./render-chromium";
import { libreOfficeVersion, officeHtml, type OfficeLayout, renderLibreOffice } from "./render-libreoffice";
import { type PdfLibLayout, renderPdfLib, SYSTEM_FONTS, systemFonts } from "./render-pdflib";
import { renderReportLab, reportLabVersion, type ReportLabLayout } from "./render-reportlab";
import { select } from "./selection";
import { VOCABULARIES, type VocabularyName } from "./vocabularies";
import { HELDOUT_PLAN, renderHeldout } from "./heldout";
import type { NpmFonts, Planned } from "./planned";

export interface TruthFile {
  renderer: string;
  layout: string;
  vocabulary: VocabularyName | "sandbox";
  registerType: string;
  descriptionPages: number;
  source: { subject: string; certificateNumber: string | null };
  fields: FieldValues;
}

const PLAN: { renderer: string; count: number; layouts: string[] }[] = [
  { renderer: "sandbox", count: 8, layouts: ["embedded", "stsong"] },
  { renderer: "chromium", count: 12, layouts: ["centered-table", "paragraphs", "spaced-labels", "four-column"] },
  { renderer: "reportlab", count: 10, layouts: ["label-above", "ruled-table"] },
  { renderer: "libreoffice", count: 10, layouts: ["bordered-table", "label-line"] },
  { renderer: "pdflib", count: 10, layouts: ["value-first", "narrow-columns"] },
];

const VOCABULARY_ORDER: VocabularyName[] = ["registry", "format", "mixed"];
const AGENTS = ["上海浦东发展银行股份有限公司上海分行", "中征（天津）动产融资登记服务有限责任公司", "北京中登信息技术服务有限公司"];

function printTime(registerTime: string | null, rng: Rng): string {
  const base = Date.parse(registerTime ?? "2024-01-01T00:00:00+08:00") + rng.int(1, 400) * 86_400_000 + rng.int(0, 36_000) * 1000;
  return new Date(base + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** `namespace` keeps a set's choices apart from another's with the same renderer (the held-out set's "heldout-"). */
function plan(renderer: string, count: number, layouts: string[], seed: string, namespace = ""): Planned[] {
  const used = new Set<string>();
  return Array.from({ length: count }, (_, k) => {
    const layout = layouts[k % layouts.length] ?? "default";
    const key = `${namespace}${renderer}`;
    const selection = select(key, k, used, renderer !== "sandbox", seed);
    const rng = seed === "" ? Rng.of("corpus-print", key, k) : Rng.of("corpus-print", seed, key, k);
    const name = `${layout}-${String(k + 1).padStart(2, "0")}-${selection.registerType}`;
    const reg = selection.registration;
    if (renderer === "sandbox") {
      const covered = embeddedFontCovers(reg.certificate.propertyDescription ?? "");
      reg.style = { ...reg.style, font: layout === "stsong" || !covered ? "stsong" : "embedded", watermark: k % 3 === 0 };
      return { name, layout, selection, vocabulary: "sandbox", doc: null, truth: certificateFields(layOut(reg).certificate) };
    }
    const vocabulary = VOCABULARY_ORDER[(k + key.length) % VOCABULARY_ORDER.length] ?? "registry";
    const truthCertificate = layOut(reg).certificate;
    const doc = printDocument(
      reg.certificate,
      truthCertificate,
      {
        vocabulary: VOCABULARIES[vocabulary],
        groupedNumber: rng.chance(0.3),
        agent: rng.pick(AGENTS),
        printTime: printTime(reg.certificate.registerTime, rng),
        watermark: rng.chance(0.6),
        pageCount: rng.chance(0.6),
        closing: rng.chance(0.4),
      },
      rng,
    );
    return { name, layout, selection, vocabulary, doc, truth: doc.truth };
  });
}

function requireDoc(p: Planned): PrintedDocument {
  if (!p.doc) throw new Error(`${p.name} has no printed document`);
  return p.doc;
}

async function render(renderer: string, planned: Planned[], workDir: string, scriptDir: string): Promise<Map<string, Uint8Array>> {
  switch (renderer) {
    case "sandbox":
      return new Map(await Promise.all(planned.map(async (p) => [p.name, await renderLaidOut(layOut(p.selection.registration))] as const)));
    case "chromium": {
      const browser = await launchChromium();
      try {
        const out = new Map<string, Uint8Array>();
        for (const [k, p] of planned.entries()) out.set(p.name, await renderChromium(browser, requireDoc(p), p.layout as HtmlLayout, k % 3 === 2));
        return out;
      } finally {
        await browser.close();
      }
    }
    case "reportlab":
      mkdirSync(join(workDir, "reportlab"), { recursive: true });
      return renderReportLab(
        planned.map((p) => ({ name: p.name, layout: p.layout as ReportLabLayout, doc: requireDoc(p) })),
        scriptDir,
        join(workDir, "reportlab"),
      );
    case "libreoffice":
      return renderLibreOffice(
        new Map(planned.map((p) => [p.name, officeHtml(requireDoc(p), p.layout as OfficeLayout)])),
        join(workDir, "libreoffice"),
      );
    case "pdflib": {
      const font = systemFonts();
      return new Map(
        await Promise.all(planned.map(async (p) => [p.name, await renderPdfLib(requireDoc(p), p.layout as PdfLibLayout, font)] as const)),
      );
    }
    default:
      throw new Error(`unknown renderer ${renderer}`);
  }
}

export interface BuildOptions {
  root: string;
  workDir: string;
  only: string[];
  versions: Record<string, string>;
  /** "" for the committed corpus; another seed builds a fresh corpus of the same shape into `outDir`. */
  seed: string;
  outDir: string;
  /** Build the held-out set (scripts/corpus/heldout.ts: other layouts, other subjects) instead of the tuning corpus. */
  heldout: boolean;
  fonts: NpmFonts;
}

export async function buildCorpus(opts: BuildOptions): Promise<void> {
  const scriptDir = join(opts.root, "scripts/corpus");
  const versions: Record<string, string> = { ...opts.versions };
  for (const { renderer, count, layouts } of opts.heldout ? HELDOUT_PLAN : PLAN) {
    if (opts.only.length && !opts.only.includes(renderer)) continue;
    const planned = plan(renderer, count, layouts, opts.seed, opts.heldout ? "heldout-" : "");
    const pdfs = opts.heldout
      ? await renderHeldout(renderer, planned, opts.workDir, scriptDir, opts.fonts)
      : await render(renderer, planned, opts.workDir, scriptDir);
    const dir = join(opts.outDir, renderer);
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) if (file.endsWith(".pdf") || file.endsWith(".truth.json")) rmSync(join(dir, file));
    for (const p of planned) {
      const bytes = pdfs.get(p.name);
      if (!bytes) throw new Error(`${renderer} produced no ${p.name}`);
      writeFileSync(join(dir, `${p.name}.pdf`), bytes);
      const c = p.selection.registration.certificate;
      const truth: TruthFile = {
        renderer,
        layout: p.layout,
        vocabulary: p.vocabulary,
        registerType: p.selection.registerType,
        descriptionPages: p.selection.descriptionPages,
        source: { subject: p.selection.registration.subject, certificateNumber: c.certificateNumber },
        fields: p.truth,
      };
      writeFileSync(join(dir, `${p.name}.truth.json`), `${JSON.stringify(truth, null, 2)}\n`);
    }
    console.log(`${renderer}: ${planned.length} documents`);
  }
  if (!opts.only.length || opts.only.includes("reportlab")) versions.reportlab = reportLabVersion();
  if (!opts.only.length || opts.only.includes("libreoffice")) versions.libreoffice = libreOfficeVersion();
  versions.pdflibFonts = `${SYSTEM_FONTS.cjk}, ${SYSTEM_FONTS.latin}`;
  return writeVersions(join(opts.outDir, "versions.json"), versions);
}

/** Merged into the last build's versions: a partial rebuild keeps the other renderers' entries. */
function writeVersions(path: string, versions: Record<string, string>): void {
  let previous: Record<string, string> = {};
  try {
    previous = JSON.parse(new TextDecoder().decode(readFileSync(path))) as Record<string, string>;
  } catch {
    // First build: nothing to keep.
  }
  writeFileSync(path, `${JSON.stringify({ ...previous, ...versions }, null, 2)}\n`);
}
