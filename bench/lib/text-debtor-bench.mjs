/**
 * The text-layer scale debtor end to end (issue 40, `node bench/scale.mjs --text-debtor=200,500,1000,2000`):
 * for each size, on fresh state (its own `wrangler dev`, no OCR service: nothing needs one), the query
 * POST → terminal, then a check of 100 criteria (./text-debtor.mjs) POST → terminal, each with its
 * wall time, the Worker's CPU seconds (wrangler and workerd, /proc) and the peak resident memory of
 * its workerd processes (sampled every 200 ms); then the check's answer verified against the sandbox's
 * truth. The target: 2,000 registrations checked within 2 minutes, its memory bounded.
 *
 * workerd's resident memory holds the local D1s, R2 and queues as well as the Worker, so the JS heaps
 * are read apart (./isolate-heaps.mjs): the Worker's isolate (the check's queue consumer and Durable
 * Objects run in it), its peak used heap while a phase runs (garbage not yet collected included) and
 * what it still holds after a full collection once all is done; and the simulators' isolates' heaps.
 */
import { readdirSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { benchAccountKey } from "./bench-account.mjs";
import { watchHeaps } from "./isolate-heaps.mjs";
import { sampleWorkerdRss, treeCpuSeconds, workerdRssMb } from "./process-tree.mjs";
import { debtorTruth, textDebtorCriteria, textDebtorSubject, verifyTextDebtorCheck } from "./text-debtor.mjs";

const TARGET_CHECK_S = 120;
const POLL_MS = 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0].toFixed(1);

