/**
 * The certificate corpus harness: `npm run corpus [-- --min=99] [--dir=DIR] [--real=DIR] [set ...]` (DIR: a
 * corpus built with `npm run corpus:build -- --seed=S --out=DIR`; default test/corpus). Reads every
 * test/corpus/<renderer>/<name>.pdf with the product's own code (extractPdf + parseCertificate, bundled
 * for Node with esbuild like bench/certificates.mjs), compares the checked fields with <name>.truth.json;
 * then the real registry certificates of ../shared/corpus/real-registry (test/corpus/real-registry.ts;
 * --real=DIR elsewhere, --real=none to leave them out) against their truth.json. Prints: accuracy per set
 * with the missing, the wrong-but-flagged and the wrong-and-unflagged (confidently wrong) counts,
 * right/checked per field and set ("!n": n unflagged), the invoice numbers the real truth lists that the
 * parsed descriptions hold, each document's wrong fields.
 * A report: exits 0, unless --min=N is given and a set is below N % or has a wrong, unflagged field.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;
const args = process.argv.slice(2);
const min = Number(args.find((a) => a.startsWith("--min="))?.slice(6) ?? Number.NaN);
const only = args.filter((a) => !a.startsWith("--"));
/** Cases of the layout fuzzer a report reads by default, and the seed that draws them. */
const DEFAULT_FUZZ_CASES = 2000;
const FUZZ_SEED = 29;

const outfile = join(root, "node_modules/.cache/corpus/report.bundle.mjs");
await build({
  stdin: {
    contents: `export { readCertificate } from "./test/corpus/read"; export * from "./test/corpus/score"; export * from "./test/corpus/real-registry"; export * from "./test/corpus/fuzz";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  logLevel: "error",
  external: ["unpdf", "pdf-lib", "@pdf-lib/fontkit", "fast-check"],
});
const lib = await import(outfile);

const corpus = args.find((a) => a.startsWith("--dir="))?.slice(6) ?? join(root, "test/corpus");
const renderers = readdirSync(corpus).filter((d) => statSync(join(corpus, d)).isDirectory() && (!only.length || only.includes(d)));
const docs = [];
const started = performance.now();
for (const renderer of renderers) {
  for (const file of readdirSync(join(corpus, renderer))
    .filter((f) => f.endsWith(".pdf"))
    .sort()) {
    const name = file.slice(0, -4);
    const truth = JSON.parse(readFileSync(join(corpus, renderer, `${name}.truth.json`), "utf8"));
    const read = await lib.readCertificate(new Uint8Array(readFileSync(join(corpus, renderer, file))));
    docs.push({ ...lib.scoreDocument(renderer, name, truth.fields, read), layout: truth.layout });
  }
}
const realArg = args.find((a) => a.startsWith("--real="))?.slice(7);
const realDir =
  realArg === "none"
    ? undefined
    : realArg
      ? realArg
      : lib.REAL_REGISTRY_CANDIDATES.map((d) => join(root, d)).find((d) => existsSync(join(d, "truth.json")));
const invoices = [];
if (realDir && (!only.length || only.includes(lib.REAL_SET))) {
  for (const truth of JSON.parse(readFileSync(join(realDir, "truth.json"), "utf8"))) {
    const name = truth.certificateNumber;
    // The number the upstream lists for the file, as the pipeline passes it.
    const read = await lib.readCertificate(new Uint8Array(readFileSync(join(realDir, "pdf", `${name}_A.pdf`))), name);
    docs.push({ ...lib.scoreDocument(lib.REAL_SET, name, lib.realFields(truth), read), layout: "registry" });
    invoices.push({ name, ...lib.invoicesPresent(truth, read.fields.propertyDescription) });
  }
}
// The layout fuzzer (scripts/corpus/fuzz-case.ts): --fuzz=N cases (0 to leave it out), the same ones on every run.
const fuzzCount = Number(args.find((a) => a.startsWith("--fuzz="))?.slice(7) ?? DEFAULT_FUZZ_CASES);
if (fuzzCount > 0 && (!only.length || only.includes(lib.FUZZ_SET))) {
  const fuzzStarted = performance.now();
  for (const knobs of lib.sampleFuzzKnobs(fuzzCount, FUZZ_SEED)) docs.push(await lib.scoreFuzzCase(knobs));
  console.log(`Layout fuzzer: ${fuzzCount} cases in ${((performance.now() - fuzzStarted) / 1000).toFixed(1)} s`);
}
const scores = lib.scoreRenderers(docs);
console.log(`Certificate corpus: ${docs.length} documents read in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
console.log(lib.rendererTable(scores));
console.log("\nPer layout:\n");
console.log(lib.rendererTable(lib.scoreRenderers(docs.map((d) => ({ ...d, renderer: `${d.renderer}/${d.layout}` }))).slice(0, -1)));
console.log("\nFields right / checked, per renderer:\n");
console.log(lib.fieldTable(docs));
if (invoices.length) {
  const listed = invoices.reduce((n, i) => n + i.listed, 0);
  const present = invoices.reduce((n, i) => n + i.present, 0);
  const short = invoices.filter((i) => i.present < i.listed).map((i) => `${i.name} ${i.present}/${i.listed}`);
  console.log(
    `\nInvoice numbers listed by the real truth found in the parsed descriptions: ${present}/${listed}${short.length ? ` (short: ${short.join(", ")})` : ""}`,
  );
}
const failures = lib.failureList(docs);
console.log(failures ? `\nWrong fields:\n${failures}` : "\nEvery checked field is right.");
if (Number.isFinite(min)) {
  const below = scores.filter((s) => s.renderer !== "total" && (s.accuracy < min || s.unflagged > 0));
  if (below.length) {
    console.log(
      `\nBelow ${min} % or confidently wrong: ${below.map((s) => `${s.renderer} ${s.accuracy.toFixed(1)} % (${s.unflagged} unflagged)`).join(", ")}`,
    );
    process.exit(1);
  }
}
