#!/usr/bin/env node
/**
 * Pipeline benchmark: a 规模100 and a 规模1000 subject from POST to terminal against `wrangler dev`
 * (local workerd, real local D1/R2/Queues/DOs), a check over the 规模1000 query, and, in the same
 * run, the raw generate+extract+parse time of the same 1000 certificates in Node (the ratio shows
 * what the queue, storage and bookkeeping add). Prints numbers; asserts nothing.
 * Usage: node bench/pipeline.mjs [sizes…]   (default: 100 1000)
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
if (sizes.length === 0) sizes.push(100, 1000);
const PORT = 8791;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = "bench-admin-token";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const state = mkdtempSync(join(tmpdir(), "bench-state-"));
/** The server's output goes to BENCH_LOG when set (diagnosing a run), else nowhere. */
const logFile = () => (process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "a") : "ignore");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// wrangler dev reloads on every file change and its local queue lives in memory: a reload mid-run loses
// the queued messages. The server therefore runs from a frozen copy of the sources.
const snapshot = mkdtempSync(join(tmpdir(), "bench-src-"));
spawnSync("sh", ["-c", `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${snapshot}`], { stdio: "inherit" });
symlinkSync(join(process.cwd(), "node_modules"), join(snapshot, "node_modules"));
spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { env, stdio: "ignore", cwd: snapshot });
const server = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", state,
  "--var", `ADMIN_TOKEN:${ADMIN}`, "--var", "SANDBOX_SLOW_MS:1000"], { env, stdio: ["ignore", logFile(), logFile()], detached: true, cwd: snapshot });
const stop = () => { try { process.kill(-server.pid, "SIGTERM"); } catch {} rmSync(state, { recursive: true, force: true }); rmSync(snapshot, { recursive: true, force: true }); };
process.on("exit", stop);

async function call(path, { method = "GET", json, key, admin } = {}) {
  const headers = {};
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers["X-Api-Key"] = key;
  if (admin) headers.Authorization = `Bearer ${ADMIN}`;
  if (method === "POST" && key) headers["Idempotency-Key"] = crypto.randomUUID();
  const res = await fetch(`${BASE}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

for (let i = 0; ; i++) {
  try { if ((await fetch(`${BASE}/api/open/v1/openapi.json`)).ok) break; } catch {}
  if (i > 240) throw new Error("wrangler dev did not start");
  await sleep(500);
}

const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "bench" }, admin: true })).body;
await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: "enterprise", cycle: "monthly" }, admin: true });
const { key } = (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, admin: true })).body;

async function waitFor(path, done) {
  for (;;) {
    const r = await call(path, { key });
    if (r.status === 429) { await sleep(2000); continue; }
    if (done(r.body)) return r.body;
    await sleep(600);
  }
}

const rows = [];
let bigQuery = null;
for (const n of sizes) {
  const subject = `规模${n}基准供应链有限公司`;
  const t0 = performance.now();
  const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [subject] }, key });
  const q = await waitFor(`/api/open/v1/queries/${created.body.queries[0].id}`, (b) => ["succeeded", "partial", "failed"].includes(b.executionStatus));
  const ms = performance.now() - t0;
  rows.push({ n, ms, status: q.status, processed: q.processedDocumentCount });
  bigQuery = { id: q.id, subject, n };
}

let checkMs = null;
if (bigQuery) {
  const t0 = performance.now();
  const created = await call("/api/open/v1/checks", { method: "POST", key, json: {
    applicant: bigQuery.subject, sourceRegistryQueryId: bigQuery.id,
    criteria: Array.from({ length: 100 }, (_, i) => (i % 5 === 0 ? { kind: "keyword", value: `关键词${i}` } : { kind: "invoice_no", value: String(10_000_000 + i * 7919) })),
  } });
  await waitFor(`/api/open/v1/checks/${created.body.id}`, (b) => b.processingCompletedAt !== undefined);
  checkMs = performance.now() - t0;
}
stop();

// The same certificates, generated, extracted and parsed in Node without the service around them.
const out = join(tmpdir(), `bench-parse-${process.pid}.mjs`);
spawnSync("npx", ["esbuild", "bench/parse-entry.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${out}`, "--log-level=error",
  "--loader:.bcmap=binary", "--loader:.bin=binary", "--loader:.ttf=binary", "--loader:.otf=binary"], { stdio: "inherit" });
const { generateExtractParse } = await import(pathToFileURL(out).href);
const raw = {};
for (const n of sizes) raw[n] = await generateExtractParse(`规模${n}基准供应链有限公司`);
rmSync(out, { force: true });

console.log("\nPipeline (wrangler dev, local workerd; POST → terminal, polling every 0.6 s)");
console.log("subject      regs   end-to-end s   raw gen+extract+parse s   ratio   status");
for (const r of rows) {
  const rawS = raw[r.n] / 1000;
  console.log(`规模${String(r.n).padEnd(8)} ${String(r.processed).padStart(5)}   ${(r.ms / 1000).toFixed(1).padStart(12)}   ${rawS.toFixed(1).padStart(23)}   ${(r.ms / raw[r.n]).toFixed(2).padStart(5)}   ${r.status}`);
}
if (rows.length > 1) console.log(`growth 规模${rows[0].n} → 规模${rows.at(-1).n}: ×${(rows.at(-1).ms / rows[0].ms).toFixed(1)} time for ×${rows.at(-1).n / rows[0].n} registrations`);
if (checkMs !== null) console.log(`check, 100 criteria over 规模${bigQuery.n}: ${(checkMs / 1000).toFixed(1)} s from POST to processing completed`);
process.exit(0);
