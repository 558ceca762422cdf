#!/usr/bin/env node
/**
 * Real scale (issue 24): the debtor 规模71扫描页基准有限公司, 71 registrations of which 36 carry 167
 * generated 200-dpi scanned pages (worker/upstream/sandbox/scan-pages.ts, drawn once by
 * bench/lib/scan-pages.mjs into bench/out/scan-pages, a cache keyed by what decides the pixels, served
 * through the static assets with SANDBOX_SCANS_DIR), against `wrangler dev` and the OCR service
 * (services/ocr, one worker process per core), each run on fresh state (the OCR answers are cached in R2
 * per content hash: a second run on the same state would read nothing):
 *
 * 1. the query, POST → terminal (the list and the main certificates: no OCR);
 * 2. "on check" (what the pipeline does): a check of 20 invoice numbers printed on the pages and 5
 *    printed nowhere, POSTed when the query is done; it has every page read (167 OCR calls), so its time
 *    is the OCR of the debtor's pages plus the matching;
 * 3. "in the background": the same, but indexing starts the moment the query is done (a first check
 *    asks for it, as a query-completion trigger would) and the user's check comes `--think=60` seconds
 *    later; its time is what indexing still has to do after that, plus the matching.
 *
 * For each: OCR CPU seconds per page (the service's processes, from /proc), pages per second and per
 * core. The engine alone against the bare engine, page by page, is bench/ocr-cost.mjs. Ports: BENCH_PORT
 * (8860) and OCR_BENCH_PORT (8861). `--only=check|background` runs one of them. `--registrations=N` (default
 * 71) runs the smaller debtor 规模N扫描页… instead: its first N registrations, the pages they carry (every
 * other one, the same pages as in the full run) and up to 20 numbers printed on them — a small
 * reproduction. `--verbose` prints each coverage issue with its registration's pages.
 *
 * The Worker reaches the service through a counting relay (bench/lib/ocr-tally.mjs, on a free port):
 * OCR calls per page, pages asked about more than once, how often the readers were all busy, which
 * do not drift with the machine's load as wall time does.
 *
 * `--text-debtor=200,500,1000,2000` runs instead the text-layer debtor 规模N文字层基准有限公司 at each
 * size (bench/lib/text-debtor-bench.mjs: no OCR; the query, then a 100-criterion check verified against
 * the sandbox's truth; wall, the Worker's CPU, workerd's peak memory and the isolates' heaps apart, and
 * at the first size checks of keywords on every row, many hits a registration; port TEXT_BENCH_PORT, 8862,
 * and DevTools on the port 1,000 above it).
 */
import { availableParallelism, loadavg } from "node:os";
import { startDevServer } from "../scripts/lib/dev-server.mjs";
import { benchAccountKey } from "./lib/bench-account.mjs";
import { startOcrService } from "./lib/ocr-service.mjs";
import { startOcrTally } from "./lib/ocr-tally.mjs";
import { treeCpuSeconds } from "./lib/process-tree.mjs";
import { DEFAULT_SCAN_PAGES_DIR, ensureScanPages, scanPagesModule } from "./lib/scan-pages.mjs";
import { runTextDebtorBench } from "./lib/text-debtor-bench.mjs";

const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const textDebtor = option("text-debtor", null);
if (textDebtor) {
  await runTextDebtorBench(textDebtor.split(",").map(Number), { port: Number(process.env.TEXT_BENCH_PORT ?? 8862) });
  process.exit(0);
}
const registrations = Number(option("registrations", 71));
const verbose = process.argv.includes("--verbose");
const SUBJECT = `规模${registrations}扫描页基准有限公司`;
const think = Number(option("think", 60));
const only = option("only", null);
const cores = availableParallelism();
const load = () => loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (since) => (performance.now() - since) / 1000;

const started = performance.now();
const { scanPagesOf } = await scanPagesModule();
const pageNumbers = Array.from({ length: registrations }, (_, i) => scanPagesOf(i)).flat();
const pages = (await ensureScanPages()).filter((p) => pageNumbers.includes(p.number));
console.log(
  `${pages.length} generated pages in ${DEFAULT_SCAN_PAGES_DIR} (${seconds(started).toFixed(1)} s); ${cores} cores; load average ${load()}`,
);
const printed = pages.flatMap((p) => p.rows.map((r) => r.invoiceNumber));
const wantedCount = Math.min(20, printed.length);
const wanted = Array.from({ length: wantedCount }, (_, i) => printed[Math.floor((i * printed.length) / wantedCount)]);
/** Which page (and registration index) prints a number. */
const pageOf = (n) => pages.find((p) => p.rows.some((r) => r.invoiceNumber === n))?.number;
const registrationOfPage = (page) => Array.from({ length: registrations }, (_, i) => i).find((i) => scanPagesOf(i).includes(page));
const absent = ["11112222", "33334444", "55556666", "77778888", "99990000"];

