#!/usr/bin/env node
/**
 * npm run drill: the pipeline under faults, end to end. `wrangler dev` (local workerd, real local
 * D1/R2/Queues/DOs) with UPSTREAM=http against the registry gateway stub and OCR_URL against the OCR
 * stand-in, both in this process, so the drill can break them. It plays, each on an account of its own:
 *
 *   ocr killed      the OCR service dies while a check reads scans, and comes back once the check ended
 *   slow            every upstream answer 5 s late
 *   flaky           the first 12 upstream answers 503 (the gateway client's in-call retries, then the queue's)
 *   files down      every certificate answers 503, until the faults are cleared
 *   not found       every certificate answers 404 (a TRANSIENT body: the status decides)
 *   gone            every certificate answers 410
 *   hash mismatch   every certificate claims a SHA-256 of other bytes
 *   truncated       the first 6 certificate transfers break off half-way
 *
 * and prints, per fault: the tasks (its query and its check) that ended and when, those still running
 * past the bound (BOUND_S, the pipeline's bound on passing faults, plus a minute), coverage before and
 * after recovery (a second check over the same query once the OCR service is back and the faults are
 * cleared), and the allowance charged and released. It asserts nothing (the tests do).
 *
 * Usage: node scripts/drill.mjs   (DRILL_BOUND_S overrides the bound waited for; DRILL_PORT pins the port)
 * Run it from the checkout whose code is drilled: the dev server serves that tree's tracked files.
 */
import { loadWorkerModules, startGatewayStub } from "../gateway-stub/server.mjs";
import { startOcrStandin } from "../test/setup/ocr-standin-server.mjs";
import { startDevServer } from "./lib/dev-server.mjs";

/** The pipeline's bound on passing faults (queues/retry-policy.ts PASSING_FAULT_BOUND_S), and how long past it a task counts as overdue. */
const BOUND_S = Number(process.env.DRILL_BOUND_S ?? "300");
const GRACE_S = 60;
const POLL_MS = 2000;
const TERMINAL_QUERY = ["succeeded", "partial", "failed", "no_result", "cancelled"];
// review_pending: matching is done, the candidates wait for a person (no pipeline work left).
const TERMINAL_CHECK = ["review_pending", "completed", "partial", "failed", "cancelled"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const token = `drill-${crypto.randomUUID()}`;
const stub = await startGatewayStub({ token, slowMs: 1000 });
const ocrToken = `drill-ocr-${crypto.randomUUID()}`;
const ocr = await startOcrStandin({
  token: ocrToken,
  firstPort: 18400 + Math.floor(Math.random() * 90),
  read: (sha256, page) => ({
    width: 1000,
    height: 1400,
    pages: 1,
    ms: 1,
    lines: [{ text: `发票号码 ${sha256.slice(page, page + 8).replace(/[a-f]/g, "7")}`, confidence: 0.97, box: [50, 100, 500, 140] }],
  }),
});
const server = await startDevServer({
  name: "drill",
  port: process.env.DRILL_PORT ? Number(process.env.DRILL_PORT) : undefined,
  vars: { UPSTREAM: "http", UPSTREAM_URL: stub.url, UPSTREAM_TOKEN: token, OCR_URL: ocr.url, OCR_TOKEN: ocrToken, SANDBOX_SLOW_MS: "1000" },
});
const { call } = server;
const finish = async () => {
  server.stop();
  await ocr.close();
  await stub.close();
};
process.on("SIGTERM", () => process.exit(143));

/** A subject whose registrations carry scans the OCR service must read (a JPEG or an image-only PDF), and no PNG photo (read with low confidence). */
async function subjectWithScans() {
  const { SandboxUpstream } = await loadWorkerModules();
  const sandbox = new SandboxUpstream({ slowCallMs: 0 });
  for (let n = 0; n < 60; n++) {
    const subjectName = `规模4停机演练${n}有限公司`;
    const listing = await sandbox.listRegistrations(subjectName, { attempt: 9 });
    const names = [];
    for (const r of listing.registrations) {
      const a = await sandbox.listAttachments({ subjectName, certificateNumber: r.certificateNumber }, { attempt: 9 });
      names.push(...(a.ok ? a.attachments.map((x) => x.fileName) : []));
    }
    if (names.some((f) => f.endsWith(".jpg") || f === "发票清单扫描件.pdf") && !names.some((f) => f.endsWith(".png"))) return subjectName;
  }
  throw new Error("no sandbox subject with scans and without photos");
}

async function newAccount(name) {
  const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name }, admin: true })).body;
  await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: "enterprise", cycle: "monthly" }, admin: true });
  return (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, admin: true })).body.key;
}

async function fault(subject, spec, route, times) {
  const res = await fetch(`${stub.url}/_stub/faults`, {
    method: "POST",
    body: JSON.stringify({ subject, fault: spec, ...(route ? { route } : {}), ...(times ? { times } : {}) }),
  });
  if (res.status !== 201) throw new Error(`the stub refused ${spec}`);
}

const CRITERIA = [
  { kind: "keyword", value: "应收账款" },
  { kind: "invoice_no", value: "98765432109" },
];

