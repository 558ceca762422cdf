/**
 * Permanent and passing faults of the registry gateway (queues/retry-policy.ts), through the gateway
 * stub and the fault harness (faults.harness.ts: every delivery the test's, retries at once). A file
 * not found (404, whatever its body says), gone (410), refused (422) or not what it claims (a hash
 * mismatch) ends its document on the first try; one that keeps failing with 503s is retried until the
 * bound on passing faults (PASSING_FAULT_BOUND_S, a few seconds here) is spent and then ended like a
 * dead letter: its query ends partial, nothing is left running, the allowance is settled once.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { body, idempotencyKey, newAccount, shardOfQuery } from "./helpers";
import { FaultyPipeline } from "./faults.harness";
import { expectQueryInvariants } from "./faults.invariants";
import { injectFault, stubRequests, uniqueSubject } from "./upstream-http.stub";

const BOUND_S = 3;

const PERMANENT = [
  { name: "not found", fault: "error=404" },
  { name: "gone", fault: "status=410" },
  { name: "refused", fault: "unavailable" },
  { name: "not what it claims", fault: "hash-mismatch" },
];

interface QueryRow {
  status: string;
  failure_code: string | null;
  completed_at: number | null;
}

async function queryRow(id: string): Promise<QueryRow> {
  return (await env.DB.prepare("SELECT status, failure_code, completed_at FROM queries WHERE id = ?").bind(id).first<QueryRow>())!;
}

async function parseStatuses(queryId: string): Promise<string[]> {
  const shard = await shardOfQuery(queryId);
  const rows = await shard
    .prepare("SELECT parse_status FROM registrations WHERE query_id = ? ORDER BY ordinal")
    .bind(queryId)
    .all<{ parse_status: string }>();
  return rows.results.map((r) => r.parse_status);
}

describe("faults of the gateway's files, permanent and passing", () => {
  it("ends a file not found, gone, refused or not what it claims on the first try, and a file that keeps failing once the bound is spent", async () => {
    const p = new FaultyPipeline({ ...env, PASSING_FAULT_BOUND_S: String(BOUND_S) });
    const a = await newAccount("enterprise");
    const cases = [...PERMANENT, { name: "passing", fault: "error=503" }].map((c) => ({ ...c, subject: uniqueSubject("规模2") }));
    const ids = new Map<string, string>();
    for (const c of cases) {
      await injectFault(c.subject, c.fault, { route: "certificate" });
      const res = await p.fetch("/queries", {
        method: "POST",
        key: a.key,
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { subjectNames: [c.subject] },
      });
      expect(res.status).toBe(202);
      ids.set(c.name, (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id);
    }
    const run = await p.drain({ maxRounds: 400 });
    expect(run.deadLettered).toBe(0);

    for (const c of cases) {
      const id = ids.get(c.name)!;
      const q = await queryRow(id);
      expect(q, c.name).toMatchObject({ status: "partial", failure_code: "DOCUMENT_COVERAGE_INCOMPLETE" });
      expect(await parseStatuses(id), c.name).toEqual(["missing", "missing"]);
      await expectQueryInvariants(id);
      const certificateCalls = (await stubRequests(c.subject)).filter((r) => r.route === "certificate");
      if (c.name === "passing") continue;
      // Permanent: one delivery, one call per registration (no retry in the call either).
      expect(
        certificateCalls.map((r) => r.attempt),
        c.name,
      ).toEqual([1, 1]);
    }

    // Passing: retried on later deliveries, then ended by the bound, recorded as given up (among the dead letters).
    const passing = ids.get("passing")!;
    const calls = (await stubRequests(cases.at(-1)!.subject)).filter((r) => r.route === "certificate");
    expect(Math.max(...calls.map((r) => r.attempt ?? 0))).toBeGreaterThan(2);
    const ended = await env.DB.prepare("SELECT failed_at, dead_lettered_at, failing_since FROM step_failures WHERE task_id = ? AND step = 'document'")
      .bind(passing)
      .all<{ failed_at: number; dead_lettered_at: number | null; failing_since: number | null }>();
    expect(ended.results).toHaveLength(2);
    for (const row of ended.results) {
      expect(row.dead_lettered_at).not.toBeNull();
      // The run of failures ended with the give-up: a later failure of the message starts its own.
      expect(row.failing_since).toBeNull();
    }
    const e = await body<{ query: { used: number; reserved: number } }>(await p.fetch("/account/entitlements", { key: a.key }));
    expect(e.query).toMatchObject({ used: cases.length, reserved: 0 });
  });
});
