#!/usr/bin/env node
/**
 * Capacity simulation for docs/capacity.md: how big our rows are and how reads grow with the table.
 *
 * 1. Serves the last commit with `wrangler dev` on a throwaway --persist-to directory (every D1
 *    binding's migrations applied by wrangler: the shared DB and each SHARD_n), runs a real sandbox
 *    query (规模200) and a 100-criterion check over it.
 * 2. Finds each binding's SQLite file (Miniflare's naming, `d1Files` below; a missing file stops the
 *    run) and measures the rows that run wrote with SQLite's dbstat (bytes per registration,
 *    document, check result, evidence row from the account's shard file; queries, checks and
 *    criteria from the shared file; index bytes included) and the page texts the pipeline put in R2.
 * 3. Fills the real account's shard file (found through shard_directory) with copies of those rows
 *    under other accounts placed on the same shard (new ids; the real account's rows stay), and the
 *    shared file with their accounts, shard_directory, queries, checks and criteria rows, straight
 *    through SQLite (node:sqlite, multi-row INSERTs in transactions, the server stopped), up to each
 *    checkpoint. At each one it serves the files again and times the real account's reads through
 *    the API: registration list (first and a deep page), registration detail, check result list,
 *    check result detail. Also times, on each shard file, the operator's cross-account question
 *    "which accounts hold this certificate number" (a fan-out over the shards; no index serves it).
 *
 *   node scripts/capacity-sim.mjs [--checkpoints 10000,100000,1000000] [--port 18702] [--keep]
 *
 * Prints a table and a consistency count (shard rows naming a missing shared row); nothing is asserted.
 * Needs ~9 GB of disk at 1 M registrations (7 KB a registration). Runs on Node 22 (node:sqlite).
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1BindingNames } from "./shard-bindings.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const checkpoints = option("checkpoints", "10000,100000,1000000").split(",").map(Number);
const port = Number(option("port", "18702"));
const keep = args.includes("--keep");
const base = `http://127.0.0.1:${port}`;
const admin = `sim-admin-${crypto.randomUUID()}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

const work = mkdtempSync(join(tmpdir(), "capacity-sim-"));
const source = join(work, "src");
const state = join(work, "state");
spawnSync("sh", ["-c", `mkdir -p ${source} && git archive HEAD | tar -xf - -C ${source}`], { stdio: "inherit" });
symlinkSync(join(process.cwd(), "node_modules"), join(source, "node_modules"));
// Every D1 binding of the commit served (the shared DB and each shard).
for (const binding of d1BindingNames(source))
  spawnSync("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", state], { env, stdio: "ignore", cwd: source });

let server = null;
async function startServer() {
  server = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--var", `ADMIN_TOKEN:${admin}`], {
    env,
    stdio: "ignore",
    detached: true,
    cwd: source,
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/open/v1/openapi.json`)).ok) return;
    } catch {
      /* not listening yet: poll again */
    }
    if (i > 300) throw new Error("wrangler dev did not start");
    await sleep(500);
  }
}
async function stopServer() {
  if (!server) return;
  const exited = new Promise((r) => server.once("exit", r));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone: nothing to stop */
  }
  await Promise.race([exited, sleep(10_000)]);
  server = null;
  await sleep(1000);
}
process.on("exit", () => {
  if (server)
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone: nothing to stop */
    }
  if (!keep) rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

/** One API call; a 429 waits for its Retry-After and is not counted. */
async function call(path, { method = "GET", json, key, asAdmin } = {}) {
  for (;;) {
    const headers = {};
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (key) headers["X-Api-Key"] = key;
    if (asAdmin) headers.Authorization = `Bearer ${admin}`;
    if (method === "POST" && key) headers["Idempotency-Key"] = crypto.randomUUID();
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status === 429) {
      await sleep(1000 * Number(res.headers.get("retry-after") ?? 5));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return { body: JSON.parse(text), ms };
  }
}

// 1. A real run.
await startServer();
const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "capacity" }, asAdmin: true })).body;
await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: "enterprise", cycle: "monthly" }, asAdmin: true });
const { key } = (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, asAdmin: true })).body;
const subject = "规模200容量模拟供应链有限公司";
const queryId = (await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [subject] }, key })).body.queries[0].id;
while (!["succeeded", "partial", "failed"].includes((await call(`/api/open/v1/queries/${queryId}`, { key })).body.executionStatus)) await sleep(3000);
const criteria = Array.from({ length: 100 }, (_, i) =>
  i % 5 === 0 ? { kind: "keyword", value: i === 0 ? "应收账款" : `关键词${i}` } : { kind: "invoice_no", value: String(10_000_000 + i * 7919) },
);
const checkId = (await call("/api/open/v1/checks", { method: "POST", key, json: { applicant: subject, sourceRegistryQueryId: queryId, criteria } }))
  .body.id;
