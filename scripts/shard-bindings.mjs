#!/usr/bin/env node
/**
 * @module The shard D1 bindings (docs/capacity.md section 3).
 *
 * `node scripts/shard-bindings.mjs <n>` prints the [[d1_databases]] blocks SHARD_0 … SHARD_{n-1}, each on
 * migrations/shard/, and the SHARDS value that goes with them. `--inline <from> <to> [env]` prints the
 * entries SHARD_<from> … SHARD_<to> in the one-line form of an environment's `d1_databases = [...]` (for
 * production; with `staging`, its database names). wrangler.toml's [env.production] has 256 (the model's
 * size), [env.staging] and the local top level two. Create each database (`wrangler d1 create
 * registry-shard-<i>`) and put its id in its entry; `npm run deploy` migrates them all.
 *
 * `d1BindingNames()` lists every D1 binding of wrangler.toml (DB and each shard), for the scripts that
 * apply migrations locally: `wrangler d1 migrations apply <binding>` takes one database at a time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The D1 binding names of a wrangler.toml, in the order its [[d1_databases]] blocks appear. */
export function d1BindingNames(dir = process.cwd()) {
  const toml = readFileSync(join(dir, "wrangler.toml"), "utf8");
  return [...toml.matchAll(/\[\[d1_databases\]\]\s*\nbinding\s*=\s*"([^"]+)"/g)].map((m) => m[1]);
}

/** The [[d1_databases]] block of shard `index`. */
export function shardBlock(index) {
  return [
    "[[d1_databases]]",
    `binding = "SHARD_${index}"`,
    `database_name = "registry-shard-${index}"`,
    `database_id = "<the id wrangler d1 create registry-shard-${index} printed>"`,
    'migrations_dir = "migrations/shard"',
  ].join("\n");
}

/** The one-line entry of shard `index` in an environment's d1_databases (database names end in `suffix`'s environment). */
export function shardEntry(index, suffix = "") {
  return `  { binding = "SHARD_${index}", database_name = "registry${suffix}-shard-${index}", database_id = "<the id wrangler d1 create printed>", migrations_dir = "migrations/shard" },`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && process.argv[2] === "--inline") {
  const [from, to] = [Number(process.argv[3]), Number(process.argv[4])];
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to >= 5000) {
    console.error("usage: node scripts/shard-bindings.mjs --inline <from> <to> [staging]");
    process.exit(1);
  }
  const suffix = process.argv[5] === "staging" ? "-staging" : "";
  console.log(`# into d1_databases = [...] of the environment; then SHARDS = "${to + 1}" in its vars.`);
  for (let i = from; i <= to; i++) console.log(shardEntry(i, suffix));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2] ?? "256");
  if (!Number.isInteger(n) || n < 1 || n > 5000) {
    console.error("usage: node scripts/shard-bindings.mjs <shards: 1 … 5000>");
    process.exit(1);
  }
  console.log(`# SHARDS = "${n}" in [vars]; the database ids come from \`wrangler d1 create registry-shard-<i>\`.`);
  for (let i = 0; i < n; i++) console.log(`\n${shardBlock(i)}`);
}
