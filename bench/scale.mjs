#!/usr/bin/env node
/**
 * Real scale (issue 24): the debtor 规模71扫描页基准有限公司, 71 registrations of which 36 carry 167
 * generated 200-dpi scanned pages (worker/upstream/sandbox/scan-pages.ts, drawn by
 * bench/lib/scan-pages.mjs into bench/out/scan-pages, served through the static assets with
 * SANDBOX_SCANS_DIR), against `wrangler dev` (port 8860) and the OCR service (services/ocr, port 8861):
 *
 * 1. the query, POST → terminal (the list and the main certificates: no OCR);
 * 2. a check of 20 invoice numbers printed on the pages (and 5 printed nowhere), POST → terminal: it
 *    has every page read (167 OCR calls), so its time is the OCR of the debtor's pages;
 * 3. OCR per page: the service's own `ms` per page and CPU seconds (its processes), and in the same run
 *    the bare engine (@gutenye/ocr-node with its defaults, what the service ran before) and the
 *    service's engine in this process on the same sample pages, one after the other.
 *
 * `--pages=N` reads only the first N pages in part 3's sample (default 4); `--skip-pipeline` runs part 3
 * alone. Prints numbers only; wall times on a shared machine are load-dependent, CPU seconds less so.
 */
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import Ocr from "@gutenye/ocr-node";
import { loadEngine } from "../services/ocr/engine.mjs";
import { preparePicture } from "../services/ocr/pictures.mjs";
import { startDevServer } from "../scripts/lib/dev-server.mjs";
import { startOcrService } from "./lib/ocr-service.mjs";
import { DEFAULT_SCAN_PAGES_DIR, ensureScanPages } from "./lib/scan-pages.mjs";

const SUBJECT = "规模71扫描页基准有限公司";
const flag = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const sample = flag("pages", 4);
const skipPipeline = process.argv.includes("--skip-pipeline");
const cores = availableParallelism();
const load = () => loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

/** CPU seconds of a process and its children (the pool's workers), from /proc. */
function treeCpuSeconds(pid) {
  const stat = (p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  };
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    /* no children listed: the process alone */
  }
  return stat(pid) + children.reduce((s, c) => s + treeCpuSeconds(c), 0);
}

const started = performance.now();
const pages = await ensureScanPages();
console.log(
  `${pages.length} generated pages in ${DEFAULT_SCAN_PAGES_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s); ${cores} cores; load average ${load()}`,
);

if (!skipPipeline) {
  const ocr = await startOcrService({ port: Number(process.env.OCR_BENCH_PORT ?? 8861) });
  process.env.SANDBOX_SCANS_DIR = DEFAULT_SCAN_PAGES_DIR;
  const { call, stop } = await startDevServer({ name: "scale", port: Number(process.env.BENCH_PORT ?? 8860), vars: { OCR_URL: ocr.url } });
  try {
    const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "bench scale" }, admin: true })).body;
    await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, {
      method: "POST",
      json: { planId: "enterprise", cycle: "monthly" },
      admin: true,
    });
    const { key } = (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, admin: true })).body;
    const until = async (path, done) => {
      for (;;) {
        const r = await call(path, { key });
        if (done(r.body)) return r.body;
        await sleep(1000);
      }
    };

    let t = performance.now();
    const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [SUBJECT] }, key });
    const queryId = created.body.queries[0].id;
    const query = await until(`/api/open/v1/queries/${queryId}`, (q) => q.completedAt);
    const querySeconds = (performance.now() - t) / 1000;
    console.log(
      `query: ${querySeconds.toFixed(1)} s POST → ${query.status} (${query.processedDocumentCount}/${query.totalDocumentCount} certificates; target ≤ 30 s ${querySeconds <= 30 ? "met" : "NOT met"})`,
    );

    const printed = pages.flatMap((p) => p.rows.map((r) => r.invoiceNumber));
    const wanted = Array.from({ length: 20 }, (_, i) => printed[Math.floor((i * printed.length) / 20)]);
    const absent = ["11112222", "33334444", "55556666", "77778888", "99990000"];
    const cpuBefore = treeCpuSeconds(ocr.pid);
    t = performance.now();
    const check = await call("/api/open/v1/checks", {
      method: "POST",
      key,
      json: { applicant: SUBJECT, sourceRegistryQueryId: queryId, criteria: [...wanted, ...absent].map((value) => ({ kind: "invoice_no", value })) },
    });
    const done = await until(`/api/open/v1/checks/${check.body.id}`, (c) => c.processingCompletedAt);
    const checkSeconds = (performance.now() - t) / 1000;
    const ocrCpu = treeCpuSeconds(ocr.pid) - cpuBefore;
    const foundIds = new Set(done.criterionCounts.filter((c) => c.count > 0).map((c) => c.criterionId));
    const found = done.criteria.filter((c) => foundIds.has(c.id)).map((c) => c.value);
    console.log(
      `check: ${checkSeconds.toFixed(1)} s POST → ${done.status} (coverage ${done.coverageComplete ? "complete" : done.coverageIssues.length + " issues"}; ` +
        `${wanted.filter((n) => found.includes(n)).length}/${wanted.length} printed numbers found, ${absent.filter((n) => found.includes(n)).length} of the absent; target ≤ 180 s ${checkSeconds <= 180 ? "met" : "NOT met"})`,
    );
    console.log(
      `service during the check: ${(ocrCpu / pages.length).toFixed(2)} CPU s per page, ${(pages.length / checkSeconds).toFixed(3)} pages/s, ${(pages.length / checkSeconds / cores).toFixed(3)} pages/s per core (${cores} workers, 1 ONNX thread each); peak RSS ${ocr.memory().peakMb.toFixed(0)} MB (the parent)`,
    );
  } finally {
    stop();
    ocr.stop();
  }
}