while ((await call(`/api/open/v1/checks/${checkId}`, { key })).body.processingCompletedAt === undefined) await sleep(3000);
const registrationIds = (await call(`/api/open/v1/queries/${queryId}/registrations?pageSize=100`, { key })).body.items.map((r) => r.id);
const matchedIds = (await call(`/api/open/v1/checks/${checkId}/results?sort=strength&pageSize=20`, { key })).body.items.map((r) => r.registration.id);

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
async function timeReads() {
  const reads = {
    "list p1": (k) => `/api/open/v1/queries/${queryId}/registrations?pageSize=20&page=1&x=${k}`,
    "list p9": (k) => `/api/open/v1/queries/${queryId}/registrations?pageSize=20&page=9&x=${k}`,
    detail: (k) => `/api/open/v1/queries/${queryId}/registrations/${registrationIds[k % registrationIds.length]}`,
    results: (k) => `/api/open/v1/checks/${checkId}/results?pageSize=20&sort=strength&x=${k}`,
    "result detail": (k) => `/api/open/v1/checks/${checkId}/results/${matchedIds[k % matchedIds.length]}`,
  };
  for (const make of Object.values(reads)) await call(make(0), { key });
  const out = {};
  for (const [name, make] of Object.entries(reads)) {
    const ms = [];
    for (let k = 1; k <= 15; k++) ms.push((await call(make(k), { key })).ms);
    out[name] = { p50: quantile(ms, 0.5), p90: quantile(ms, 0.9) };
  }
  return out;
}
const series = [];
const baseReads = await timeReads();
await stopServer();

// 2. Sizes: shard tables from the real account's shard file, task tables from the shared file.
const files = d1Files(source, join(state, "v3", "d1", "miniflare-D1DatabaseObject"));
const shared = openD1(files.get("DB"), "shard_directory");
const shardIndex = shared.prepare("SELECT shard FROM shard_directory WHERE account_id = ?").get(account.id)?.shard;
if (shardIndex === undefined) throw new Error(`no shard_directory row for ${account.id} in the shared D1`);
const shardBindings = [...files.keys()].filter((b) => /^SHARD_\d+$/.test(b));
const shards = new Map(shardBindings.map((b) => [b, openD1(files.get(b), "registrations")]));
const db = shards.get(`SHARD_${shardIndex}`);
if (!db) throw new Error(`the real account is on SHARD_${shardIndex}, which wrangler.toml does not bind`);
const dbFile = files.get(`SHARD_${shardIndex}`);
const sharedFile = files.get("DB");
const shardTables = ["registrations", "documents", "check_results", "evidence"];
const sharedTables = ["queries", "checks", "criteria"];
const home = (t) => (shardTables.includes(t) ? db : shared);
const tables = [...shardTables, ...sharedTables];
function tableBytes(database) {
  const rows = database.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all();
  const indexes = database.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'").all();
  const owner = new Map(indexes.map((i) => [i.name, i.tbl_name]));
  const sizes = {};
  for (const r of rows) {
    const t = owner.get(r.name) ?? r.name;
    sizes[t] ??= { data: 0, index: 0 };
    sizes[t][owner.has(r.name) ? "index" : "data"] += r.bytes;
  }
  return sizes;
}
const count = (t) => home(t).prepare(`SELECT COUNT(*) AS n FROM ${t}`).get().n;
const measured = { ...tableBytes(shared), ...tableBytes(db) };
const perRow = {};
for (const t of tables) {
  const n = count(t);
  const s = measured[t] ?? { data: 0, index: 0 };
  perRow[t] = {
    n,
    data: n ? s.data / n : 0,
    index: n ? s.index / n : 0,
    payload: n
      ? home(t)
          .prepare(`SELECT AVG(${payloadExpr(t)}) AS b FROM ${t}`)
          .get().b
      : 0,
  };
}
/** Sum of the column lengths of a row (what the row holds, before page overhead). */
function payloadExpr(t) {
  return home(t)
    .prepare(`SELECT name FROM pragma_table_info('${t}')`)
    .all()
    .map((c) => `COALESCE(LENGTH(CAST(${c.name} AS BLOB)), 0)`)
    .join(" + ");
}
const registrationColumns = db
  .prepare("SELECT name FROM pragma_table_info('registrations')")
  .all()
  .map(({ name }) => ({ name, bytes: db.prepare(`SELECT AVG(COALESCE(LENGTH(CAST(${name} AS BLOB)), 0)) AS b FROM registrations`).get().b }))
  .sort((x, y) => y.bytes - x.bytes);
