#!/usr/bin/env node
/**
 * npm run bench: every benchmark script under bench/, one after the other. Prints numbers only.
 * `npm run bench -- ocr` runs the scripts whose names contain "ocr"; arguments starting with "--" go to
 * each script run (`npm run bench -- ocr --service-only`, `--size=100`).
 * At the end, the lines that state a target (issue 15's ratios, the bundle budget) again, together.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const scripts = readdirSync("bench")
  .filter((f) => f.endsWith(".mjs") && f !== "run.mjs")
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

/** The script's output, passed through as it comes and kept. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn("node", ["--max-old-space-size=4096", `bench/${script}`, ...flags], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      process.stdout.write(d);
      out += d;
    });
    child.on("close", (status) => resolve({ status, out }));
  });
}

const targets = [];
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const { status, out } = await run(script);
  if (status !== 0) console.log(`bench/${script} exited with ${status}`);
  const lines = out.split("\n").filter((l) => /target|budget:|ratio scan\/baseline/.test(l) || /\b(NOT )?met$/.test(l));
  if (lines.length) targets.push(`bench/${script}`, ...lines.map((l) => `  ${l.trim()}`));
}
if (targets.length) console.log(`\n=== targets\n${targets.join("\n")}`);