async function submitCheck(key, subject, queryId) {
  const json = queryId ? { applicant: subject, sourceRegistryQueryId: queryId, criteria: CRITERIA } : { applicant: subject, criteria: CRITERIA };
  const res = await call("/api/open/v1/checks", { method: "POST", json, key });
  if (res.status !== 202) throw new Error(`POST /checks answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function read(key, path) {
  for (;;) {
    const r = await call(path, { key });
    if (r.status !== 429) return r.body;
    await sleep(POLL_MS);
  }
}

/** Polls the query and the check until both are terminal or `deadline`; when each ended (ms after `t0`), or null. */
async function follow(key, queryId, checkId, t0, deadline, whileRunning = async () => {}) {
  const ended = { query: null, check: null };
  let query;
  let check;
  while (Date.now() < deadline) {
    query = await read(key, `/api/open/v1/queries/${queryId}`);
    check = await read(key, `/api/open/v1/checks/${checkId}`);
    if (ended.query === null && TERMINAL_QUERY.includes(query.executionStatus ?? query.status)) ended.query = Date.now() - t0;
    if (ended.check === null && TERMINAL_CHECK.includes(check.status)) ended.check = Date.now() - t0;
    await whileRunning(query, check);
    if (ended.query !== null && ended.check !== null) break;
    await sleep(POLL_MS);
  }
  return { ended, query, check };
}

function coverage(query, check) {
  const issues = check?.coverageIssues ?? [];
  const codes = [...new Set(issues.map((i) => i.code))].join(",");
  return `q:${query?.coverageComplete ? "complete" : "incomplete"} c:${check?.status ?? "?"}/${issues.length}${codes ? ` ${codes}` : ""}`;
}

async function allowance(key) {
  const e = await read(key, "/api/open/v1/account/entitlements");
  return `q ${e.query.used}u/${e.query.reserved}r c ${e.check.used}u/${e.check.reserved}r`;
}

const FAULTS = [
  { name: "slow", arm: (s) => fault(s, "slow=5000", null, 40) },
  { name: "flaky", arm: (s) => fault(s, "error=503", null, 12) },
  { name: "files down", arm: (s) => fault(s, "error=503", "certificate") },
  { name: "not found", arm: (s) => fault(s, "error=404", "certificate") },
  { name: "gone", arm: (s) => fault(s, "status=410", "certificate") },
  { name: "hash mismatch", arm: (s) => fault(s, "hash-mismatch", "certificate") },
  { name: "truncated", arm: (s) => fault(s, "truncate", "certificate", 6) },
];

const rows = [];

async function ocrKilled() {
  const subject = await subjectWithScans();
  const key = await newAccount("drill ocr");
  const t0 = Date.now();
  const check = await submitCheck(key, subject);
  let killed = false;
  const run = await follow(key, check.sourceRegistryQueryId, check.id, t0, t0 + (BOUND_S + GRACE_S) * 1000, async (_, c) => {
    // Mid-check: once the query is in and the check reads its attachments.
    if (!killed && (c.executionStatus === "waiting_resource" || c.status === "processing")) {
      const q = await read(key, `/api/open/v1/queries/${check.sourceRegistryQueryId}`);
      if (q.completedAt) {
        await ocr.kill();
        killed = true;
      }
    }
  });
  await ocr.restart();
  return { name: "ocr killed", key, subject, run, queryId: check.sourceRegistryQueryId, t0 };
}

async function upstreamFault(f) {
  const subject = `规模4${f.name.replace(/\s/g, "")}演练${crypto.randomUUID().slice(0, 6)}有限公司`;
  const key = await newAccount(`drill ${f.name}`);
  await f.arm(subject);
  const t0 = Date.now();
  const check = await submitCheck(key, subject);
  const run = await follow(key, check.sourceRegistryQueryId, check.id, t0, t0 + (BOUND_S + GRACE_S) * 1000);
  return { name: f.name, key, subject, run, queryId: check.sourceRegistryQueryId, t0 };
}

const seconds = (ms) => (ms === null ? "-" : `${(ms / 1000).toFixed(0)} s`);

console.log(`drill: bound ${BOUND_S} s (+${GRACE_S} s grace); dev server ${server.base}; gateway stub ${stub.url}; OCR stand-in ${ocr.url}`);
const runs = [await ocrKilled()];
runs.push(...(await Promise.all(FAULTS.map(upstreamFault))));
// Recovery: the OCR service is back (restarted above) and the upstream's faults are cleared.
await fetch(`${stub.url}/_stub/faults`, { method: "DELETE" });
for (const r of runs) {
  const before = coverage(r.run.query, r.run.check);
  const charged = await allowance(r.key);
  let after = "-";
  if (r.run.ended.query !== null) {
    const again = await submitCheck(r.key, r.subject, r.queryId);
    const t = Date.now();
    const second = await follow(r.key, r.queryId, again.id, t, t + (BOUND_S + GRACE_S) * 1000);
    after = coverage(second.query, second.check);
  }
  const overdue = [r.run.ended.query, r.run.ended.check].filter((e) => e === null).length;
  rows.push({
    fault: r.name,
    ended: `${2 - overdue}/2 (q ${seconds(r.run.ended.query)}, c ${seconds(r.run.ended.check)})`,
    "past bound": overdue,
    "coverage before": before,
    "coverage after recovery": after,
    "allowance (used/reserved) at end": charged,
    "after the recovery check": await allowance(r.key),
  });
}
console.table(rows);
await finish();
process.exit(0);
