#!/usr/bin/env node
/**
 * Keeps package-lock.json in the one form both npm 10 (Node 22's) and npm 11 leave unchanged on
 * `npm install`: without the `libc` fields npm 11 writes for platform packages. npm 10 does not know
 * them and drops them, so a newcomer's first `npm install` rewrote the committed lockfile; npm 11
 * reads a lockfile without them and keeps it as it is. The price: on Linux the musl builds of two
 * optional native packages (@napi-rs/canvas, sharp) are fetched beside the glibc ones.
 *
 *   node scripts/lockfile-portable.mjs          rewrite package-lock.json (after changing dependencies)
 *   node scripts/lockfile-portable.mjs --check  exit 1 when it holds libc fields (CI)
 */
import { readFileSync, writeFileSync } from "node:fs";

const FILE = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(FILE, "utf8"));
const withLibc = Object.entries(lock.packages ?? {}).filter(([, entry]) => "libc" in entry);
if (process.argv.includes("--check")) {
  if (withLibc.length > 0) {
    console.error(
      `package-lock.json: ${withLibc.length} entries carry "libc" (npm 10 would rewrite the file); run node scripts/lockfile-portable.mjs`,
    );
    process.exit(1);
  }
} else {
  for (const [, entry] of withLibc) delete entry.libc;
  writeFileSync(FILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: removed libc from ${withLibc.length} entries`);
}