/** One size on fresh state: the figures and what the verification found wrong. */
async function runOne(n, port, manyHits) {
  const truth = await debtorTruth(n);
  const chosen = textDebtorCriteria(truth);
  const subject = textDebtorSubject(n);
  const inspectorPort = port + 1000;
  const { call: rawCall, stop, pid, state } = await startDevServer({ name: "scale-text", port, inspectorPort, vars: { OCR_URL: "" } });
  const rss = sampleWorkerdRss(pid);
  let heaps = null;
  try {
    heaps = await watchHeaps({ serverPid: pid, inspectorPort });
    // The account's rate window (120 reads a minute) is shared by the polls and the verification: wait when told.
    const call = async (path, options) => {
      for (;;) {
        const r = await rawCall(path, options);
        if (r.status !== 429) return r;
        await sleep(1000 * Number(r.body?.error?.retryAfterSeconds ?? 5));
      }
    };
    const key = await benchAccountKey(call, "bench scale text");
    const until = async (path, done) => {
      for (;;) {
        const r = await call(path, { key });
        if (await done(r.body)) return r.body;
        await sleep(POLL_MS);
      }
    };
    const idleRss = workerdRssMb(pid);
    const idleHeap = (await heaps.reset()).worker;

    let t = performance.now();
    let cpu = treeCpuSeconds(pid);
    rss.reset();
    await heaps.reset();
    const created = await call("/api/open/v1/queries", { method: "POST", json: { subjectNames: [subject] }, key });
    const query = await until(`/api/open/v1/queries/${created.body.queries[0].id}`, (q) => q.completedAt);
    const q = { s: (performance.now() - t) / 1000, cpu: treeCpuSeconds(pid) - cpu, rss: rss.peak(), heap: heaps.peak(), status: query.status };

    t = performance.now();
    cpu = treeCpuSeconds(pid);
    // What the check adds to what the query left (the local D1, R2 and queue live in workerd too).
    const checkStartRss = rss.reset();
    await heaps.reset();
    const posted = await call("/api/open/v1/checks", {
      method: "POST",
      key,
      json: { applicant: subject, sourceRegistryQueryId: query.id, criteria: chosen.criteria },
    });
    if (posted.status !== 202 && posted.status !== 201) throw new Error(`check refused: ${posted.status} ${JSON.stringify(posted.body?.error)}`);
    // When the check stopped waiting on its query's attachments (indexing: waiting_resource) and began matching.
    // The heaps of the two apart: indexing reads the query's attachments (the index step), matching is the check's own.
    let matchingFrom = null;
    let indexingHeap = null;
    let indexingRss = null;
    let matchingStartRss = null;
    let matchingStartBuffers = null;
    const check = await until(`/api/open/v1/checks/${posted.body.id}`, async (c) => {
      if (matchingFrom === null && c.executionStatus === "processing") {
        matchingFrom = performance.now();
        indexingHeap = heaps.peak();
        indexingRss = rss.peak();
        matchingStartBuffers = (await heaps.reset()).workerBuffers;
        matchingStartRss = rss.reset();
      }
      return c.processingCompletedAt;
    });
    const indexingSeconds = ((matchingFrom ?? performance.now()) - t) / 1000;
    const c = {
      s: (performance.now() - t) / 1000,
      cpu: treeCpuSeconds(pid) - cpu,
      rss: Math.max(rss.peak(), indexingRss ?? 0),
      matchingRss: rss.peak(),
      matchingStartRss: matchingStartRss ?? rss.peak(),
      matchingStartBuffers: matchingStartBuffers ?? 0,
      heap: heaps.peak(),
      indexingHeap: indexingHeap ?? heaps.peak(),
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
    const stored = storedMb(state);
    const hits = manyHits ? await manyHitsChecks({ call, until, key, heaps, rss, pid, subject, queryId: query.id, state, stored }) : null;
    // Last: the forced collection pauses the isolate for seconds and its snapshot swells workerd's resident memory.
    const { used: held, buffers: heldBuffers } = await heaps.settled();
    const attachments = truth.reduce((s, r) => s + r.attachments, 0);
    return {
      n,
      attachments,
      idleRss,
      idleHeap,
      held,
      heldBuffers,
      stored,
      hits,
      query: q,
      check: c,
      wrong,
      candidates: check.candidateCount,
      load: load(),
    };
  } finally {
    heaps?.stop();
    rss.stop();
    stop();
  }
}

const f1 = (x) => x.toFixed(1);

/**
 * Keywords printed over and over on every invoice list (each row's date and amount) and certificate: a
 * check of them makes hundreds of evidence rows a registration, the case where a slice's decisions weigh
 * most (queues/check/chunked-writes.ts).
 */
const MANY_HITS = ["-", ".", "有限公司", "发票", "元"];

/** Posts a check of MANY_HITS on the query and waits for it; `during` runs beside it until it is done. */
async function postManyHits({ call, until, key, subject, queryId }, during = async () => {}) {
  const posted = await call("/api/open/v1/checks", {
    method: "POST",
    key,
    json: { applicant: subject, sourceRegistryQueryId: queryId, criteria: MANY_HITS.map((value) => ({ kind: "keyword", value })) },
  });
  if (posted.status !== 202 && posted.status !== 201) throw new Error(`check refused: ${posted.status} ${JSON.stringify(posted.body?.error)}`);
  let done = false;
  const beside = during(() => done);
  const check = await until(`/api/open/v1/checks/${posted.body.id}`, (c) => c.processingCompletedAt);
  done = true;
  return { check, beside: await beside };
}

/**
 * Two more checks on the same query (already read: no indexing), of MANY_HITS. The first timed, the
 * Worker's heap sampled, the evidence it stored measured on disk; the second with the Worker's heap
 * collected in full over and over while it runs (a snapshot each time, which pauses it: not timed), so
 * that the largest live set seen is the check's working set, the garbage left out.
 */
async function manyHitsChecks(ctx) {
  const { heaps, rss, pid, state, stored } = ctx;
  const t = performance.now();
  const cpu = treeCpuSeconds(pid);
  await heaps.reset();
  const startRss = rss.reset();
  const { check } = await postManyHits(ctx);
  const timed = {
    s: (performance.now() - t) / 1000,
    cpu: treeCpuSeconds(pid) - cpu,
    heap: heaps.peak(),
    startRss,
    rss: rss.peak(),
    candidates: check.candidateCount,
    evidenceMb: storedMb(state).d1 - stored.d1,
  };
  const { beside: live } = await postManyHits(ctx, async (finished) => {
    const seen = { most: 0, buffers: 0, collections: 0 };
    while (!finished()) {
      const { used, buffers } = await heaps.settled();
      seen.most = Math.max(seen.most, used);
      seen.buffers = Math.max(seen.buffers, buffers);
      seen.collections++;
    }
    return seen;
  });
  return { ...timed, live };
}

const groups = (h) => [h.d1, h.r2, h.queues, h.other].map(Math.round).join("/");

/** MB the local D1s and R2 keep on disk under a server's --persist-to directory (what their caches could hold at most). */
function storedMb(state) {
  const size = (dir) => {
    let bytes = 0;
    try {
      for (const e of readdirSync(dir, { withFileTypes: true }))
        bytes += e.isDirectory() ? size(join(dir, e.name)) : statSync(join(dir, e.name)).size;
    } catch {
      /* absent: nothing stored */
    }
    return bytes;
  };
  return { d1: size(join(state, "v3", "d1")) / 2 ** 20, r2: size(join(state, "v3", "r2")) / 2 ** 20 };
}

export async function runTextDebtorBench(sizes, { port = 8862 } = {}) {
  console.log(`== text-layer debtor (规模N文字层): query and a 100-criterion check, fresh state per size; load average ${load()}`);
  const rows = [];
  for (const [i, n] of sizes.entries()) {
    // The many-hits check at the first size only: what it weighs is a slice's, whatever the debtor's size.
    const r = await runOne(n, port, i === 0);
    rows.push(r);
    console.log(
      `[text ${n}] ${r.attachments} attachments; query ${f1(r.query.s)} s → ${r.query.status} (Worker ${f1(r.query.cpu)} CPU s, workerd peak ${Math.round(r.query.rss)} MB); ` +
        `check ${f1(r.check.s)} s → ${r.check.status} (indexing ${f1(r.check.indexingSeconds)} s, matching ${f1(r.check.s - r.check.indexingSeconds)} s; Worker ${f1(r.check.cpu)} CPU s, workerd peak ${Math.round(r.check.rss)} MB from ${Math.round(r.check.startRss)} MB at its start, ${Math.round(r.check.matchingStartRss)} → ${Math.round(r.check.matchingRss)} MB while matching; ${r.candidates} candidates); ` +
        `simulators' heaps peak (D1/R2/queues/other MB): query ${groups(r.query.heap)}, check ${groups(r.check.heap)}; ` +
        `the Worker's ArrayBuffers peak: query ${Math.round(r.query.heap.workerBuffers)} MB, indexing ${Math.round(r.check.indexingHeap.workerBuffers)} MB, matching ${Math.round(r.check.matchingStartBuffers)} at its start → ${Math.round(r.check.heap.workerBuffers)} MB, after a full collection at the end ${Math.round(r.heldBuffers)} MB; ` +
        `local storage on disk: D1 ${Math.round(r.stored.d1)} MB, R2 ${Math.round(r.stored.r2)} MB; workerd idle ${Math.round(r.idleRss)} MB; ${r.wrong.length === 0 ? "verified: coverage complete, every printed number found, no absent one" : `WRONG: ${r.wrong.join("; ")}`}; load average ${r.load}`,
    );
  }
  console.log("registrations  query s  query CPU s  query peak MB  check s  check CPU s  check peak MB  check adds MB  verified  load");
  for (const r of rows)
    console.log(
      `${String(r.n).padStart(13)}  ${f1(r.query.s).padStart(7)}  ${f1(r.query.cpu).padStart(11)}  ${String(Math.round(r.query.rss)).padStart(13)}  ${f1(r.check.s).padStart(7)}  ${f1(r.check.cpu).padStart(11)}  ${String(Math.round(r.check.rss)).padStart(13)}  ${String(Math.round(r.check.rss - r.check.startRss)).padStart(13)}  ${(r.wrong.length === 0 ? "yes" : "NO").padStart(8)}  ${r.load}`,
    );
  const mb = (x, w) => String(Math.round(x)).padStart(w);
  const pair = (h, w) => `${Math.round(h.worker)} / ${Math.round(h.collected)}`.padStart(w);
  console.log(
    "memory, MB. heap: the Worker isolate's used JS heap (its queue consumers and Durable Objects run in it): peak while the phase ran " +
      "(garbage not yet collected included) / highest just after a collection (the live set, a little garbage); the check apart: indexing " +
      "(the query's attachments read) and matching (the check's slices). sim: the local simulators' isolates' used heaps (D1, R2, queues, …), peak. " +
      "JS: every isolate's reserved heap and buffers, peak. workerd: its resident total, peak (the rest is native: SQLite, the runtime). " +
      "held: the Worker's heap after a full collection once all was done",
  );
  console.log(
    "registrations  idle heap  query heap  query sim  query JS  query workerd  index heap  match heap  check sim  check JS  check workerd  held  load",
  );
  for (const r of rows)
    console.log(
      `${String(r.n).padStart(13)}  ${mb(r.idleHeap, 9)}  ${pair(r.query.heap, 10)}  ${mb(r.query.heap.simulators, 9)}  ${mb(r.query.heap.reserved, 8)}  ${mb(r.query.rss, 13)}  ` +
        `${pair(r.check.indexingHeap, 10)}  ${pair(r.check.heap, 10)}  ${mb(Math.max(r.check.heap.simulators, r.check.indexingHeap.simulators), 9)}  ${mb(Math.max(r.check.heap.reserved, r.check.indexingHeap.reserved), 8)}  ${mb(r.check.rss, 13)}  ${mb(r.held, 4)}  ${r.load}`,
    );
  for (const r of rows.filter((x) => x.hits))
    console.log(
      `many hits (${r.n} registrations, more checks of the keywords ${MANY_HITS.map((k) => `"${k}"`).join(" ")}): ${f1(r.hits.s)} s POST → terminal, ` +
        `Worker ${f1(r.hits.cpu)} CPU s, ${r.hits.candidates} candidates, ${Math.round(r.hits.evidenceMb)} MB more in the local D1 (its evidence); ` +
        `the Worker's heap ${Math.round(r.hits.heap.worker)} MB peak / ${Math.round(r.hits.heap.collected)} MB just after a collection, its ArrayBuffers ${Math.round(r.hits.heap.workerBuffers)} MB; workerd ${Math.round(r.hits.startRss)} → ${Math.round(r.hits.rss)} MB; ` +
        `again, collected in full ${r.hits.live.collections} times while it ran: the Worker's live heap at most ${Math.round(r.hits.live.most)} MB, its ArrayBuffers ${Math.round(r.hits.live.buffers)} MB`,
    );
  const largest = rows.find((r) => r.n === 2000);
  if (largest)
    console.log(
      `check over 2,000 text-layer registrations: ${f1(largest.check.s)} s POST → terminal; target ≤ ${TARGET_CHECK_S} s ${largest.check.s <= TARGET_CHECK_S && largest.wrong.length === 0 ? "met" : "NOT met"}`,
    );
  return rows;
}
