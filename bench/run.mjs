#!/usr/bin/env node
/**
 * npm run bench: every benchmark script under bench/, one after the other. Prints numbers only.
 * `npm run bench -- ocr` runs the scripts whose names contain "ocr"; arguments starting with "--" go to
 * each script run (`npm run bench -- ocr --service-only`, `--size=100`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const scripts = readdirSync("bench")
  .filter((f) => f.endsWith(".mjs") && f !== "run.mjs")
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const run = spawnSync("node", ["--max-old-space-size=4096", `bench/${script}`, ...flags], { stdio: "inherit" });
  if (run.status !== 0) console.log(`bench/${script} exited with ${run.status}`);
}
