#!/usr/bin/env node
/**
 * @module The shard D1 bindings (docs/capacity.md section 3).
 *
 * `node scripts/shard-bindings.mjs <n>` prints the [[d1_databases]] blocks SHARD_0 … SHARD_{n-1} for a
 * production wrangler config (the model sizes production at 256), each on migrations/shard/, and the
 * SHARDS value that goes with them. Create the databases first (`wrangler d1 create registry-shard-<i>`)
 * and put their ids in the blocks; then `wrangler d1 migrations apply SHARD_<i> --remote` for each.
 * Locally wrangler.toml has two.
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2] ?? "256");
  if (!Number.isInteger(n) || n < 1 || n > 5000) {
    console.error("usage: node scripts/shard-bindings.mjs <shards: 1 … 5000>");
    process.exit(1);
  }
  console.log(`# SHARDS = "${n}" in [vars]; the database ids come from \`wrangler d1 create registry-shard-<i>\`.`);
  for (let i = 0; i < n; i++) console.log(`\n${shardBlock(i)}`);
}
