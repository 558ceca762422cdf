/**
 * Fuzzing every open-API read (GET) endpoint and nested path from its zod schemas (fast-check, fixed
 * seed): hostile ids and query parameters, Range headers, wrong methods, HEAD, unknown paths, bad
 * credentials. Strangers get 404 for everyone else's real ids; the owners' own requests reach real
 * data (200 / 206 / 416, bodies checked against the response schemas and the stored files).
 * The long run (200k requests over HTTP against wrangler dev) is bench/fuzz.mjs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN } from "./helpers";
import { badCredentialCase, readCase } from "./fuzz.reads";
import { accountsNeeded, runCases, setupOwner, summaryLine, unsubscribedAccounts } from "./fuzz.support";
import { RATE_LIMITS } from "../worker/domain/rate-limit";

const SEED = 0x5eed_0007;
const STRANGER_CASES = 5000;
const OWNER_CASES = RATE_LIMITS.other - 5;

/** Thousands of requests: about 20 s on a quiet 2-core machine, 85 s on a loaded one; the limit guards a hang, not speed. */
const FUZZ_TIMEOUT_MS = 240_000;

describe("fuzzing the open API's reads", () => {
  it("keeps every invariant over thousands of generated requests", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const criteria = [
      { kind: "keyword", value: "应收账款" },
      { kind: "keyword", value: "发票" },
      { kind: "invoice_no", value: "01492921" },
    ];
    const owners = await Promise.all([setupOwner("规模2模糊读取甲有限公司", criteria), setupOwner("规模3模糊读取乙有限公司", criteria)]);
    const strangers = fc.sample(
      fc.oneof(
        { weight: 19, arbitrary: readCase(owners, { kind: "pool" }) },
        { weight: 1, arbitrary: badCredentialCase(owners, ADMIN_TOKEN, owners[0]!.key) },
      ),
      { seed: SEED, numRuns: STRANGER_CASES },
    );
    const own = owners.flatMap((_, i) => fc.sample(readCase(owners, { kind: "owner", owner: i }), { seed: SEED + 1 + i, numRuns: OWNER_CASES }));
    const pool = await unsubscribedAccounts(accountsNeeded(strangers));
    const report = await runCases([...strangers, ...own], { pool: pool.map((p) => p.key), owners: owners.map((o) => o.key) });
    console.log(summaryLine("open reads", report));
    expect(report.failures.join("\n\n")).toBe("");
    expect(report.failed).toBe(0);
    expect(report.summary.byStatus[429] ?? 0).toBe(0);
    expect(report.summary.reachedValidation).toBeGreaterThan(report.summary.total * 0.9);
    expect(report.summary.byStatus[200]).toBeGreaterThan(300);
    expect(report.summary.byStatus[206]).toBeGreaterThan(0);
  });
});
