/**
 * The real-scale debtor's scanned pages as files: what each prints comes from the sandbox's own
 * module (worker/upstream/sandbox/scan-pages.ts, bundled with esbuild and imported from memory), the
 * pixels from ./scan-page-drawing.mjs. Pages already on disk are kept (drawing one takes about a second).
 * `node bench/lib/scan-pages.mjs [dir]` writes all 167 (default bench/out/scan-pages, git-ignored);
 * the Worker's static assets take them in when SANDBOX_SCANS_DIR names that directory.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { drawScanPage } from "./scan-page-drawing.mjs";

export const DEFAULT_SCAN_PAGES_DIR = new URL("../out/scan-pages", import.meta.url).pathname;

/** @returns {Promise<typeof import("../../worker/upstream/sandbox/scan-pages")>} */
export async function scanPagesModule() {
  const entry = new URL("../../worker/upstream/sandbox/scan-pages.ts", import.meta.url).pathname;
  const bundle = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", write: false });
  return import("data:text/javascript;base64," + Buffer.from(bundle.outputFiles[0].text).toString("base64"));
}

/** Writes the pages `numbers` (default: all) into `dir`; returns their contents, in order. */
export async function ensureScanPages(dir = DEFAULT_SCAN_PAGES_DIR, numbers) {
  const pages = await scanPagesModule();
  const wanted = numbers ?? Array.from({ length: pages.SCAN_PAGE_TOTAL }, (_, i) => i + 1);
  mkdirSync(dir, { recursive: true });
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
