#!/usr/bin/env node
/**
 * Builds public/, the Worker's static assets (wrangler.toml [assets], binding ASSETS): files served
 * by Cloudflare's asset layer beside the Worker instead of being bundled into it, so they cost no
 * Worker size, no startup CPU and no Worker invocation.
 *
 * - static/ as it is: the docs page's Swagger UI (vendored by scripts/build-docs-assets.mjs) and
 *   init.js, and _headers (the headers each path gets: content type, caching, CSP, nosniff);
 * - viewer/assets/: the evidence viewer's browser modules (worker/routes/viewer/browser/) and pdf.js's
 *   browser build (pdfjs-dist's pdf.min.mjs and pdf.worker.min.mjs, source-map references dropped);
 * - console/assets/: the console pages' browser modules and stylesheet (worker/console/browser/);
 * - viewer/cmaps/: pdf.js's packed GB CMaps, for PDFs set in non-embedded Chinese fonts;
 * - fonts/NotoSansSC-Regular.otf: the console's check export embeds a subset of it in each PDF
 *   (worker/console/export/export-font.ts), read by the Worker through its ASSETS binding;
 * - sandbox/scans/: the sandbox upstream's scanned attachments (worker/upstream/sandbox/scans), read
 *   by the Worker through its ASSETS binding; wrangler.toml runs the Worker first on /sandbox/*, so
 *   they are never served to clients. With SANDBOX_SCANS_DIR set, the pictures in that directory too:
 *   the real-scale debtor's 167 generated pages (bench/lib/scan-pages.mjs), which are not committed.
 *
 * public/ is generated (git-ignored). wrangler runs this before `wrangler dev` and `wrangler deploy`
 * ([build] in wrangler.toml) and vitest.config.ts before the tests. A file is rewritten only when its
 * bytes change, through a temporary file renamed into place, so concurrent builds in one checkout
 * leave every file whole; files no source gives any more are removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = new URL("..", import.meta.url).pathname;
export const PUBLIC_DIR = join(ROOT, "public");
const PDFJS_DIR = join(ROOT, "node_modules/pdfjs-dist");
/** The CMaps of the GB collection: the only ones the PDF pipeline reads too (scripts/build-pdf-assets.mjs). */
const GB_CMAP = /^(Adobe-GB1-.*|GB.*|UniGB-.*)\.bcmap$/;
const SCAN_FILE = /\.(jpg|png|pdf)$/;
/** Noto Sans SC Regular (SIL OFL 1.1) as the dev dependency @embedpdf/fonts-sc ships it. */
const EXPORT_FONT = join(ROOT, "node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf");

// Source maps are not shipped: drop the references so browsers do not ask for them.
const withoutSourceMap = (bytes) => Buffer.from(bytes.toString("utf8").replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, ""), "utf8");

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Every file public/ must hold: path inside public/ → its bytes. */
export function wantedFiles() {
  const files = new Map();
  const staticDir = join(ROOT, "static");
  for (const path of filesUnder(staticDir)) files.set(path, readFileSync(join(staticDir, path)));
  const browserDir = join(ROOT, "worker/routes/viewer/browser");
  for (const name of readdirSync(browserDir).filter((n) => /\.(js|css)$/.test(n))) {
    files.set(`viewer/assets/${name}`, readFileSync(join(browserDir, name)));
  }
  const consoleDir = join(ROOT, "worker/console/browser");
  for (const name of readdirSync(consoleDir).filter((n) => /\.(js|css)$/.test(n))) {
    files.set(`console/assets/${name}`, readFileSync(join(consoleDir, name)));
  }
  for (const name of ["pdf.min.mjs", "pdf.worker.min.mjs"]) {
    files.set(`viewer/assets/${name}`, withoutSourceMap(readFileSync(join(PDFJS_DIR, "build", name))));
  }
  for (const name of readdirSync(join(PDFJS_DIR, "cmaps")).filter((n) => GB_CMAP.test(n))) {
    files.set(`viewer/cmaps/${name}`, readFileSync(join(PDFJS_DIR, "cmaps", name)));
  }
  files.set("fonts/NotoSansSC-Regular.otf", readFileSync(EXPORT_FONT));
  const scansDir = join(ROOT, "worker/upstream/sandbox/scans");
  for (const name of readdirSync(scansDir).filter((n) => SCAN_FILE.test(n))) {
    files.set(`sandbox/scans/${name}`, readFileSync(join(scansDir, name)));
  }
  const generated = process.env.SANDBOX_SCANS_DIR;
  if (generated && existsSync(generated)) {
    for (const name of readdirSync(generated).filter((n) => SCAN_FILE.test(n)))
      files.set(`sandbox/scans/${name}`, readFileSync(join(generated, name)));
  }
  return files;
}

function sameBytes(path, bytes) {
  try {
    return statSync(path).size === bytes.length && readFileSync(path).equals(bytes);
  } catch {
    return false;
  }
}

/** Brings public/ up to date; returns how many files it wrote and removed. */
export function buildStaticAssets() {
  const wanted = wantedFiles();
  let written = 0;
  for (const [path, bytes] of wanted) {
    const target = join(PUBLIC_DIR, path);
    if (sameBytes(target, bytes)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
    written++;
  }
  let removed = 0;
  mkdirSync(PUBLIC_DIR, { recursive: true });
  for (const path of filesUnder(PUBLIC_DIR)) {
    // Another build's temporary file is its own to rename.
    if (wanted.has(path) || path.endsWith(".tmp")) continue;
    rmSync(join(PUBLIC_DIR, path), { force: true });
    removed++;
  }
  return { files: wanted.size, written, removed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { files, written, removed } = buildStaticAssets();
  console.log(`public/: ${files} files (${written} written, ${removed} removed)`);
}