// Part 3: the engine alone on the same sample pages, bare (ocr-node's defaults, 2 threads) then ours (1 thread).
const bare = await Ocr.create();
const ours = await loadEngine({ threads: 1 });
const rows = [];
for (const page of pages.slice(0, sample)) {
  const picture = await preparePicture(readFileSync(page.path), "jpeg");
  const expected = [page.accountNumber, ...page.rows.flatMap((r) => [r.invoiceCode, r.invoiceNumber, r.amount])];
  const found = (lines) => {
    const text = lines.map((l) => l.text.replace(/\s/g, "")).join("\n");
    return expected.filter((n) => text.includes(n));
  };
  let c = cpu();
  let t = performance.now();
  const b = await bare.detect(picture.input);
  const bareRun = { wall: (performance.now() - t) / 1000, cpu: cpu() - c, found: found(b) };
  c = cpu();
  t = performance.now();
  const o = await ours.recognise(picture.input);
  const ourRun = { wall: (performance.now() - t) / 1000, cpu: cpu() - c, found: found(o) };
  const lost = bareRun.found.filter((n) => !ourRun.found.includes(n));
  rows.push({ page: page.file, bareRun, ourRun, lost, expected: expected.length });
  console.log(
    `${page.file}: bare ${bareRun.wall.toFixed(2)} s (${bareRun.cpu.toFixed(2)} CPU s, ${bareRun.found.length}/${expected.length} numbers); service engine ${ourRun.wall.toFixed(2)} s (${ourRun.cpu.toFixed(2)} CPU s, ${ourRun.found.length}/${expected.length}); lost ${lost.length}`,
  );
}
const sum = (f) => rows.reduce((s, r) => s + f(r), 0);
const n = rows.length;
console.log(
  `engine per page over ${n} pages (load average ${load()}): bare ${(sum((r) => r.bareRun.wall) / n).toFixed(2)} s / ${(sum((r) => r.bareRun.cpu) / n).toFixed(2)} CPU s; ` +
    `service engine ${(sum((r) => r.ourRun.wall) / n).toFixed(2)} s / ${(sum((r) => r.ourRun.cpu) / n).toFixed(2)} CPU s; ` +
    `ratio service/bare ${(sum((r) => r.ourRun.cpu) / sum((r) => r.bareRun.cpu)).toFixed(2)} (CPU), ${(sum((r) => r.ourRun.wall) / sum((r) => r.bareRun.wall)).toFixed(2)} (wall); ` +
    `numbers lost ${sum((r) => r.lost.length)}; target ≤ 1.5 CPU s per page per core ${sum((r) => r.ourRun.cpu) / n <= 1.5 ? "met" : "NOT met"}`,
);
