#!/usr/bin/env node
/**
 * @module npm run db:check (and CI): fails when a drizzle schema and its migrations are out of step, i.e.
 * when `drizzle-kit generate` would write a new migration. Two sets: the shared D1's (worker/db/schema/index.ts
 * → migrations/) and the shard D1s' (worker/db/schema/shard.ts → migrations/shard/). It runs drizzle-kit against a throwaway
 * copy of migrations/ (the real directory is never touched) and names the tables that differ from the
 * last snapshot. It also fails on a .sql file drizzle-kit's journal does not know (a hand-written
 * migration: custom SQL belongs in `drizzle-kit generate --custom`, so the journal keeps the order).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

/** Each schema and the directory its migrations live in (drizzle.config.ts, drizzle.shard.config.ts). */
const SETS = [
  { migrations: "migrations", schema: "./worker/db/schema/index.ts" },
  { migrations: "migrations/shard", schema: "./worker/db/schema/shard.ts" },
];
const DRIZZLE_KIT = "node_modules/drizzle-kit/bin.cjs";
/** drizzle-kit asks about renames on a terminal; without one it must not wait for an answer forever. */
const GENERATE_TIMEOUT_MS = 180_000;

function fail(message) {
  console.error(`db:check: ${message}`);
  process.exit(1);
}

function journalOf(dir) {
  return JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8"));
}

function sqlFiles(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** The tables of the snapshot written with the last journal entry, keyed by name. */
function lastSnapshotTables(dir) {
  const last = journalOf(dir).entries.at(-1);
  if (!last) return {};
  const file = join(dir, "meta", `${String(last.idx).padStart(4, "0")}_snapshot.json`);
  return JSON.parse(readFileSync(file, "utf8")).tables;
}

/** JSON with sorted keys: drizzle-kit writes the same snapshot entry with its keys in varying order. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
    .join(",")}}`;
}

/** Tables added, dropped or changed between two snapshots: what a newcomer needs to look at. */
function changedTables(before, after) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((name) => {
    if (!(name in before)) return [`${name} (new table)`];
    if (!(name in after)) return [`${name} (dropped)`];
    return canonical(before[name]) === canonical(after[name]) ? [] : [`${name} (changed)`];
  });
}

/** Fails (exits) when the set's schema and migrations differ. */
function checkSet({ migrations, schema }) {
  const unjournaled = sqlFiles(migrations).filter((file) => !journalOf(migrations).entries.some((entry) => `${entry.tag}.sql` === file));
  if (unjournaled.length > 0) {
    fail(
      `${unjournaled.join(", ")} not in ${migrations}/meta/_journal.json: write custom SQL with \`npx drizzle-kit generate --custom --name <what>\`, not by hand`,
    );
  }

  const scratch = mkdtempSync(join(tmpdir(), "db-check-"));
  try {
    const copy = join(scratch, migrations);
    cpSync(migrations, copy, { recursive: true });
    // drizzle-kit reads its snapshots at "./" + out, so the copy is named relative to the working directory.
    const generate = spawnSync(
      process.execPath,
      [DRIZZLE_KIT, "generate", "--dialect", "sqlite", "--schema", schema, "--out", relative(process.cwd(), copy)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: GENERATE_TIMEOUT_MS },
    );
    const output = `${generate.stdout ?? ""}${generate.stderr ?? ""}`;
    const added = sqlFiles(copy).filter((file) => !existsSync(join(migrations, file)));
    if (added.length > 0) {
      const tables = changedTables(lastSnapshotTables(migrations), lastSnapshotTables(copy));
      const sql = added.map((file) => readFileSync(join(copy, file), "utf8")).join("\n");
      fail(
        `${schema} differs from ${migrations}/ in ${tables.join(", ") || "the schema"}; ` +
          `run \`npm run db:generate\` and commit the migration. drizzle-kit would write:\n${sql}`,
      );
    }
    // drizzle-kit exits 0 even when it fails, so success is its own words, not its exit code.
    if (generate.error || !output.includes("No schema changes")) {
      const asked = generate.error?.code === "ETIMEDOUT" || output.includes("Interactive prompts require a TTY");
      const reason = asked
        ? "drizzle-kit needs to ask whether a table or column was renamed; run `npm run db:generate` in a terminal and commit the migration"
        : `drizzle-kit did not confirm that ${schema} and ${migrations}/ agree`;
      fail(`${reason}:\n${output}`);
    }
    console.log(`db:check: ${schema} and ${migrations}/ are in step (${sqlFiles(migrations).length} migrations)`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

for (const set of SETS) checkSet(set);
