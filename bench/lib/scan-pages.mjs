/**
 * The real-scale debtor's scanned pages as files: what each prints comes from the sandbox's own
 * module (worker/upstream/sandbox/scan-pages.ts, bundled with esbuild and imported from memory), the
 * pixels from ./scan-page-drawing.mjs. The directory is a cache keyed by what decides the pixels (a
 * SHA-256 of the bundled content module, the drawing module and the fonts, kept in `inputs.sha256`):
 * while the key holds, pages on disk are kept; when it changes, every page is drawn again (about
 * 0.2 CPU s each). `node bench/lib/scan-pages.mjs [dir]` writes all 167 (default bench/out/scan-pages,
 * git-ignored); the Worker's static assets take them in when SANDBOX_SCANS_DIR names that directory.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { drawScanPage, FONT_FILES } from "./scan-page-drawing.mjs";

export const DEFAULT_SCAN_PAGES_DIR = new URL("../out/scan-pages", import.meta.url).pathname;
const KEY_FILE = "inputs.sha256";

async function bundledContentModule() {
  const entry = new URL("../../worker/upstream/sandbox/scan-pages.ts", import.meta.url).pathname;
  const bundle = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", write: false });
  return bundle.outputFiles[0].text;
}

/** @returns {Promise<typeof import("../../worker/upstream/sandbox/scan-pages")>} */
export async function scanPagesModule() {
  return importFromMemory(await bundledContentModule());
}

const importFromMemory = (source) => import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

/** Writes the pages `numbers` (default: all) into `dir` unless drawn there from the same inputs; returns their contents, in order. */
export async function ensureScanPages(dir = DEFAULT_SCAN_PAGES_DIR, numbers) {
  const source = await bundledContentModule();
  const pages = await importFromMemory(source);
  const key = createHash("sha256");
  key.update(source);
  key.update(readFileSync(new URL("./scan-page-drawing.mjs", import.meta.url)));
  for (const font of FONT_FILES) key.update(readFileSync(font));
  const digest = key.digest("hex");
  mkdirSync(dir, { recursive: true });
  const keyPath = join(dir, KEY_FILE);
  if (!existsSync(keyPath) || readFileSync(keyPath, "utf8") !== digest) {
    for (const file of readdirSync(dir)) if (file.endsWith(".jpg")) rmSync(join(dir, file));
    writeFileSync(keyPath, digest);
  }
  const wanted = numbers ?? Array.from({ length: pages.SCAN_PAGE_TOTAL }, (_, i) => i + 1);
  return wanted.map((n) => {
    const content = pages.scanPageContent(n);
    const file = join(dir, content.file);
    if (!existsSync(file)) writeFileSync(file, drawScanPage(content));
    return { ...content, path: file };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? DEFAULT_SCAN_PAGES_DIR;
  const started = performance.now();
  const written = await ensureScanPages(dir);
  console.log(`${written.length} pages in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
