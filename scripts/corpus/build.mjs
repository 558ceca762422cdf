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
import { cutFont } from "../font-tables.mjs";
import { NOTO_SANS_SC, packed, untar } from "../npm-tarball.mjs";

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
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith("--"));
// Asked only when Chromium renders: a build of other renderers runs on a machine without it.
const chromium = () => execFileSync("/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// The held-out set (--heldout) has layouts of its own and, by default, subjects of its own (seed 华东: the
// companies' names carry it), so none of its values is a value of the tuning corpus.
const heldout = args.includes("--heldout");
const committedSeed = heldout ? "华东" : "";
const seed = option("seed") ?? committedSeed;
if (seed !== committedSeed && !option("out"))
  throw new Error("--seed needs --out=DIR: the committed corpora are built with their default seeds only");
let notoSansSCFile;
/** The held-out report-engine renderer's font, from its npm package (never the system's fonts), cut to `chars`. */
function notoSansSC(chars) {
  notoSansSCFile ??= untar(packed(NOTO_SANS_SC.spec, join(root, "node_modules/.cache/pdf-assets")), (name) => name === NOTO_SANS_SC.file).get(
    NOTO_SANS_SC.file,
  );
  if (!notoSansSCFile) throw new Error(`${NOTO_SANS_SC.file} not found in ${NOTO_SANS_SC.spec}`);
  return cutFont(notoSansSCFile, chars);
}
await buildCorpus({
  root,
  workDir: join(tmpdir(), `corpus-build-${process.pid}`),
  only,
  seed,
  outDir: option("out") ?? join(root, heldout ? "test/corpus-heldout" : "test/corpus"),
  heldout,
  fonts: { notoSansSC },
  versions: {
    ...(!only.length || only.includes("chromium") ? { chromium: chromium(), "playwright-core": pkg("playwright-core") } : {}),
    "pdf-lib": pkg("pdf-lib"),
    "@pdf-lib/fontkit": pkg("@pdf-lib/fontkit"),
    ...(heldout && (!only.length || only.includes("report-engine")) ? { reportEngineFont: `${NOTO_SANS_SC.spec} ${NOTO_SANS_SC.file}` } : {}),
  },
});
