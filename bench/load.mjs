#!/usr/bin/env node
/**
 * Load benchmark against `wrangler dev` (local workerd; real local D1, R2, Queues, Durable Objects),
 * on a free port of 127.0.0.1 with its own --persist-to directory, from a frozen copy of the sources.
 * Prints numbers; asserts nothing.
 *
 * 1. GET /queries/{id} (key lookup, from the isolate's key cache or D1; the account's rate window,
 *    from the isolate's lease of it or an AccountGate RPC; the query row, from the isolate's copy of a
 *    finished query or D1) spread over many accounts, next to a bare Hono answer of the same
 *    workerd in the same run (an unmatched path: request id and the notFound handler, no D1, no
 *    Durable Object): rps, p50, p99, and the ratio of the API's rps to the bare rps (the mean of the
 *    bare runs around it) at 32 connections and at 1 (issue 15's targets: ≥ 50 % at both, p99 under
 *    50 ms). At 32 closed-loop connections latency is 32 / rps (Little's law), so the p99 target
 *    can only be met where rps exceeds ~650: it is read at 1 connection. "cpu ms/req" is the CPU the
 *    server's processes (wrangler, workerd) spent per request (Linux /proc): unlike rps it does not
 *    drift with what else runs on a shared machine.
 * 2. The rate limiter under 50 concurrent connections of one account: how many of N succeed in the
 *    minute (120 ordinary requests, 10 creations are the limits).
 * 3. Download leases under aborted streams: 3 streams aborted mid-file, again and again; whether new
 *    downloads get their slots back, and how soon.
 * 4. Revocation: reads with a key while the management API revokes it; reads answered 200 after the
 *    revocation's answer (0 in the isolate that revoked: it evicts its key cache), time to the first 401.
 *
 * Usage: node bench/load.mjs [seconds per load phase = 8] [concurrency = 32]
 */
import { readdirSync, readFileSync } from "node:fs";
import { startDevServer } from "../scripts/lib/dev-server.mjs";

const SECONDS = Number(process.argv[2] ?? 8) || 8;
const CONCURRENCY = Number(process.argv[3] ?? 32) || 32;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const { base: BASE, admin: ADMIN, stop, call } = await startDevServer({ name: "load" });

/**
 * CPU seconds the server has used so far (wrangler and its workerd processes: one process group),
 * read from /proc; null elsewhere. On a shared machine rps drifts with the neighbours' load, while
 * CPU per request does not: it shows what a request costs the server, whatever else runs.
 */
function serverCpuMs(port) {
  try {
    const stats = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .flatMap((pid) => {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
          return [{ pid, pgrp: fields[2], ticks: Number(fields[11]) + Number(fields[12]), cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8") }];
        } catch {
          return [];
        }
      });
    const wrangler = stats.find((p) => p.cmd.includes("wrangler") && p.cmd.includes(`\0--port\0${port}\0`));
    if (!wrangler) return null;
    // Clock ticks are 10 ms on Linux (USER_HZ 100).
    return stats.filter((p) => p.pgrp === wrangler.pgrp).reduce((sum, p) => sum + p.ticks * 10, 0);
  } catch {
    return null;
  }
}
const PORT = new URL(BASE).port;

async function account(plan = "enterprise") {
  const a = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "load" }, admin: true })).body;
  await call(`/api/admin/v1/accounts/${a.id}/subscriptions`, { method: "POST", json: { planId: plan, cycle: "monthly" }, admin: true });
  const { key } = (await call(`/api/admin/v1/accounts/${a.id}/keys`, { method: "POST", json: {}, admin: true })).body;
  return { id: a.id, key };
}

async function inBatches(n, size, make) {
  const out = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  return out;
}

