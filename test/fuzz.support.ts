/**
 * @module Running fuzz cases inside workerd: accounts (owners with real data, and a pool of accounts
 * without a subscription spread so that no account passes its rate limits), sending each case
 * in-process through the Worker's own fetch handler, and collecting what broke the invariants.
 */
import { env, exports } from "cloudflare:workers";
import { ADMIN_TOKEN, body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery, shardOfAccount } from "./helpers";
import type { OwnerResources } from "./fuzz.reads";
import { RATE_LIMITS } from "../worker/domain/rate-limit";
import { rateClass, tally, violations, type Answer, type FuzzCase } from "./fuzz.verify";

/** One account on the professional plan holding a finished query of `subject` and a finished check over it. */
export async function setupOwner(
  subject: string,
  criteria: Array<{ kind: string; value: string }>,
): Promise<OwnerResources & { key: string; accountId: string }> {
  const account = await newAccount("professional");
  const created = await body<{ queries: Array<{ id: string }> }>(
    await open("/queries", account.key, { method: "POST", json: { subjectNames: [subject] }, headers: { "Idempotency-Key": idempotencyKey() } }),
  );
  const queryId = created.queries[0]!.id;
  await waitForQuery(queryId);
  const check = await body<{ id: string; criteria: Array<{ id: string }> }>(
    await open("/checks", account.key, {
      method: "POST",
      json: { applicant: subject, criteria, sourceRegistryQueryId: queryId },
      headers: { "Idempotency-Key": idempotencyKey() },
    }),
  );
  await waitForCheck(check.id);
  const shard = await shardOfAccount(account.accountId);
  const regs = await shard.prepare("SELECT id FROM registrations WHERE query_id = ? ORDER BY ordinal").bind(queryId).all<{ id: string }>();
  const docs = await shard
    .prepare("SELECT id, registration_id, page_count, sha256, r2_key FROM documents WHERE query_id = ? ORDER BY id")
    .bind(queryId)
    .all<{ id: string; registration_id: string; page_count: number | null; sha256: string; r2_key: string }>();
  const documents = await Promise.all(
    docs.results.map(async (d) => ({
      id: d.id,
      registrationId: d.registration_id,
      pageCount: d.page_count ?? 0,
      sha256: d.sha256,
      bytes: new Uint8Array(await (await env.FILES.get(d.r2_key))!.arrayBuffer()),
    })),
  );
  return {
    key: account.key,
    accountId: account.accountId,
    queryId,
    registrationIds: regs.results.map((r) => r.id),
    checkId: check.id,
    criterionIds: check.criteria.map((c) => c.id),
    documents,
  };
}

/**
 * Accounts with a key and no subscription: they authenticate and read, and every creation that
 * passes validation is refused (402), so the fuzz never starts pipeline work. A key needs a
 * subscription in force when it is made: each account's is ended in D1 once its key exists, as
 * newAccount(null) does (a subscription lapsing 1.5 s after it was asked for raced the key's creation
 * on a loaded machine, and waiting for the lapse cost the setup its length).
 */
export async function unsubscribedAccounts(n: number): Promise<Array<{ accountId: string; key: string }>> {
  const out: Array<{ accountId: string; key: string }> = [];
  for (let i = 0; i < n; i += 16) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(16, n - i) }, async () => {
        const account = await newAccount(null);
        return { accountId: account.accountId, key: account.key };
      }),
    );
    out.push(...batch);
  }
  return out;
}

/** How many pool accounts the cases need so that none passes a limit (counts per rolling minute). */
export function accountsNeeded(cases: readonly FuzzCase[]): number {
  let create = 0;
  let other = 0;
  for (const c of cases) {
    if (c.auth.kind !== "pool") continue;
    const k = rateClass(c);
    if (k === "create") create++;
    else if (k === "other") other++;
  }
  return Math.max(1, Math.ceil(create / RATE_LIMITS.create), Math.ceil(other / RATE_LIMITS.other));
}