const docs = db
  .prepare(
    "SELECT kind, COUNT(*) AS n, SUM(size) AS bytes, SUM(COALESCE(page_count, 0)) AS pages, SUM(text_key IS NOT NULL) AS texts FROM documents GROUP BY kind",
  )
  .all();
const r2Dir = join(state, "v3", "r2", "miniflare-R2BucketObject");
let r2 = null;
if (existsSync(r2Dir)) {
  const r2File = readdirSync(r2Dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const r2db = new DatabaseSync(join(r2Dir, r2File));
  const textKeys = db.prepare("SELECT text_key AS k, COALESCE(page_count, 0) AS pages FROM documents WHERE text_key IS NOT NULL").all();
  const sizeOf = r2db.prepare("SELECT size FROM _mf_objects WHERE key = ?");
  let textBytes = 0;
  let textPages = 0;
  for (const { k, pages } of textKeys) {
    textBytes += sizeOf.get(k)?.size ?? 0;
    textPages += pages;
  }
  const all = r2db.prepare("SELECT COUNT(*) AS n, SUM(size) AS bytes FROM _mf_objects").get();
  r2 = { objects: all.n, bytes: all.bytes, textBytes, textPages };
  r2db.close();
}

// 3. Fill the real account's shard (its growth is what the model must hold) and time.
const templates = {
  registrations: db.prepare("SELECT * FROM registrations WHERE query_id = ?").all(queryId),
  documents: db.prepare("SELECT * FROM documents WHERE query_id = ?").all(queryId),
  check_results: db.prepare("SELECT * FROM check_results WHERE check_id = ?").all(checkId),
  evidence: db.prepare("SELECT * FROM evidence WHERE check_id = ?").all(checkId),
  criteria: shared.prepare("SELECT * FROM criteria WHERE check_id = ?").all(checkId),
  queries: shared.prepare("SELECT * FROM queries WHERE id = ?").all(queryId),
  checks: shared.prepare("SELECT * FROM checks WHERE id = ?").all(checkId),
  accounts: shared.prepare("SELECT * FROM accounts WHERE id = ?").all(account.id),
  shard_directory: shared.prepare("SELECT * FROM shard_directory WHERE account_id = ?").all(account.id),
};
/** Multi-row INSERTs of many cloned rows into one table of one database. */
function insertAll(table, rows) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const perStatement = Math.max(1, Math.floor(30000 / cols.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const sql = `INSERT INTO ${table} (${cols.join(", ")}) VALUES ${chunk.map(() => `(${cols.map(() => "?").join(", ")})`).join(", ")}`;
    (shardTables.includes(table) ? db : shared).prepare(sql).run(...chunk.flatMap((r) => cols.map((c) => r[c])));
  }
}
let copies = 0;
let registrationCount = count("registrations");
/**
 * One more account on the same shard (an accounts row and its shard_directory row in the shared
 * file), holding a copy of the real query (the query row in the shared file, its registrations and
 * documents in the shard), and a check over every tenth copy (check and criteria shared, results and
 * evidence in the shard).
 */
function addCopy() {
  copies++;
  const tag = copies.toString(36);
  const acc = `acc_sim${tag}`;
  const qry = `qry_sim${tag}`;
  const chk = `chk_sim${tag}`;
  const reg = (id) => `${id}_${tag}`;
  insertAll(
    "accounts",
    templates.accounts.map((a) => ({ ...a, id: acc, name: `capacity ${tag}` })),
  );
  insertAll(
    "shard_directory",
    templates.shard_directory.map((d) => ({ ...d, account_id: acc })),
  );
  insertAll(
    "queries",
    templates.queries.map((q) => ({ ...q, id: qry, account_id: acc })),
  );
  insertAll(
    "registrations",
    templates.registrations.map((r) => ({ ...r, id: reg(r.id), query_id: qry, account_id: acc })),
  );
  insertAll(
    "documents",
    templates.documents.map((d) => ({ ...d, id: reg(d.id), query_id: qry, account_id: acc, registration_id: reg(d.registration_id) })),
  );
  if (copies % 10 !== 0) return;
  insertAll(
    "checks",
    templates.checks.map((c) => ({ ...c, id: chk, account_id: acc, source_query_id: qry })),
  );
  insertAll(
    "criteria",
    templates.criteria.map((c) => ({ ...c, id: reg(c.id), check_id: chk })),
  );
  insertAll(
    "check_results",
    templates.check_results.map((r) => ({
      ...r,
      id: reg(r.id),
      check_id: chk,
      registration_id: reg(r.registration_id),
      matched_criterion_ids: JSON.stringify(JSON.parse(r.matched_criterion_ids).map(reg)),
    })),
  );
  insertAll(
    "evidence",
    templates.evidence.map((e) => ({
      ...e,
      id: reg(e.id),
      check_id: chk,
      registration_id: reg(e.registration_id),
      document_id: e.document_id && reg(e.document_id),
      criterion_id: e.criterion_id && reg(e.criterion_id),
    })),
  );
}
const certificate = templates.registrations[0]?.certificate_number ?? "";
/** The operator's "which accounts hold certificate X": one query per shard file (no index serves it). */
function crossAccount() {
  const perShard = {};
  for (const [binding, shard] of shards) {
    const t0 = performance.now();
    shard.prepare("SELECT DISTINCT account_id FROM registrations WHERE certificate_number = ?").all(certificate);
    perShard[binding] = performance.now() - t0;
  }
  return perShard;
}
const checkpointAll = () => [shared, ...shards.values()].forEach((d) => d.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
series.push({
  rows: count("registrations"),
  fillS: 0,
  bytes: statSync(dbFile).size,
  sharedBytes: statSync(sharedFile).size,
  reads: baseReads,
  cross: crossAccount(),
});
for (const target of checkpoints) {
  const t0 = performance.now();
  while (registrationCount < target) {
    db.exec("BEGIN");
    shared.exec("BEGIN");
    // 20 copies a transaction, fewer near the checkpoint so it lands within one copy of it.
    const batch = Math.min(20, Math.ceil((target - registrationCount) / templates.registrations.length));
    for (let k = 0; k < batch; k++) addCopy();
    shared.exec("COMMIT");
    db.exec("COMMIT");
    registrationCount += batch * templates.registrations.length;
  }
  const fillS = (performance.now() - t0) / 1000;
  checkpointAll();
  const cross = crossAccount();
  await startServer();
  const reads = await timeReads();
  await stopServer();
  series.push({ rows: count("registrations"), fillS, bytes: statSync(dbFile).size, sharedBytes: statSync(sharedFile).size, reads, cross });
  console.error(`filled SHARD_${shardIndex} to ${series.at(-1).rows} registrations in ${fillS.toFixed(0)} s`);
}
const finalSizes = { ...tableBytes(shared), ...tableBytes(db) };
const finalCounts = Object.fromEntries([...tables, "accounts", "shard_directory"].map((t) => [t, count(t)]));
const orphans = {
  "registrations without a shared query": orphanCount("registrations", "query_id", "queries"),
  "check_results without a shared check": orphanCount("check_results", "check_id", "checks"),
  "queries without a directory row": shared
    .prepare("SELECT COUNT(*) AS n FROM queries q LEFT JOIN shard_directory d ON d.account_id = q.account_id WHERE d.account_id IS NULL")
    .get().n,
};
/** Shard rows naming a shared row that does not exist (the two files must stay consistent). */
function orphanCount(table, column, sharedTable) {
  const ids = new Set(
    shared
      .prepare(`SELECT id FROM ${sharedTable}`)
      .all()
      .map((r) => r.id),
  );
  return db
    .prepare(`SELECT DISTINCT ${column} AS id FROM ${table}`)
    .all()
    .filter((r) => !ids.has(r.id)).length;
}
[shared, ...shards.values()].forEach((d) => d.close());

// 4. Report.
const f0 = (x) => x.toFixed(0);
console.log(`\nMeasured on a real run (规模200, one 100-criterion check), dbstat bytes incl. B-tree pages:`);
console.log("table            rows   data B/row  index B/row  column bytes/row   file");
for (const [t, r] of Object.entries(perRow))
  console.log(
    `${t.padEnd(14)} ${String(r.n).padStart(6)}   ${f0(r.data).padStart(10)}  ${f0(r.index).padStart(11)}  ${f0(r.payload ?? 0).padStart(16)}   ${shardTables.includes(t) ? `SHARD_${shardIndex}` : "DB"}`,
  );
console.log(
  `registration columns, bytes/row: ${registrationColumns
    .slice(0, 8)
    .map((c) => `${c.name} ${f0(c.bytes)}`)
    .join(", ")}`,
);
for (const d of docs)
  console.log(
    `documents/${d.kind}: ${d.n} files, ${f0(d.bytes / d.n)} B per file in R2, ${(d.pages / d.n).toFixed(2)} pages per file, ${d.texts} with a text layer`,
  );
if (r2)
  console.log(
    `R2: ${r2.objects} objects, ${f0(r2.bytes / 1024)} KiB; page text ${f0(r2.textBytes / Math.max(1, r2.textPages))} B per page (${r2.textPages} pages)`,
  );
console.log(
  `\nAt scale, SHARD_${shardIndex} (the real account's) filled with copies of that run under ${copies} other accounts placed on it (${templates.registrations.length} registrations a query, a check on every 10th):`,
);
console.log(
  `registrations   shard MiB  DB MiB  fill s   list p1  list p9  detail  results  result   (p50 / p90 ms through the API)   cross-account SQL ms per shard (${shardBindings.join(", ")})`,
);
for (const s of series) {
  const cell = (r) => `${f0(r.p50)}/${f0(r.p90)}`.padStart(8);
  const mib = (b) => (b / 2 ** 20).toFixed(0);
  console.log(
    `${String(s.rows).padStart(13)}   ${mib(s.bytes).padStart(9)}  ${(s.sharedBytes / 2 ** 20).toFixed(1).padStart(6)}  ${f0(s.fillS).padStart(6)}  ${cell(s.reads["list p1"])} ${cell(s.reads["list p9"])} ${cell(s.reads.detail)} ${cell(s.reads.results)} ${cell(s.reads["result detail"])}   ${shardBindings.map((b) => s.cross[b].toFixed(1).padStart(8)).join(" ")}`,
  );
}
const last = series.at(-1);
const slowest = Math.max(...Object.values(last.cross));
console.log(
  `Fan-out to N = 256 shards in parallel, each as full as SHARD_${shardIndex}: 256 queries, ~${f0(slowest)} ms (the slowest shard) if D1 runs them side by side; ${f0((256 * slowest) / 1000)} s if one after another.`,
);
console.log("\nFinal table sizes (dbstat, MiB data + index) and rows:");
for (const t of [...tables, "accounts", "shard_directory"]) {
  const s = finalSizes[t] ?? { data: 0, index: 0 };
  console.log(
    `${t.padEnd(16)} ${(s.data / 2 ** 20).toFixed(1).padStart(8)} + ${(s.index / 2 ** 20).toFixed(1).padStart(7)}   ${finalCounts[t]} rows   ${shardTables.includes(t) ? `SHARD_${shardIndex}` : "DB"}`,
  );
}
console.log(
  `Consistency: ${Object.entries(orphans)
    .map(([k, n]) => `${k} ${n}`)
    .join("; ")}`,
);
if (keep) console.log(`\nstate kept in ${state}`);
process.exit(0);

/**
 * The SQLite file of every D1 binding of wrangler.toml. Miniflare keeps a D1 as a Durable Object of
 * the namespace `miniflare-D1DatabaseObject`, named by the id wrangler gives the binding
 * (preview_database_id, else database_id, else the binding name: wrangler's executeLocally); the
 * file is that object's id, which workerd derives by `idFromName` (server.c++ ActorIdFactoryImpl):
 * key = SHA-256 of the namespace's unique key, then HMAC-SHA-256(key, name) truncated to 16 bytes,
 * followed by HMAC-SHA-256(key, those 16 bytes) truncated to 16, in hex. A missing file is an error,
 * never a guess.
 */
function d1Files(dir, d1Dir) {
  const toml = readFileSync(join(dir, "wrangler.toml"), "utf8");
  const key = createHash("sha256").update("miniflare-D1DatabaseObject").digest();
  const files = new Map();
  for (const block of toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1)) {
    const field = (name) => block.split(/^\[/m)[0].match(new RegExp(`^${name}\\s*=\\s*"([^"]+)"`, "m"))?.[1];
    const binding = field("binding");
    if (!binding) throw new Error("a [[d1_databases]] block of wrangler.toml has no binding");
    const name = field("preview_database_id") ?? field("database_id") ?? binding;
    const base = createHmac("sha256", key).update(name).digest().subarray(0, 16);
    const id = Buffer.concat([base, createHmac("sha256", key).update(base).digest().subarray(0, 16)]).toString("hex");
    const file = join(d1Dir, `${id}.sqlite`);
    if (!existsSync(file)) throw new Error(`no SQLite file for D1 binding ${binding} (id ${name}): expected ${file}`);
    files.set(binding, file);
  }
  if (!files.has("DB")) throw new Error("wrangler.toml binds no D1 named DB");
  return files;
}

/** Opens a D1's file and checks it holds `table`: a file of the wrong schema stops the run. */
function openD1(file, table) {
  const database = new DatabaseSync(file);
  if (!database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table))
    throw new Error(`${file} has no table ${table}: not the D1 expected`);
  database.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return database;
}