/** Coverage issues counted by code ("CODE × n, …"). */
function issueCodes(issues) {
  const counts = new Map();
  for (const issue of issues) counts.set(issue.code, (counts.get(issue.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${code} × ${n}`).join(", ");
}

/** Each missed number's page and registration, then each registration with issues: its codes, indexStatus and attachments. */
async function explain(check, found, get) {
  for (const n of wanted.filter((w) => !found.includes(w))) {
    const page = pageOf(n);
    console.log(`  missed ${n}: page ${page}, registration index ${registrationOfPage(page)}`);
  }
  const byRegistration = new Map();
  for (const issue of check.coverageIssues) {
    const key = issue.registrationId ?? "(check)";
    byRegistration.set(key, [...(byRegistration.get(key) ?? []), issue.code]);
  }
  for (const [registrationId, codes] of byRegistration) {
    if (registrationId === "(check)") {
      console.log(`  check-level: ${codes.join(", ")}`);
      continue;
    }
    const result = await get(`/api/open/v1/checks/${check.id}/results/${registrationId}`);
    const r = result.registration;
    if (!r) {
      console.log(`  ${registrationId}: ${codes.join(", ")}; its result could not be read (${result.error?.code ?? "no body"})`);
      continue;
    }
    console.log(
      `  ${r.certificateNumber} (${registrationId}): ${codes.join(", ")}; indexStatus ${r.indexStatus}, ${r.attachments?.length ?? 0} attachments; ` +
        `match ${result.matchStatus}, pending ${result.pendingReason ?? "-"}`,
    );
  }
}

/** One run on fresh state: the query, then (background) a first check at once, then the user's check. */
async function scenario(mode) {
  const ocr = await startOcrService({ port: Number(process.env.OCR_BENCH_PORT ?? 8861) });
  // The Worker reaches the service through a counting relay: calls and distinct pages per page, the readers' busy share.
  const tally = await startOcrTally({ target: ocr.url, readers: cores });
  process.env.SANDBOX_SCANS_DIR = DEFAULT_SCAN_PAGES_DIR;
  const {
    call,
    stop,
    pid: devPid,
  } = await startDevServer({ name: "scale", port: Number(process.env.BENCH_PORT ?? 8860), vars: { OCR_URL: tally.url } });
  try {
    const key = await benchAccountKey(call, "bench scale");
    const until = async (path, done) => {
      for (;;) {
        const r = await call(path, { key });
        if (done(r.body)) return r.body;
        await sleep(500);
      }
    };
    const postCheck = (queryId, values) =>
      call("/api/open/v1/checks", {
        method: "POST",
        key,
        json: { applicant: SUBJECT, sourceRegistryQueryId: queryId, criteria: values.map((value) => ({ kind: "invoice_no", value })) },
      });

    let t = performance.now();
    const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [SUBJECT] }, key });
    const queryId = created.body.queries[0].id;
    const query = await until(`/api/open/v1/queries/${queryId}`, (q) => q.completedAt);
    const querySeconds = seconds(t);
    console.log(
      `[${mode}] query: ${querySeconds.toFixed(1)} s POST → ${query.status} (${query.processedDocumentCount}/${query.totalDocumentCount} certificates; target ≤ 30 s ${querySeconds <= 30 ? "met" : "NOT met"})`,
    );

    const cpuBefore = treeCpuSeconds(ocr.pid);
    const workerCpuBefore = treeCpuSeconds(devPid);
    tally.reset();
    const indexStarted = performance.now();
    let indexed = null;
    if (mode === "background") {
      const first = await postCheck(queryId, [absent[0]]);
      indexed = until(`/api/open/v1/checks/${first.body.id}`, (c) => c.processingCompletedAt).then(() => seconds(indexStarted));
      await sleep(think * 1000);
    }
    t = performance.now();
    const check = await postCheck(queryId, [...wanted, ...absent]);
    const done = await until(`/api/open/v1/checks/${check.body.id}`, (c) => c.processingCompletedAt);
    const checkSeconds = seconds(t);
    const indexSeconds = mode === "background" ? await indexed : checkSeconds;
    const ocrCpu = treeCpuSeconds(ocr.pid) - cpuBefore;
    const workerCpu = treeCpuSeconds(devPid) - workerCpuBefore;
    const foundIds = new Set(done.criterionCounts.filter((c) => c.count > 0).map((c) => c.criterionId));
    const found = done.criteria.filter((c) => foundIds.has(c.id)).map((c) => c.value);
    console.log(
      `[${mode}] check: ${checkSeconds.toFixed(1)} s POST → ${done.status}${mode === "background" ? `, posted ${think} s after the query` : ""} (coverage ${done.coverageComplete ? "complete" : `${done.coverageIssues.length} issues: ${issueCodes(done.coverageIssues)}`}; ` +
        `${wanted.filter((n) => found.includes(n)).length}/${wanted.length} printed numbers found, ${absent.filter((n) => found.includes(n)).length} of the absent; target ≤ 180 s ${checkSeconds <= 180 ? "met" : "NOT met"})`,
    );
    console.log(
      `[${mode}] OCR of the ${pages.length} pages: ${indexSeconds.toFixed(1)} s from the query's end; ${(ocrCpu / pages.length).toFixed(2)} CPU s per page (service, all its processes); ` +
        `${(pages.length / indexSeconds).toFixed(2)} pages/s, ${(pages.length / indexSeconds / cores).toFixed(2)} pages/s per core (${cores} workers, 1 ONNX thread each); ` +
        `the Worker (wrangler dev and workerd) ${workerCpu.toFixed(1)} CPU s meanwhile; load average ${load()}`,
    );
    console.log(`[${mode}] ${tally.summary(pages.length)}`);
    if (verbose) await explain(done, found, (path) => call(path, { key }).then((r) => r.body));
    return { querySeconds, checkSeconds, indexSeconds, cpuPerPage: ocrCpu / pages.length };
  } finally {
    stop();
    tally.stop();
    ocr.stop();
    // The next run starts its own service on the same port: wait until this one has let it go.
    for (let i = 0; i < 100; i++) {
      const answers = await fetch(`${ocr.url}/healthz`, { signal: AbortSignal.timeout(500) }).then(
        () => true,
        () => false,
      );
      if (!answers) break;
      await sleep(200);
    }
  }
}

for (const mode of ["check", "background"]) if (!only || only === mode) await scenario(mode);
