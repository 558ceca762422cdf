/**
 * Builds the multi-generator certificate corpus (test/corpus/): `npm run corpus:build [renderer ...]`.
 * `--heldout` builds the held-out set (scripts/corpus/heldout.ts) into test/corpus-heldout/ instead.
 * `--seed=S --out=DIR` builds another corpus of the same shape (other subjects, registrations, choices)
 * into DIR instead, to check a parser against documents it was not tuned on (`npm run corpus -- --dir=DIR`).
 * Needs the system chromium, python3-reportlab, libreoffice-writer, fonts-noto-cjk and
 * fonts-droid-fallback; CI does not run it, its outputs are committed. The TypeScript sources
 * (scripts/corpus/generate.ts and the sandbox generator it reads the truth from) are bundled with esbuild
 * into node_modules/.cache/corpus/ and imported from there.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;
const outfile = join(root, "node_modules/.cache/corpus/build.bundle.mjs");
await build({
  entryPoints: [join(root, "scripts/corpus/generate.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  logLevel: "error",
  external: ["unpdf", "pdf-lib", "@pdf-lib/fontkit", "playwright-core", "subset-font"],
});
const { buildCorpus } = await import(outfile);
const pkg = (name) => JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version;
const { execFileSync } = await import("node:child_process");
const chromium = execFileSync("/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// The held-out set (--heldout) has layouts of its own and, by default, subjects of its own (seed 华东: the
// companies' names carry it), so none of its values is a value of the tuning corpus.
const heldout = args.includes("--heldout");
const committedSeed = heldout ? "华东" : "";
const seed = option("seed") ?? committedSeed;
if (seed !== committedSeed && !option("out"))
  throw new Error("--seed needs --out=DIR: the committed corpora are built with their default seeds only");
await buildCorpus({
  root,
  workDir: join(tmpdir(), `corpus-build-${process.pid}`),
  only: args.filter((a) => !a.startsWith("--")),
  seed,
  outDir: option("out") ?? join(root, heldout ? "test/corpus-heldout" : "test/corpus"),
  heldout,
  versions: { chromium, "playwright-core": pkg("playwright-core"), "pdf-lib": pkg("pdf-lib"), "@pdf-lib/fontkit": pkg("@pdf-lib/fontkit") },
});
