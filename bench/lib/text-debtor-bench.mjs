/**
 * The text-layer scale debtor end to end (issue 40, `node bench/scale.mjs --text-debtor=200,500,1000,2000`):
 * for each size, on fresh state (its own `wrangler dev`, no OCR service: nothing needs one), the query
 * POST → terminal, then a check of 100 criteria (./text-debtor.mjs) POST → terminal, each with its
 * wall time, the Worker's CPU seconds (wrangler and workerd, /proc) and the peak resident memory of
 * its workerd processes (sampled every 200 ms); then the check's answer verified against the sandbox's
 * truth. The target: 2,000 registrations checked within 2 minutes.
 */
import { loadavg } from "node:os";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { sampleWorkerdRss, treeCpuSeconds, workerdRssMb } from "./process-tree.mjs";
import { debtorTruth, textDebtorCriteria, textDebtorSubject, verifyTextDebtorCheck } from "./text-debtor.mjs";

const TARGET_CHECK_S = 120;
const POLL_MS = 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0].toFixed(1);

/** One size on fresh state: the figures and what the verification found wrong. */
async function runOne(n, port) {
  const truth = await debtorTruth(n);
  const chosen = textDebtorCriteria(truth);
  const subject = textDebtorSubject(n);
  const { call: rawCall, stop, pid } = await startDevServer({ name: "scale-text", port, vars: { OCR_URL: "" } });
  const rss = sampleWorkerdRss(pid);
  try {
    // The account's rate window (120 reads a minute) is shared by the polls and the verification: wait when told.
    const call = async (path, options) => {
      for (;;) {
        const r = await rawCall(path, options);
        if (r.status !== 429) return r;
        await sleep(1000 * Number(r.body?.error?.retryAfterSeconds ?? 5));
      }
    };
    const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "bench scale text" }, admin: true })).body;
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
        await sleep(POLL_MS);
      }
    };
    const idleRss = workerdRssMb(pid);

    let t = performance.now();
    let cpu = treeCpuSeconds(pid);
    rss.reset();
    const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [subject] }, key });
    const query = await until(`/api/open/v1/queries/${created.body.queries[0].id}`, (q) => q.completedAt);
    const q = { s: (performance.now() - t) / 1000, cpu: treeCpuSeconds(pid) - cpu, rss: rss.peak(), status: query.status };

    t = performance.now();
    cpu = treeCpuSeconds(pid);
    // What the check adds to what the query left (the local D1, R2 and queue live in workerd too).
    const checkStartRss = rss.reset();
    const posted = await call("/api/open/v1/checks", {
      method: "POST",
      key,
      json: { applicant: subject, sourceRegistryQueryId: query.id, criteria: chosen.criteria },
    });
    if (posted.status !== 202 && posted.status !== 201) throw new Error(`check refused: ${posted.status} ${JSON.stringify(posted.body?.error)}`);
    // When the check stopped waiting on its query's attachments (indexing: waiting_resource) and began matching.
    let matchingFrom = null;
    const check = await until(`/api/open/v1/checks/${posted.body.id}`, (c) => {
      if (matchingFrom === null && c.executionStatus === "processing") matchingFrom = performance.now();
      return c.processingCompletedAt;
    });
    const indexingSeconds = ((matchingFrom ?? performance.now()) - t) / 1000;
    const c = {
      s: (performance.now() - t) / 1000,
      cpu: treeCpuSeconds(pid) - cpu,
      rss: rss.peak(),
      startRss: checkStartRss,
      indexingSeconds,
      status: check.status,
    };

    const results = async (criterionId) => {
      const numbers = [];
      for (let page = 1; ; page++) {
        const r = await call(`/api/open/v1/checks/${check.id}/results?criterionId=${criterionId}&pageSize=100&page=${page}`, { key });
        numbers.push(...r.body.items.map((i) => i.registration.certificateNumber));
        if (page * 100 >= r.body.total) return numbers;
      }
    };
    const wrong = await verifyTextDebtorCheck(check, truth, chosen, results);
    const attachments = truth.reduce((s, r) => s + r.attachments, 0);
    return { n, attachments, idleRss, query: q, check: c, wrong, candidates: check.candidateCount, load: load() };
  } finally {
    rss.stop();
    stop();
  }
}

const f1 = (x) => x.toFixed(1);

export async function runTextDebtorBench(sizes, { port = 8862 } = {}) {
  console.log(`== text-layer debtor (规模N文字层): query and a 100-criterion check, fresh state per size; load average ${load()}`);
  const rows = [];
  for (const n of sizes) {
    const r = await runOne(n, port);
    rows.push(r);
    console.log(
      `[text ${n}] ${r.attachments} attachments; query ${f1(r.query.s)} s → ${r.query.status} (Worker ${f1(r.query.cpu)} CPU s, workerd peak ${Math.round(r.query.rss)} MB); ` +
        `check ${f1(r.check.s)} s → ${r.check.status} (indexing ${f1(r.check.indexingSeconds)} s, matching ${f1(r.check.s - r.check.indexingSeconds)} s; Worker ${f1(r.check.cpu)} CPU s, workerd peak ${Math.round(r.check.rss)} MB from ${Math.round(r.check.startRss)} MB at its start; ${r.candidates} candidates); ` +
        `workerd idle ${Math.round(r.idleRss)} MB; ${r.wrong.length === 0 ? "verified: coverage complete, every printed number found, no absent one" : `WRONG: ${r.wrong.join("; ")}`}; load average ${r.load}`,
    );
  }
  console.log("registrations  query s  query CPU s  query peak MB  check s  check CPU s  check peak MB  check adds MB  verified  load");
  for (const r of rows)
    console.log(
      `${String(r.n).padStart(13)}  ${f1(r.query.s).padStart(7)}  ${f1(r.query.cpu).padStart(11)}  ${String(Math.round(r.query.rss)).padStart(13)}  ${f1(r.check.s).padStart(7)}  ${f1(r.check.cpu).padStart(11)}  ${String(Math.round(r.check.rss)).padStart(13)}  ${String(Math.round(r.check.rss - r.check.startRss)).padStart(13)}  ${(r.wrong.length === 0 ? "yes" : "NO").padStart(8)}  ${r.load}`,
    );
  const largest = rows.find((r) => r.n === 2000);
  if (largest)
    console.log(
      `check over 2,000 text-layer registrations: ${f1(largest.check.s)} s POST → terminal; target ≤ ${TARGET_CHECK_S} s ${largest.check.s <= TARGET_CHECK_S && largest.wrong.length === 0 ? "met" : "NOT met"}`,
    );
  return rows;
}
