#!/usr/bin/env node
/**
 * The long fuzz run: the generators and invariants of test/fuzz.*.ts (bundled with esbuild) against
 * `wrangler dev` on a free port of 127.0.0.1 (own --persist-to directory, frozen copy of the sources),
 * over HTTP. Open reads (strangers and owners), task creations, the management API and bad
 * credentials, in the suites' proportions, with a fixed seed. Accounts are added as the rate limits
 * require (each stays inside its rolling minute). Prints what broke, by kind; asserts nothing.
 *
 * Usage: node bench/fuzz.mjs [requests = 20000] [seed = 7] [connections = 16]   (e.g. 200000 for the long run)
 */
import { startDevServer } from "../scripts/lib/dev-server.mjs";
import { build } from "esbuild";

const RUNS = Number(process.argv[2] ?? 20_000) || 20_000;
const SEED = Number(process.argv[3] ?? 7) || 7;
const CONNECTIONS = Number(process.argv[4] ?? 16) || 16;
const CHUNK = 1000;
const root = new URL("..", import.meta.url).pathname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const outfile = `${root}bench/out/fuzz.bundle.mjs`;
await build({
  stdin: {
    contents: `export * from "./test/fuzz.reads"; export * from "./test/fuzz.writes"; export * from "./test/fuzz.admin"; export * from "./test/fuzz.verify"; export { default as fc } from "fast-check";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile,
  logLevel: "error",
});
const lib = await import(outfile);
const { fc } = lib;

const { base: BASE, admin: ADMIN, stop, call } = await startDevServer({ name: "fuzz", vars: { SANDBOX_SLOW_MS: "40" } });

/** A sliding minute of requests, kept a little under the server's limit. */
class Window {
  constructor(limit) {
    this.limit = limit;
    this.times = [];
  }
  take() {
    const now = Date.now();
    while (this.times.length > 0 && this.times[0] <= now - 61_000) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }
}

async function newAccount(plan) {
  const a = (await call("/api/admin/v1/accounts", { method: "POST", json: { name: "fuzz" }, admin: true })).body;
  const lapse = Date.now() + 1500;
  await call(`/api/admin/v1/accounts/${a.id}/subscriptions`, {
    method: "POST",
    admin: true,
    json: plan
      ? { planId: plan, cycle: "monthly" }
      : { planId: "light", cycle: "monthly", startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(lapse).toISOString() },
  });
  const { key, id: keyId } = (await call(`/api/admin/v1/accounts/${a.id}/keys`, { method: "POST", json: {}, admin: true })).body;
  return { accountId: a.id, key, keyId, lapse, create: new Window(9), other: new Window(115) };
}

async function waitFor(path, key, done) {
  for (let i = 0; i < 240; i++) {
    const r = await call(path, { key });
    if (r.status === 200 && done(r.body)) return r.body;
    await sleep(500);
  }
  throw new Error(`${path} did not finish`);
}

/** An owner: a finished query and check, its documents' bytes (over the API, like any client). */
async function owner(subject) {
  const a = await newAccount("professional");
  const q = (await call("/api/open/v1/queries", { method: "POST", key: a.key, json: { subjectNames: [subject] } })).body.queries[0];
  await waitFor(`/api/open/v1/queries/${q.id}`, a.key, (b) => b.completedAt !== undefined);
  const criteria = [
    { kind: "keyword", value: "应收账款" },
    { kind: "keyword", value: "发票" },
  ];
  const c = (await call("/api/open/v1/checks", { method: "POST", key: a.key, json: { applicant: subject, criteria, sourceRegistryQueryId: q.id } }))
    .body;
  await waitFor(`/api/open/v1/checks/${c.id}`, a.key, (b) => b.processingCompletedAt !== undefined);
  const regs = (await call(`/api/open/v1/queries/${q.id}/registrations?pageSize=100`, { key: a.key })).body.items;
  const documents = [];
  for (const r of regs) {
    const detail = (await call(`/api/open/v1/queries/${q.id}/registrations/${r.id}`, { key: a.key })).body;
    const files = [
      ...(detail.pdf?.documentId ? [{ id: detail.pdf.documentId, pageCount: detail.pdf.pageCount ?? 0, sha256: detail.pdf.sha256 }] : []),
      ...(detail.attachments ?? []).map((x) => ({ id: x.id, pageCount: x.pageCount ?? 0, sha256: x.sha256 })),
    ];
    for (const f of files)
      documents.push({ ...f, registrationId: r.id, bytes: (await call(`/api/open/v1/documents/${f.id}/content`, { key: a.key })).bytes });
  }
  a.other.times = Array.from({ length: 30 }, () => Date.now());
  return { ...a, queryId: q.id, registrationIds: regs.map((r) => r.id), checkId: c.id, criterionIds: c.criteria.map((x) => x.id), documents };
}

const owners = await Promise.all([owner("规模2长跑模糊甲有限公司"), owner("规模3长跑模糊乙有限公司")]);
const victims = await Promise.all([1, 2, 3].map(() => newAccount("professional")));
const adminResources = {
  accountIds: victims.map((v) => v.accountId),
  keys: victims.map((v) => ({ accountId: v.accountId, keyId: v.keyId })),
  checkId: owners[0].checkId,
  registrationIds: owners[0].registrationIds,
};
const mix = fc.oneof(
  { weight: 480, arbitrary: lib.readCase(owners, { kind: "pool" }) },
  { weight: 25, arbitrary: lib.badCredentialCase(owners, ADMIN, owners[0].key) },
  { weight: 5, arbitrary: lib.readCase(owners, { kind: "owner", owner: 0 }) },
  { weight: 5, arbitrary: lib.readCase(owners, { kind: "owner", owner: 1 }) },
  { weight: 240, arbitrary: lib.creationCase({ kind: "pool" }) },
  { weight: 10, arbitrary: lib.creationCase({ kind: "raw" }) },
  { weight: 220, arbitrary: lib.adminCase(adminResources, { kind: "admin" }) },
  { weight: 15, arbitrary: lib.badAdminCase(adminResources, ADMIN, owners[0].key) },
);

const pool = [];
let cursor = 0;
let growing = null;
/** An account with room in the case's rate class; more accounts (without a subscription) when none has. */
async function accountFor(klass) {
  for (;;) {
    for (let i = 0; i < pool.length; i++) {
      const a = pool[(i + cursor) % pool.length];
      if (Date.now() > a.lapse + 100 && a[klass].take()) {
        cursor = (cursor + i + 1) % pool.length;
        return a;
      }
    }
    growing ??= (async () => {
      const added = await Promise.all(Array.from({ length: 16 }, () => newAccount(null)));
      await sleep(Math.max(0, Math.max(...added.map((a) => a.lapse)) - Date.now() + 150));
      pool.push(...added);
    })().finally(() => {
      growing = null;
    });
    await growing;
  }
}

async function send(c) {
  const headers = new Headers(c.headers);
  if (c.auth.kind === "admin") headers.set("Authorization", `Bearer ${ADMIN}`);
  else if (c.auth.kind === "owner") {
    const o = owners[c.auth.owner];
    while (!o[lib.rateClass(c)].take()) await sleep(250);
    headers.set("X-Api-Key", o.key);
  } else if (c.auth.kind === "pool") {
    const klass = lib.rateClass(c);
    if (klass !== "none") headers.set("X-Api-Key", (await accountFor(klass)).key);
  }
  let body = c.body;
  if (c.chunked && body !== undefined) {
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    body = new ReadableStream({
      start(ctl) {
        for (let i = 0; i < bytes.byteLength; i += 16_384) ctl.enqueue(bytes.slice(i, i + 16_384));
        ctl.close();
      },
    });
  }
  const res = await fetch(`${BASE}${c.path}`, { method: c.method, headers, body, ...(c.chunked ? { duplex: "half" } : {}) });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

const kinds = new Map();
const answers = [];
let failed = 0;
let transient = 0;
let platform = 0;
let clientErrors = 0;
const started = performance.now();
for (let chunk = 0; chunk * CHUNK < RUNS; chunk++) {
  const cases = fc.sample(mix, { seed: SEED * 100_003 + chunk, numRuns: Math.min(CHUNK, RUNS - chunk * CHUNK) });
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < cases.length; i = next++) {
        const c = cases[i];
        let answer;
        try {
          answer = await send(c);
        } catch (error) {
          // A request Node's fetch refuses to send (header bytes it will not put on the wire) is not the API's.
          clientErrors++;
          continue;
        }
        answers.push({ c: { auth: c.auth }, status: answer.status });
        // workerd refuses a URL over its limit before any Worker runs (414, text/plain): the platform's answer, not the API's.
        if (answer.status === 414 && !answer.headers.get("X-Request-Id")) {
          platform++;
          continue;
        }
        const wrong = lib.violations(c, answer);
        if (wrong.length === 0) continue;
        // Sent again on its own: a failure that does not come back points at the transport, not the API.
        const again = await send(c).then(
          (a) => lib.violations(c, a).length > 0,
          () => false,
        );
        if (again) failed++;
        else transient++;
        const kind = `${c.label}: ${wrong.map((w) => w.replace(/QzMk[0-9a-z]{6}Wv/g, "<marker>")).join("; ")}${again ? "" : " (not reproduced when sent again)"}`;
        const seen = kinds.get(kind);
        if (seen) seen.count++;
        else {
          const sent = typeof c.body === "string" ? JSON.stringify(c.body.slice(0, 160)) : c.body ? `${c.body.byteLength} bytes` : "none";
          kinds.set(kind, {
            count: 1,
            example: `${c.method} ${c.path.slice(0, 200)} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${sent}${c.chunked ? " (chunked)" : ""} → ${answer.status} ${new TextDecoder().decode(answer.body).slice(0, 200)}`,
          });
        }
      }
    }),
  );
  if ((chunk + 1) % 10 === 0)
    console.log(`  ${(chunk + 1) * CHUNK} requests, ${failed} failed, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
const seconds = (performance.now() - started) / 1000;
stop();
const summary = lib.tally(answers);
console.log(`\nFuzz over HTTP (wrangler dev on ${BASE.replace("http://", "")}, seed ${SEED}, ${CONNECTIONS} connections)`);
console.log(
  `requests ${summary.total} in ${seconds.toFixed(0)} s (${(summary.total / seconds).toFixed(0)}/s); pool accounts ${pool.length}; past auth and rate limit ${summary.reachedValidation}; not sendable by the client ${clientErrors}`,
);
console.log(
  `statuses ${Object.entries(summary.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(" ")}`,
);
console.log(`URLs the runtime refused before the Worker ran (414): ${platform}`);
console.log(
  `invariant failures that came back when sent again ${failed}; that did not (the dev server's proxy) ${transient}${failed + transient ? "; by kind:" : ""}`,
);
for (const [kind, { count, example }] of kinds) console.log(`  ${count}× ${kind}\n     e.g. ${example}`);
process.exit(0);
