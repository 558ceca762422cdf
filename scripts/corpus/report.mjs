/**
 * The certificate corpus harness: `npm run corpus [-- --min=99] [--dir=DIR] [renderer ...]` (DIR: a
 * corpus built with `npm run corpus:build -- --seed=S --out=DIR`; default test/corpus). Reads every
 * test/corpus/<renderer>/<name>.pdf with the product's own code (extractPdf + parseCertificate, bundled
 * for Node with esbuild like bench/certificates.mjs), compares the checked fields with <name>.truth.json
 * and prints: accuracy per renderer, right/checked per field and renderer, each document's wrong fields.
 * A report: exits 0, unless --min=N is given and a renderer is below N %.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;
const args = process.argv.slice(2);
const min = Number(args.find((a) => a.startsWith("--min="))?.slice(6) ?? Number.NaN);
const only = args.filter((a) => !a.startsWith("--"));

const outfile = join(root, "node_modules/.cache/corpus/report.bundle.mjs");
await build({
  stdin: {
    contents: `export { readCertificate } from "./test/corpus/read"; export * from "./test/corpus/score";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  logLevel: "error",
  external: ["unpdf", "pdf-lib", "@pdf-lib/fontkit"],
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
const scores = lib.scoreRenderers(docs);
console.log(`Certificate corpus: ${docs.length} documents read in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
console.log(lib.rendererTable(scores));
console.log("\nPer layout:\n");
console.log(lib.rendererTable(lib.scoreRenderers(docs.map((d) => ({ ...d, renderer: `${d.renderer}/${d.layout}` }))).slice(0, -1)));
console.log("\nFields right / checked, per renderer:\n");
console.log(lib.fieldTable(docs));
const failures = lib.failureList(docs);
console.log(failures ? `\nWrong fields:\n${failures}` : "\nEvery checked field is right.");
if (Number.isFinite(min)) {
  const below = scores.filter((s) => s.renderer !== "total" && s.accuracy < min);
  if (below.length) {
    console.log(`\nBelow ${min} %: ${below.map((s) => `${s.renderer} ${s.accuracy.toFixed(1)} %`).join(", ")}`);
    process.exit(1);
  }
}
