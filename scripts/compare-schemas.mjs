#!/usr/bin/env node
/**
 * @module Proves two sets of migrations build the same database: applies every .sql file of each
 * directory (in name order, as wrangler does) to its own fresh in-memory SQLite, then compares what
 * SQLite reports: tables, columns (type, NOT NULL, default, primary key), indexes (unique, partial
 * WHERE, key columns and their order), foreign keys, CHECK constraints and the rows the migrations seed.
 * Two spellings drizzle-kit always uses are listed as notes, not differences (EQUIVALENT_SPELLINGS).
 *
 *   node_modules/.bin/node scripts/compare-schemas.mjs <migrations-dir-a> <migrations-dir-b>
 *
 * Exits 1 and lists every difference when the databases differ. To compare against an older revision:
 *   mkdir /tmp/old && git archive <rev> migrations | tar -x -C /tmp/old
 * Needs node:sqlite (Node 22+: the project's node_modules/.bin/node).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: compare-schemas.mjs <migrations-dir-a> <migrations-dir-b>");
  process.exit(2);
}

/** A fresh database with every migration of `dir` applied. */
function migrated(dir) {
  const db = new DatabaseSync(":memory:");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  for (const file of files) db.exec(readFileSync(join(dir, file), "utf8"));
  return db;
}

/** Identifiers lose their quotes and case, whitespace collapses: `"kind" IN ('a')` ≡ kind IN ('a'). */
function normalized(sqlText) {
  return sqlText
    .replace(/[`"[\]]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([(),])\s*/g, "$1")
    .trim()
    .toLowerCase();
}

/** The bodies of every CHECK (…) in a CREATE TABLE statement, with balanced parentheses. */
function checkConstraints(createSql) {
  const found = [];
  const pattern = /\bCHECK\s*\(/gi;
  for (let match = pattern.exec(createSql); match; match = pattern.exec(createSql)) {
    let depth = 1;
    let end = pattern.lastIndex;
    while (depth > 0 && end < createSql.length) {
      if (createSql[end] === "(") depth++;
      if (createSql[end] === ")") depth--;
      end++;
    }
    found.push(normalized(createSql.slice(pattern.lastIndex, end - 1)));
  }
  return found.sort();
}

/**
 * A description of one table keyed by what matters, not by how it was spelt. Indexes that back an
 * inline UNIQUE or PRIMARY KEY have generated names (sqlite_autoindex_…), so they are named by origin.
 */
function describeTable(db, table, createSql) {
  const columns = db
    .prepare(`PRAGMA table_xinfo("${table}")`)
    .all()
    .map((c) => ({
      name: c.name,
      type: String(c.type).toUpperCase(),
      notnull: c.notnull,
      default: c.dflt_value,
      pk: c.pk,
    }));
  const indexes = db
    .prepare(`PRAGMA index_list("${table}")`)
    .all()
    .map((index) => {
      const keys = db
        .prepare(`PRAGMA index_xinfo("${index.name}")`)
        .all()
        .filter((k) => k.key)
        .map((k) => `${k.name}${k.desc ? " DESC" : ""}`);
      const indexSql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(index.name)?.sql;
      const where = index.partial && indexSql ? normalized(indexSql.slice(indexSql.search(/\bWHERE\b/i) + 5)) : null;
      const origin = { pk: "primary key", u: "inline UNIQUE", c: index.name }[index.origin];
      return `${origin}: ${index.unique ? "UNIQUE " : ""}(${keys.join(", ")})${where ? ` WHERE ${where}` : ""}`;
    });
  const foreignKeys = db
    .prepare(`PRAGMA foreign_key_list("${table}")`)
    .all()
    .map((fk) => `${fk.from} -> ${fk.table}(${fk.to}) on update ${fk.on_update} on delete ${fk.on_delete} match ${fk.match}`)
    .sort();
  const rows = db
    .prepare(`SELECT * FROM "${table}"`)
    .all()
    .map((row) => JSON.stringify(row))
    .sort();
  return { columns, indexes, foreignKeys, checks: checkConstraints(createSql), rows };
}

function describe(db) {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
  return new Map(tables.map((t) => [t.name, describeTable(db, t.name, t.sql)]));
}

/**
 * Two spellings drizzle-kit cannot avoid, reported as notes rather than differences: it writes
 * `PRIMARY KEY NOT NULL` (SQLite would otherwise let a non-INTEGER key be NULL: a legacy quirk, never
 * relied on) and turns an inline UNIQUE into a named unique index (same constraint, same lookup).
 */
const EQUIVALENT_SPELLINGS = [
  { why: "drizzle-kit writes PRIMARY KEY NOT NULL", same: (a, b) => a.replace(/ PK#/, " NOT NULL PK#") === b },
  {
    why: "drizzle-kit writes UNIQUE as a named unique index",
    same: (a, b) => a.startsWith("inline UNIQUE: UNIQUE (") && !a.includes(" WHERE ") && b.endsWith(a.slice("inline UNIQUE".length)),
  },
];

/** Set difference both ways, reported as "only in A" / "only in B", unless an equivalent spelling explains a pair. */
function compareSets(label, a, b, differences, notes) {
  const onlyA = a.filter((item) => !b.includes(item));
  const onlyB = b.filter((item) => !a.includes(item));
  for (const left of [...onlyA]) {
    for (const rule of EQUIVALENT_SPELLINGS) {
      const right = onlyB.find((item) => rule.same(left, item) || rule.same(item, left));
      if (right === undefined) continue;
      notes.push(`${label}: A "${left}" ≡ B "${right}" (${rule.why})`);
      onlyA.splice(onlyA.indexOf(left), 1);
      onlyB.splice(onlyB.indexOf(right), 1);
      break;
    }
  }
  for (const item of onlyA) differences.push(`${label}: only in A: ${item}`);
  for (const item of onlyB) differences.push(`${label}: only in B: ${item}`);
}

function compare(a, b) {
  const differences = [];
  const notes = [];
  compareSets("tables", [...a.keys()], [...b.keys()], differences, notes);
  for (const [table, left] of a) {
    const right = b.get(table);
    if (!right) continue;
    const columnText = (c) =>
      `${c.name} ${c.type}${c.notnull ? " NOT NULL" : ""}${c.default === null ? "" : ` DEFAULT ${c.default}`}${c.pk ? ` PK#${c.pk}` : ""}`;
    compareSets(`${table} columns`, left.columns.map(columnText), right.columns.map(columnText), differences, notes);
    if (left.columns.map((c) => c.name).join() !== right.columns.map((c) => c.name).join()) {
      differences.push(`${table} columns: order differs (A: ${left.columns.map((c) => c.name)}; B: ${right.columns.map((c) => c.name)})`);
    }
    compareSets(`${table} indexes`, left.indexes, right.indexes, differences, notes);
    compareSets(`${table} foreign keys`, left.foreignKeys, right.foreignKeys, differences, notes);
    compareSets(`${table} checks`, left.checks, right.checks, differences, notes);
    compareSets(`${table} rows`, left.rows, right.rows, differences, notes);
  }
  return { differences, notes };
}

const { differences, notes } = compare(describe(migrated(dirA)), describe(migrated(dirB)));
if (notes.length > 0) console.log(`${notes.length} equivalent spelling(s):\n${notes.map((note) => `  ${note}`).join("\n")}`);
if (differences.length > 0) {
  console.error(`${differences.length} difference(s) between ${dirA} (A) and ${dirB} (B):`);
  for (const line of differences) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`same schema: ${dirA} and ${dirB} build identical tables, columns, indexes, foreign keys, checks and seed rows`);
