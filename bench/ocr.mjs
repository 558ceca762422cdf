#!/usr/bin/env node
/**
 * OCR benchmark (issue 13). Two parts, one run, numbers only:
 *
 * 1. The real OCR service (services/ocr, PaddleOCR PP-OCRv4 on ONNX Runtime, started as `npm run
 *    start:ocr` starts it) on the sandbox's scanned pages (the JPEG photos, the PNG scan, the
 *    image-only PDF's page), one request at a time: pages/s, wall ms per page p50/p95, CPU s per page,
 *    model load, the service's resident memory, and its own `ms` per page against the client's wall
 *    (what HTTP and the service's queue add to the bare recognition).
 * 2. Its share of a 规模N subject's pipeline (wrangler dev, local workerd, the last commit): the same
 *    subject queried twice, POST to terminal, first with the OCR cache empty (every distinct scan
 *    read by the service) and then with the answers cached in R2 (no OCR call), after a warm-up
 *    subject without scans. A counting proxy between the Worker and the service shows the calls made,
 *    their answers and the time the service was busy.
 *
 * Usage: node bench/ocr.mjs [--service-only | --pipeline-only] [--size=N] [--rounds=R]   (defaults: 1000, 2)
 * (`npm run bench -- ocr` runs it alone; BENCH_VERBOSE=1 prints each OCR call the Worker makes.)
 * Ports: OCR_BENCH_PORT (8868, the service), OCR_PROXY_PORT (8867), BENCH_PORT (8860, wrangler dev).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startDevServer } from "../scripts/lib/dev-server.mjs";
import { startOcrService } from "./lib/ocr-service.mjs";

// Exit (and so stop the service and the server, on "exit") when interrupted, even while they start.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
const args = process.argv.slice(2);
/** `--name N` or `--name=N` (the form `npm run bench -- ocr --size=100` passes through). */
function option(name, fallback) {
  const joined = args.find((a) => a.startsWith(`${name}=`));
  if (joined) return Number(joined.slice(name.length + 1));
  return args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
}
const SIZE = option("--size", 1000);
const ROUNDS = option("--rounds", 2);
const SERVICE_ONLY = args.includes("--service-only");
const PIPELINE_ONLY = args.includes("--pipeline-only");
const SCANS = "worker/upstream/sandbox/scans";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const s1 = (ms) => (ms / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

const loadBefore = load();
const service = await startOcrService({ port: Number(process.env.OCR_BENCH_PORT ?? 8868) });
const idle = service.memory();

// Part 1: pages/s of the service alone, on the committed scans.
const truth = JSON.parse(readFileSync(join(SCANS, "truth.json"), "utf8")).files;
const pages = [];
const cpu0 = service.cpuSeconds();
const t0 = performance.now();
for (let round = 0; round < (PIPELINE_ONLY ? 0 : ROUNDS); round++) {
  for (const file of truth) {
    const started = performance.now();
    const res = await fetch(`${service.url}/v1/ocr${file.mimeType === "application/pdf" ? "?page=1" : ""}`, {
      method: "POST",
      body: readFileSync(join(SCANS, file.file)),
    });
    const answer = await res.json();
    const wallMs = performance.now() - started;
    if (!res.ok) throw new Error(`${file.file}: ${res.status} ${JSON.stringify(answer)}`);
    const text = answer.lines.map((l) => l.text.replace(/\s+/g, "")).join("\n");
    pages.push({
      file: file.file,
      wallMs,
      serviceMs: answer.ms,
      lines: answer.lines.length,
      numbers: file.rows.length,
      read: file.rows.filter((r) => text.includes(r.number)).length,
    });
  }
}
const serviceWallMs = performance.now() - t0;
const serviceCpu = service.cpuSeconds() - cpu0;
const busy = service.memory();

const wall = pages.map((p) => p.wallMs);
const own = pages.map((p) => p.serviceMs);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
if (!PIPELINE_ONLY) {
  console.log(
    `\nOCR service alone (PaddleOCR PP-OCRv4, ONNX CPU, concurrency 1; ${pages.length} pages = ${ROUNDS} × the ${truth.length} sandbox scans, one request at a time)`,
  );
  console.log(`load average before: ${loadBefore}   during: ${load()}`);
  console.log("file            pixels       lines  numbers read   wall ms p50   service ms p50");
  for (const file of truth) {
    const mine = pages.filter((p) => p.file === file.file);
    console.log(
      `${file.file.padEnd(15)} ${`${file.width}×${file.height}`.padEnd(12)} ${String(mine[0].lines).padStart(5)}  ${`${Math.min(...mine.map((p) => p.read))}/${file.rows.length}`.padStart(12)}   ${percentile(
        mine.map((p) => p.wallMs),
        50,
      )
        .toFixed(0)
        .padStart(11)}   ${percentile(
        mine.map((p) => p.serviceMs),
        50,
      )
        .toFixed(0)
        .padStart(14)}`,
    );
  }
  console.log("\npages/s   ms/page p50   ms/page p95   CPU s/page   model load ms (service log / to healthy)   RSS MB idle → busy (peak) → after");
  console.log(
    `${(pages.length / (serviceWallMs / 1000)).toFixed(3).padStart(7)}   ${percentile(wall, 50).toFixed(0).padStart(11)}   ${percentile(wall, 95).toFixed(0).padStart(11)}   ${(serviceCpu / pages.length).toFixed(2).padStart(10)}   ${`${service.modelsMs ?? "?"} / ${service.readyMs.toFixed(0)}`.padStart(40)}   ${idle.rssMb.toFixed(0)} → ${busy.peakMb.toFixed(0)} → ${service.memory().rssMb.toFixed(0)}`,
  );
  console.log(
    `client wall / service's own ms (bare recognition): ratio ${(sum(wall) / sum(own)).toFixed(3)} (HTTP, body upload and the service's queue)`,
  );
}

if (SERVICE_ONLY) {
  service.stop();
  process.exit(0);
}

// Part 2: the pipeline with and without OCR work, through a proxy that counts the Worker's calls.
const calls = [];
const proxy = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const call = { path: req.url, start: performance.now(), end: 0, status: 0 };
  try {
    const upstream = await fetch(`${service.url}${req.url}`, {
      method: req.method,
      headers: { "Content-Type": req.headers["content-type"] ?? "application/octet-stream" },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    call.status = upstream.status;
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { "Content-Type": "application/json" }).end(body);
  } catch {
    call.status = 599;
    res.destroy();
  }
  call.end = performance.now();
  if (!req.url.startsWith("/v1/ocr")) return;
  calls.push(call);
  if (process.env.BENCH_VERBOSE) console.error(`OCR call ${calls.length}: ${call.status} in ${(call.end - call.start).toFixed(0)} ms`);
});
const proxyPort = Number(process.env.OCR_PROXY_PORT ?? 8867);
await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));

