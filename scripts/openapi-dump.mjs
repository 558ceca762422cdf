#!/usr/bin/env node
/**
 * Prints the open API's OpenAPI document, exactly as GET /api/open/v1/openapi.json serves it: the
 * app is bundled with esbuild for Node and asked in-process (Hono's app.request), so no server,
 * port or binding is involved (the env is empty: defaults only): building the document touches none. Used by `npm run lint:openapi`.
 *
 *   node scripts/openapi-dump.mjs [out.json]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = new URL("..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "openapi-dump-"));
try {
  const entry = join(dir, "entry.mjs");
  await build({
    stdin: {
      contents: `import { createApp } from "./worker/app";
export async function dump() {
  // An empty env: every setting takes its documented default (worker/config.ts checks it on each request).
  const res = await createApp().request("/api/open/v1/openapi.json", {}, {});
  if (!res.ok) throw new Error("GET /api/open/v1/openapi.json: " + res.status + " " + (await res.text()));
  return res.json();
}`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Only the Workers runtime has these; building the document never loads them.
    external: ["cloudflare:*"],
    // The export's font subsetter (WebAssembly, a module in workerd): bytes here, never instantiated.
    loader: { ".wasm": "binary" },
    outfile: entry,
    logLevel: "warning",
  });
  const { dump } = await import(pathToFileURL(entry).href);
  const text = `${JSON.stringify(await dump(), null, 2)}\n`;
  if (process.argv[2]) {
    mkdirSync(dirname(process.argv[2]), { recursive: true });
    writeFileSync(process.argv[2], text);
  } else process.stdout.write(text);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