/** `concurrency` loops for `seconds` (or until `next` runs dry): rps, latency percentiles, statuses. */
async function load(next, seconds, concurrency) {
  const latencies = [];
  const statuses = {};
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = serverCpuMs(PORT);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let request = next(); request && performance.now() < until; request = next()) {
        const t0 = performance.now();
        const res = await fetch(request.url, { headers: request.headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = serverCpuMs(PORT);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? NaN : (cpuAfter - cpuBefore) / latencies.length;
  return { n: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), cpuPerRequest, statuses };
}

const row = (name, r) =>
  `${name.padEnd(34)} ${String(r.n).padStart(6)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.cpuPerRequest.toFixed(2).padStart(9)}   ${JSON.stringify(r.statuses)}`;

// 1. GET /queries/{id} across accounts (each stays under its 120 a minute) next to the bare answer.
const bare = await load(() => ({ url: `${BASE}/__bench/bare`, headers: {} }), SECONDS, CONCURRENCY);
// Enough accounts for the bare rate (an upper bound of the API's) over both API phases, 110 requests each.
const SINGLE_SECONDS = Math.max(3, Math.ceil(SECONDS / 2));
const needed = Math.min(400, Math.ceil((bare.rps * (SECONDS + SINGLE_SECONDS + 2)) / 110) + 1);
const readers = await inBatches(needed, 16, async () => {
  const a = await account();
  const q = await call("/api/open/v1/queries", { method: "POST", key: a.key, json: { subjectNames: ["无登记负载测试有限公司"] } });
  return { ...a, queryId: q.body.queries[0].id, left: 110 };
});
let cursor = 0;
const api = await load(
  () => {
    for (let tries = 0; tries < readers.length; tries++) {
      const r = readers[cursor++ % readers.length];
      if (r.left-- > 0) return { url: `${BASE}/api/open/v1/queries/${r.queryId}`, headers: { "X-Api-Key": r.key } };
    }
    return null;
  },
  SECONDS,
  CONCURRENCY,
);
const bareAgain = await load(() => ({ url: `${BASE}/__bench/bare`, headers: {} }), SECONDS, CONCURRENCY);
// One connection: latency without queueing, bare on both sides of the API (the machine's load drifts).
const bareSingle = await load(() => ({ url: `${BASE}/__bench/bare`, headers: {} }), SINGLE_SECONDS, 1);
const apiSingle = await load(
  () => {
    for (let tries = 0; tries < readers.length; tries++) {
      const r = readers[cursor++ % readers.length];
      if (r.left-- > 0) return { url: `${BASE}/api/open/v1/queries/${r.queryId}`, headers: { "X-Api-Key": r.key } };
    }
    return null;
  },
  SINGLE_SECONDS,
  1,
);
const bareSingleAgain = await load(() => ({ url: `${BASE}/__bench/bare`, headers: {} }), SINGLE_SECONDS, 1);

// 2. One account, 50 connections: N ordinary requests, then N creations, as fast as they go.
async function burst(a, n, connections, request) {
  const statuses = {};
  let issued = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (issued < n) {
        issued++;
        const r = await request(a);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  return { statuses, ms: performance.now() - t0 };
}
const limited = await account();
const ordinary = await burst(limited, 400, 50, (a) => call("/api/open/v1/account/entitlements", { key: a.key }));
const creations = await burst(limited, 60, 50, (a) =>
  call("/api/open/v1/queries", { method: "POST", key: a.key, json: { subjectNames: ["无登记限流测试有限公司"] } }),
);

// 4. Revocation: a key read with over and over is revoked through the management API; how many reads
// the server still answered 200 after the revocation's answer came back, and how long until the first 401.
const revoked = await account();
const { id: revokedKeyId, key: revokedKey } = (await call(`/api/admin/v1/accounts/${revoked.id}/keys`, { method: "POST", json: {}, admin: true }))
  .body;
const revocation = { after: 0, msTo401: NaN };
{
  let revokedAt = null;
  const reading = (async () => {
    for (let i = 0; i < 110; i++) {
      const sent = performance.now();
      const res = await call("/api/open/v1/account/entitlements", { key: revokedKey });
      if (revokedAt !== null && sent >= revokedAt) {
        if (res.status === 200) revocation.after++;
        else if (res.status === 401) {
          revocation.msTo401 = performance.now() - revokedAt;
          return;
        }
      }
      await sleep(10);
    }
  })();
  await sleep(300);
  await call(`/api/admin/v1/accounts/${revoked.id}/keys/${revokedKeyId}`, { method: "DELETE", admin: true });
  revokedAt = performance.now();
  await reading;
}

// 3. Download leases: a 4 MiB certificate (fixture), streams aborted after their first chunk.
const big = new Uint8Array(4 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);
big.set(new TextEncoder().encode("%PDF-1.7\n"));
await fetch(`${BASE}/api/admin/v1/upstream/documents/LOAD-BIG-1`, {
  method: "PUT",
  headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/pdf" },
  body: big,
});
await call(`/api/admin/v1/upstream/subjects/${encodeURIComponent("下载租约测试有限公司")}`, {
  method: "PUT",
  admin: true,
  json: { registrations: [{ certificateNumber: "LOAD-BIG-1" }] },
});
const downloader = await account();
const created = await call("/api/open/v1/queries", { method: "POST", key: downloader.key, json: { subjectNames: ["下载租约测试有限公司"] } });
const queryId = created.body.queries[0].id;
let docUrl = null;
for (let i = 0; i < 120 && !docUrl; i++) {
  await sleep(1000);
  const q = await call(`/api/open/v1/queries/${queryId}`, { key: downloader.key });
  if (q.body?.completedAt)
    docUrl = (await call(`/api/open/v1/queries/${queryId}/registrations`, { key: downloader.key })).body.items[0]?.pdfUrl ?? null;
}
const lease = { rounds: 0, refusedWhileOpen: 0, regainedAfterMs: [], failures: 0, opened: 0, withLength: 0 };
if (docUrl) {
  const url = `${BASE}${docUrl.startsWith("/api/") ? "" : "/api/open/v1"}${docUrl}`;
  const open = async () => {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { "X-Api-Key": downloader.key }, signal: controller.signal });
    if (res.status !== 200) {
      await res.arrayBuffer();
      return { status: res.status };
    }
    lease.opened++;
    if (res.headers.get("Content-Length") === String(big.byteLength)) lease.withLength++;
    const reader = res.body.getReader();
    await reader.read();
    return { status: 200, abort: () => controller.abort() };
  };
  for (let round = 0; round < 20; round++) {
    const streams = await Promise.all([open(), open(), open()]);
    if (streams.some((s) => s.status !== 200)) lease.failures++;
    const fourth = await open();
    if (fourth.status === 429) lease.refusedWhileOpen++;
    else fourth.abort?.();
    for (const s of streams) s.abort?.();
    const t0 = performance.now();
    let regained = false;
    for (let i = 0; i < 50 && !regained; i++) {
      const again = await Promise.all([open(), open(), open()]);
      regained = again.every((s) => s.status === 200);
      for (const s of again) s.abort?.();
      if (!regained) await sleep(100);
    }
    if (regained) lease.regainedAfterMs.push(performance.now() - t0);
    lease.rounds++;
    // The probe's own three streams were aborted too: let them go before the next round opens three.
    await sleep(300);
    // Each round takes 7+ requests of the account's 120 a minute; stay well inside.
    if (lease.rounds * 8 > 100) break;
  }
}

