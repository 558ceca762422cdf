#!/usr/bin/env node
/**
 * Reads certificate PDFs the way the pipeline does (extract, normalise, parse) and prints the page text,
 * the parse status, the issues and the certificate: the tool for looking at a layout the parser misreads.
 *
 *   node scripts/read-certificate.mjs file.pdf [more.pdf …] [--text] [--json]
 */
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const root = new URL("../", import.meta.url).pathname;
const outfile = `${root}bench/out/read-certificate.bundle.mjs`;
await build({
  stdin: {
    contents: `export { extractPdf } from "./worker/pdf/extract";\nexport { parseCertificate } from "./worker/domain/certificate";\n`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  external: ["unpdf", "pdf-lib", "@pdf-lib/fontkit"],
  logLevel: "error",
});
const { extractPdf, parseCertificate } = await import(outfile);
const args = process.argv.slice(2);
for (const file of args.filter((a) => !a.startsWith("--"))) {
  const extracted = await extractPdf(new Uint8Array(readFileSync(file)));
  console.log(`== ${file}`);
  if (!extracted.ok) {
    console.log(`  ${extracted.reason}: ${extracted.message}`);
    continue;
  }
  if (args.includes("--text")) extracted.pages.forEach((p, i) => console.log(`-- page ${i + 1}\n${p.text}`));
  const parsed = parseCertificate(extracted.pages);
  console.log(`  status ${parsed.status}`);
  for (const issue of parsed.issues) console.log(`  issue ${issue.code} ${issue.field ?? ""} p${issue.pageNumber ?? "-"} ${issue.rawValue ?? ""}`);
  if (args.includes("--json")) console.log(JSON.stringify(parsed.certificate, null, 2));
}