/** Sends one case in-process; the key is the account's own (pool/owner), the admin token for admin cases. */
export async function send(c: FuzzCase, key: string | null): Promise<Answer> {
  const headers = new Headers(c.headers);
  if (c.auth.kind === "admin") headers.set("Authorization", `Bearer ${ADMIN_TOKEN}`);
  else if (key) headers.set("X-Api-Key", key);
  let bodyInit: BodyInit | undefined = c.body;
  if (c.chunked && c.body !== undefined) {
    const bytes = typeof c.body === "string" ? new TextEncoder().encode(c.body) : c.body;
    bodyInit = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.byteLength; i += 16_384) controller.enqueue(bytes.slice(i, i + 16_384));
        controller.close();
      },
    });
  }
  const request = new Request(`http://api.test${c.path}`, { method: c.method, headers, body: bodyInit });
  const res = await exports.default.fetch(request);
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

export interface RunReport {
  /** One example per kind of failure. */
  failures: string[];
  /** Cases that failed in all. */
  failed: number;
  summary: ReturnType<typeof tally>;
  ms: number;
}

/**
 * Runs the cases: pool cases are dealt to pool accounts so that each stays within its limits,
 * every account's cases run one after the other, `parallel` accounts at a time.
 */
export async function runCases(cases: readonly FuzzCase[], keys: { pool: string[]; owners: string[] }, parallel = 6): Promise<RunReport> {
  const started = Date.now();
  const queues = new Map<string, Array<{ c: FuzzCase; key: string | null }>>();
  const push = (lane: string, c: FuzzCase, key: string | null) => queues.set(lane, [...(queues.get(lane) ?? []), { c, key }]);
  const used = { create: 0, other: 0 };
  let free = 0;
  for (const c of cases) {
    if (c.auth.kind === "owner") push(`owner${c.auth.owner}`, c, keys.owners[c.auth.owner]!);
    else if (c.auth.kind === "pool") {
      const k = rateClass(c);
      const n = k === "create" ? used.create++ : k === "other" ? used.other++ : 0;
      const index = k === "create" ? Math.floor(n / RATE_LIMITS.create) : Math.floor(n / RATE_LIMITS.other);
      push(`pool${index}`, c, keys.pool[index]!);
    } else push(`free${free++ % (parallel * 4)}`, c, null);
  }
  /** One example of each kind of failure (label and what broke), with a count. */
  const failures: string[] = [];
  const seen = new Map<string, number>();
  let failed = 0;
  const answers: Array<{ c: FuzzCase; status: number }> = [];
  const lanes = [...queues.values()];
  const worker = async () => {
    for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
      for (const { c, key } of lane) {
        let answer: Answer;
        try {
          answer = await send(c, key);
        } catch (error) {
          failures.push(`threw: ${String(error)}\n  ${describe(c)}`);
          failed++;
          continue;
        }
        answers.push({ c, status: answer.status });
        const wrong = violations(c, answer);
        if (wrong.length > 0) {
          const kind = `${c.label}: ${wrong.map((w) => w.replace(/QzMk[0-9a-z]{6}Wv/g, "<marker>")).join("; ")}`;
          if (!seen.has(kind))
            failures.push(`${kind}\n  ${describe(c)}\n  → ${answer.status} ${new TextDecoder().decode(answer.body).slice(0, 300)}`);
          seen.set(kind, (seen.get(kind) ?? 0) + 1);
          failed++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const counted = failures.map((f) => `${f}\n  (${seen.get(f.slice(0, f.indexOf("\n"))) ?? 1}× this kind)`);
  return { failures: counted, failed, summary: tally(answers), ms: Date.now() - started };
}

/** A case as a failure message shows it: enough to reproduce it by hand. */
export function describe(c: FuzzCase): string {
  const headers = JSON.stringify(c.headers).slice(0, 300);
  const size = c.body === undefined ? 0 : typeof c.body === "string" ? c.body.length : c.body.byteLength;
  const preview = typeof c.body === "string" ? JSON.stringify(c.body.slice(0, 200)) : `${size} bytes`;
  return `[${c.label}] ${c.method} ${c.path.slice(0, 300)}${c.path.length > 300 ? "…" : ""} auth=${c.auth.kind} headers=${headers} body=${preview}${c.chunked ? " (chunked)" : ""} expect=${c.expect?.join("|") ?? "any"}`;
}

/** A run's numbers, one line (the suites log it: statuses and the share that reached validation). */
export function summaryLine(name: string, r: RunReport): string {
  const statuses = Object.entries(r.summary.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(" ");
  return `${name}: ${r.summary.total} requests in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.summary.total / (r.ms / 1000))}/s); past auth and rate limit ${r.summary.reachedValidation}; ${statuses}`;
}