stop();
console.log(`\nLoad (wrangler dev on ${BASE.replace("http://", "")}, ${CONCURRENCY} connections, ${SECONDS} s a phase)`);
console.log(
  `${"endpoint".padEnd(34)} ${"reqs".padStart(6)} ${"rps".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"cpu ms/req".padStart(9)}   statuses`,
);
console.log(row("bare Hono (notFound, no I/O)", bare));
console.log(row(`GET /queries/{id} (${readers.length} accounts)`, api));
console.log(row("bare Hono again", bareAgain));
console.log(row("bare Hono, 1 connection", bareSingle));
console.log(row("GET /queries/{id}, 1 connection", apiSingle));
console.log(row("bare Hono again, 1 connection", bareSingleAgain));
const ratio = (apiRun, ...bareRuns) => apiRun.rps / (bareRuns.reduce((sum, r) => sum + r.rps, 0) / bareRuns.length);
const percent = (x) => `${(100 * x).toFixed(0)} %`;
console.log(
  `\nGET /queries/{id} / bare rps: ${percent(ratio(api, bare, bareAgain))} at ${CONCURRENCY} connections (p99 ${api.p99.toFixed(1)} ms), ` +
    `${percent(ratio(apiSingle, bareSingle, bareSingleAgain))} at 1 connection (p99 ${apiSingle.p99.toFixed(1)} ms); targets ≥ 50 % and p99 < 50 ms`,
);
// The server's CPU per bare request over its CPU per API request: the rps ratio of a machine the server has to itself.
console.log(
  `server CPU per request, bare / GET /queries/{id}: ${percent((bare.cpuPerRequest + bareAgain.cpuPerRequest) / 2 / api.cpuPerRequest)} at ${CONCURRENCY} connections`,
);
// The same in issue 40's terms: a read's CPU as a multiple of a bare answer's.
console.log(
  `server CPU per request, GET /queries/{id} / bare: ${(api.cpuPerRequest / ((bare.cpuPerRequest + bareAgain.cpuPerRequest) / 2)).toFixed(2)}× at ${CONCURRENCY} connections (target ≤ 1.25×; rps target ≥ 80 % at 32 and at 1)`,
);
console.log(`\nRate limiter, one account, 50 connections:`);
console.log(`  400 × GET /account/entitlements in ${(ordinary.ms / 1000).toFixed(1)} s: ${JSON.stringify(ordinary.statuses)} (limit 120 a minute)`);
console.log(`  60 × POST /queries in ${(creations.ms / 1000).toFixed(1)} s: ${JSON.stringify(creations.statuses)} (limit 10 a minute)`);
console.log(
  `\nRevocation through the management API, reads every 10 ms with the key: ${revocation.after} answered 200 after the revocation's answer; first 401 ${revocation.msTo401.toFixed(0)} ms after it (other isolates: within AUTH_CACHE_MS)`,
);
console.log(`load average (1, 5, 15 min) at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ")}`);
console.log(`\nDownload leases (3 a account), 4 MiB file, streams aborted after the first chunk:`);
if (!docUrl) console.log("  the fixture query did not finish: not measured");
else {
  const ms = lease.regainedAfterMs.sort((a, b) => a - b);
  console.log(
    `  rounds ${lease.rounds}; a 4th stream refused while 3 were open: ${lease.refusedWhileOpen}/${lease.rounds}; rounds whose 3 streams did not all open: ${lease.failures}`,
  );
  console.log(
    `  3 new streams all got slots after aborting: ${ms.length}/${lease.rounds}; wait p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0) ?? "-"} ms, max ${ms.at(-1)?.toFixed(0) ?? "-"} ms`,
  );
  console.log(`  streams opened ${lease.opened}, with Content-Length on the wire ${lease.withLength}`);
}
process.exit(0);
