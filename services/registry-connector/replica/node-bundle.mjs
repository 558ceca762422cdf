/**
 * @module The worker's own TypeScript (the sandbox registry, the gateway contract) bundled for Node by
 * esbuild into a private temporary file and imported: how the replica and the gateway stub serve exactly
 * what the sandbox adapter returns. Each names its own entry file.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** @param {string} entry an absolute path to a .ts file that re-exports what its caller needs */
export async function bundleForNode(entry) {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    logLevel: "error",
  });
  const dir = await mkdtemp(join(tmpdir(), "worker-bundle-"));
  const file = join(dir, "worker-modules.mjs");
  await writeFile(file, result.outputFiles[0].contents);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