const bundle = join(tmpdir(), `bench-ocr-mix-${process.pid}.mjs`);
spawnSync(
  "npx",
  [
    "esbuild",
    "bench/ocr-mix.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    `--outfile=${bundle}`,
    "--log-level=error",
    "--loader:.bcmap=binary",
    "--loader:.bin=binary",
    "--loader:.ttf=binary",
    "--loader:.otf=binary",
  ],
  { stdio: "inherit" },
);
const { scanMix, subjectWithoutScans } = await import(pathToFileURL(bundle).href);
rmSync(bundle, { force: true });
const subject = `规模${SIZE}扫描件基准有限公司`;
const mix = scanMix(subject);
const warmup = subjectWithoutScans("规模50预热");

const { call, stop } = await startDevServer({
  name: "ocr",
  port: Number(process.env.BENCH_PORT ?? 8860),
  source: "HEAD",
  vars: { OCR_URL: `http://127.0.0.1:${proxyPort}` },
});
const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "bench ocr" }, admin: true })).body;
await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: "enterprise", cycle: "monthly" }, admin: true });
const { key } = (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, admin: true })).body;

/** POST → terminal; the OCR calls made meanwhile and the time at least one was running. */
async function query(name) {
  const from = calls.length;
  const started = performance.now();
  const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [name] }, key });
  let q;
  for (;;) {
    const r = await call(`/api/open/v1/queries/${created.body.queries[0].id}`, { key });
    if (r.status === 200 && ["succeeded", "partial", "failed"].includes(r.body.executionStatus)) {
      q = r.body;
      break;
    }
    await sleep(r.status === 429 ? 2000 : 600);
  }
  const ms = performance.now() - started;
  const mine = calls.slice(from);
  let busyMs = 0;
  let until = 0;
  for (const c of [...mine].sort((a, b) => a.start - b.start)) {
    busyMs += Math.max(0, c.end - Math.max(c.start, until));
    until = Math.max(until, c.end);
  }
  return {
    ms,
    status: `${q.executionStatus}/${q.coverageComplete ? "complete" : "incomplete"}`,
    calls: mine.length,
    ok: mine.filter((c) => c.status === 200).length,
    busyMs,
  };
}

await query(warmup);
const cold = await query(subject);
const cached = await query(subject);
stop();
proxy.close();
service.stop();

console.log(
  `\n规模${SIZE} subject with scans (${subject}): ${mix.registrations} registrations, ${mix.documents} documents (${mix.attachments} attachments), ${mix.scans} scanned (${((100 * mix.scans) / mix.documents).toFixed(1)} % of documents, ${((100 * mix.scans) / mix.attachments).toFixed(0)} % of attachments), ${mix.scanFiles.length} distinct scan files`,
);
console.log(
  `wrangler dev (local workerd, last commit), POST → terminal, polling every 0.6 s, after a warm-up subject without scans (${warmup}); load average now ${load()}`,
);
console.log("run                        end-to-end s   status                 OCR calls (200)   OCR service busy s");
for (const [label, r] of [
  ["OCR cache empty", cold],
  ["OCR answers cached in R2", cached],
]) {
  console.log(
    `${label.padEnd(26)} ${s1(r.ms).padStart(12)}   ${r.status.padEnd(22)} ${`${r.calls} (${r.ok})`.padStart(15)}   ${s1(r.busyMs).padStart(18)}`,
  );
}
console.log(
  `OCR's share of the pipeline: (cold − cached) / cold = ${((100 * (cold.ms - cached.ms)) / cold.ms).toFixed(1)} %; service busy / cold = ${((100 * cold.busyMs) / cold.ms).toFixed(1)} %`,
);
// The sandbox has only a few distinct scans, so SHA-256 dedupe caps the reads; with every scan a different file
// each would be read once, one at a time (concurrency 1): computed from the measured p50, not measured.
const distinctMs = mix.scans * (percentile(wall, 50) ?? NaN);
if (!PIPELINE_ONLY)
  console.log(
    `if all ${mix.scans} scans were different files: ${mix.scans} × ${percentile(wall, 50).toFixed(0)} ms (p50 above) = ${s1(distinctMs)} s of OCR, ${((100 * distinctMs) / (distinctMs + cached.ms)).toFixed(0)} % of (that + the cached run), if nothing overlapped it (computed, not measured)`,
  );
process.exit(0);
