/**
 * Certificate throughput under Node 22: generation per PDF (embedded font and STSong-Light), then
 * extractPdf + parseCertificate on 1-, 5- and 50-page certificates next to raw unpdf `extractText` on the
 * same files, and the peak memory of the 50-page case.
 *
 *   npx node bench/certificates.mjs [iterations=20]
 *
 * The TypeScript sources are bundled with esbuild (in node_modules through wrangler) into bench/out/ (git
 * ignored) and imported from there; unpdf, pdf-lib and fontkit stay external (resolved from node_modules).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { extractText, getDocumentProxy } from "unpdf";

const iterations = Number(process.argv[2] ?? 20) || 20;
const root = new URL("..", import.meta.url).pathname;
const entry = `
export { parseCertificate } from "./worker/domain/certificate";
export { extractPdf } from "./worker/pdf/extract";
export { normalizeText } from "./worker/domain/text/normalize";
export { buildRegistration, layOut, renderLaidOut, sandboxRegistry } from "./worker/upstream/sandbox";
export { generateDescription } from "./worker/upstream/sandbox/descriptions";
export { Rng } from "./worker/upstream/sandbox/prng";
`;
const outfile = `${root}bench/out/certificates.bundle.mjs`;
await build({
  stdin: { contents: entry, resolveDir: root, loader: "ts" },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  external: ["unpdf", "pdf-lib", "@pdf-lib/fontkit"],
  logLevel: "error",
});
const lib = await import(outfile);

// Memory mode (run in a child process, so the peak RSS is that of reading one 50-page certificate).
if (process.argv[2] === "--memory") {
  const pdf = new Uint8Array(readFileSync(process.argv[3]));
  const before = process.resourceUsage().maxRSS;
  const extracted = await lib.extractPdf(pdf);
  const parsed = lib.parseCertificate(extracted.pages.map((p) => p.text));
  if (parsed.status !== "completed") throw new Error("parse failed");
  const after = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ peakMiB: after / 1024, deltaMiB: (after - before) / 1024 }));
  process.exit(0);
}

const SUBJECT = "上海华信商贸有限公司规模50";

/** A certificate of exactly `pages` pages: two plain parties, a description as long as needed. */
function certificateOf(pages, font) {
  const reg = lib.buildRegistration(SUBJECT, 0, 50);
  reg.style = { ...reg.style, font, watermark: false, valueOnNextLine: false };
  const parties = [reg.parties.find((p) => p.party.role === "debtor"), reg.parties.find((p) => p.party.role === "secured_party")];
  for (const p of parties) {
    p.unclassifiedLabel = null;
    const d = p.party.details;
    Object.assign(d, {
      organizationCode: null,
      businessRegistrationNumber: null,
      lei: null,
      province: null,
      city: null,
      industryCode: null,
      corporationScale: null,
      unclassifiedIdentifiers: [],
    });
  }
  reg.parties = parties;
  reg.certificate.parties = parties.map((p) => p.party);
  Object.assign(reg.certificate, { preparer: null, originalRegistration: null, declaredAttachments: [] });
  const chunk = lib.generateDescription(new lib.Rng(9), "A00100", SUBJECT, "杭州瑞丰物流有限公司", "long").text;
  // The bench goes past the registry's 4,000-character cap to reach 50 pages.
  const withChars = (n) => {
    reg.certificate.propertyDescription = chunk.repeat(Math.ceil(n / chunk.length) + 1).slice(0, n);
    return lib.layOut(reg);
  };
  let [low, high] = [20, 200_000];
  while (low < high) {
    const mid = Math.floor((low + high + 1) / 2);
    if (withChars(mid).layout.drawings.length <= pages) low = mid;
    else high = mid - 1;
  }
  return withChars(low);
}

async function time(fn, n) {
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn();
  return (performance.now() - started) / n;
}

// Warm up pdf.js, pdf-lib and the parser so the first measured case is not the JIT's.
for (const pages of [1, 5]) {
  const pdf = await lib.renderLaidOut(certificateOf(pages, "embedded"));
  for (let i = 0; i < 3; i++) await lib.extractPdf(pdf);
}

const rows = [];
for (const pages of [1, 5, 50]) {
  const laid = certificateOf(pages, "embedded");
  const pdf = await lib.renderLaidOut(laid);
  const n = pages === 50 ? Math.max(3, Math.round(iterations / 4)) : iterations;
  const generateMs = await time(() => lib.renderLaidOut(laid), n);
  const stsong = certificateOf(pages, "stsong");
  const generateStSongMs = await time(() => lib.renderLaidOut(stsong), n);
  let pageCount = 0;
  const parseMs = await time(async () => {
    const extracted = await lib.extractPdf(pdf);
    if (!extracted.ok) throw new Error(extracted.message);
    pageCount = extracted.pageCount;
    // The pages with their runs' boxes, as the pipeline passes them.
    const parsed = lib.parseCertificate(extracted.pages);
    if (parsed.status !== "completed" || parsed.certificate.propertyDescription !== laid.certificate.propertyDescription) {
      const a = parsed.certificate.propertyDescription ?? "";
      const b = laid.certificate.propertyDescription ?? "";
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      throw new Error(
        `round trip failed (${parsed.status}) at ${i}: got ${JSON.stringify(a.slice(i - 20, i + 40))} want ${JSON.stringify(b.slice(i - 20, i + 40))} ${JSON.stringify(parsed.issues.slice(0, 3))}`,
      );
    }
  }, n);
  let rawTexts = [];
  const rawMs = await time(async () => {
    const doc = await getDocumentProxy(pdf.slice());
    rawTexts = (await extractText(doc, { mergePages: false })).text;
    await doc.destroy();
  }, n);
  // The normalisation alone, over the same characters pdf.js gave (what extractPdf folds run by run).
  const normalizeMs = await time(() => rawTexts.forEach((t) => lib.normalizeText(t)), n * 5);
  const stsongPdf = await lib.renderLaidOut(stsong);
  const stsongMs = await time(async () => {
    const extracted = await lib.extractPdf(stsongPdf);
    if (lib.parseCertificate(extracted.pages).status !== "completed") throw new Error("STSong round trip failed");
  }, n);
  const parseOnlyMs = await (async () => {
    const extracted = await lib.extractPdf(pdf);
    return time(() => lib.parseCertificate(extracted.pages), n * 5);
  })();
  rows.push({
    pages: pageCount,
    "PDF KiB": (pdf.length / 1024).toFixed(0),
    "gen ms (embedded)": generateMs.toFixed(1),
    "gen ms (STSong)": generateStSongMs.toFixed(1),
    "extract+parse ms/page": (parseMs / pageCount).toFixed(2),
    "certificates/s": (1000 / parseMs).toFixed(1),
    "raw extractText ms/page": (rawMs / pageCount).toFixed(2),
    "ratio to raw": (parseMs / rawMs).toFixed(2),
    "parse only ms/page": (parseOnlyMs / pageCount).toFixed(3),
    "normalise % of raw": ((normalizeMs / rawMs) * 100).toFixed(2),
    "STSong extract+parse ms/page": (stsongMs / pageCount).toFixed(2),
  });
  if (pages === 50) {
    const file = `${root}bench/out/certificate-50.pdf`;
    writeFileSync(file, pdf);
    const memory = JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, "--memory", file], { encoding: "utf8" }));
    rows[rows.length - 1]["peak RSS MiB (+ over loaded)"] = `${memory.peakMiB.toFixed(0)} (+${memory.deltaMiB.toFixed(0)})`;
  }
}
console.table(rows);
