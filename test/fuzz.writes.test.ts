/**
 * Fuzzing task creation (POST /queries, POST /checks) from the request schemas (fast-check, fixed
 * seed): wrong types, missing and unknown fields, hostile, over-long and identity-number strings,
 * Idempotency-Key, Content-Type, malformed, non-UTF-8, deeply nested, oversized (> 256 KiB) and
 * streamed bodies. Accounts without a subscription send them, so a request that passes every check
 * is refused with 402 and none creates anything (checked in D1 afterwards). A second part sends
 * hostile but acceptable subjects from funded accounts and follows them to a terminal state.
 */
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerOf, newAccount, waitForQuery } from "./helpers";
import { creationCase } from "./fuzz.writes";
import { accountsNeeded, runCases, send, summaryLine, unsubscribedAccounts } from "./fuzz.support";
import { hostile, marker } from "./fuzz.strings";
import { violations, type FuzzCase } from "./fuzz.verify";
import { OPEN } from "./fuzz.reads";
import { RATE_LIMITS } from "../worker/domain/rate-limit";

const SEED = 0x5eed_0107;
const CASES = 2600;

/** Thousands of requests: about 20 s on a quiet 2-core machine, 85 s on a loaded one; the limit guards a hang, not speed. */
const FUZZ_TIMEOUT_MS = 240_000;

describe("fuzzing task creation", () => {
  it("answers every generated creation within the invariants and creates nothing without a subscription", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const cases = fc.sample(
      fc.oneof({ weight: 24, arbitrary: creationCase({ kind: "pool" }) }, { weight: 1, arbitrary: creationCase({ kind: "raw" }) }),
      { seed: SEED, numRuns: CASES },
    );
    const pool = await unsubscribedAccounts(accountsNeeded(cases));
    const report = await runCases(cases, { pool: pool.map((p) => p.key), owners: [] }, 8);
    console.log(summaryLine("creations", report));
    expect(report.failures.join("\n\n")).toBe("");
    expect(report.failed).toBe(0);
    expect(report.summary.byStatus[429] ?? 0).toBe(0);
    for (const status of [400, 402, 413, 415]) expect(report.summary.byStatus[status], `status ${status}`).toBeGreaterThan(50);
    expect(report.summary.byStatus[404]).toBeGreaterThan(5);

    const ids = JSON.stringify(pool.map((p) => p.accountId));
    for (const table of ["queries", "checks", "allowance_ledger"]) {
      const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id IN (SELECT value FROM json_each(?))`)
        .bind(ids)
        .first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
  });

  it("accepts hostile but valid subjects, stores them normalised, and finishes every one", async () => {
    // 无登记 keeps the upstream to an explicit empty list: no files, so the pipeline work stays small.
    const avoid = /规模|慢|排队|不可用|隔离|部分/;
    const subject = fc
      .tuple(hostile(40), marker)
      .map(([s, m]) => `无登记${s}${m}`)
      .filter((s) => !avoid.test(s) && Array.from(s).length <= 100);
    const bodies = fc.sample(fc.array(subject, { minLength: 1, maxLength: 3 }), { seed: SEED + 1, numRuns: 4 * (RATE_LIMITS.create - 1) });
    const accounts = await Promise.all(Array.from({ length: 4 }, () => newAccount("enterprise")));
    const accepted: Array<{ id: string; subjectName: string }> = [];
    for (const [i, subjectNames] of bodies.entries()) {
      const c: FuzzCase = {
        label: "funded creation",
        method: "POST",
        path: `${OPEN}/queries`,
        auth: { kind: "owner", owner: 0 },
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ subjectNames }),
        markers: [],
        expect: [202, 400],
        echoes: true,
      };
      const answer = await send(c, accounts[i % accounts.length]!.key);
      expect(violations(c, answer), JSON.stringify(subjectNames)).toEqual([]);
      if (answer.status === 202) {
        const queries = (JSON.parse(new TextDecoder().decode(answer.body)) as { queries: Array<{ id: string; subjectName: string }> }).queries;
        accepted.push(...queries);
      }
    }
    expect(accepted.length).toBeGreaterThan(bodies.length);
    for (const q of accepted) {
      await waitForQuery(q.id);
      const row = await env.DB.prepare("SELECT subject_name, status, registration_count FROM queries WHERE id = ?")
        .bind(q.id)
        .first<{ subject_name: string }>();
      // Compared as JSON text: a lone surrogate would not survive the test runner's own messages.
      expect(JSON.stringify(row)).toBe(JSON.stringify({ subject_name: q.subjectName, status: "no_result", registration_count: 0 }));
      expect(await ledgerOf(q.id)).toEqual(["reserve", "settle"]);
    }
  });
});
