/**
 * Fuzzing the management API from its zod schemas (fast-check, fixed seed): accounts, plans,
 * subscriptions, grants, keys, reviews and sandbox fixtures with hostile ids, bodies, dates, file
 * bytes and media types, and bearer tokens that are almost the admin token. The management API has
 * no rate limit, so every request reaches validation unless its token is wrong (then 401).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, adminJson, newAccount } from "./helpers";
import { adminCase, badAdminCase, type AdminResources } from "./fuzz.admin";
import { runCases, setupOwner, summaryLine } from "./fuzz.support";

const SEED = 0x5eed_0207;
const CASES = 4000;

/** Thousands of requests: about 20 s on a quiet 2-core machine, 85 s on a loaded one; the limit guards a hang, not speed. */
const FUZZ_TIMEOUT_MS = 240_000;

describe("fuzzing the management API", () => {
  it("keeps every invariant over thousands of generated requests", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const owner = await setupOwner("规模2模糊管理有限公司", [
      { kind: "keyword", value: "应收账款" },
      { kind: "keyword", value: "发票" },
    ]);
    const victims = await Promise.all(Array.from({ length: 3 }, () => newAccount("professional")));
    const extraKeys = await Promise.all(
      victims.map((v) =>
        adminJson<{ id: string }>(`/accounts/${v.accountId}/keys`, { method: "POST", json: {} }).then((k) => ({
          accountId: v.accountId,
          keyId: k.id,
        })),
      ),
    );
    const resources: AdminResources = {
      accountIds: victims.map((v) => v.accountId),
      keys: [...victims.map((v) => ({ accountId: v.accountId, keyId: v.keyId })), ...extraKeys],
      checkId: owner.checkId,
      registrationIds: owner.registrationIds,
    };
    const cases = fc.sample(
      fc.oneof(
        { weight: 19, arbitrary: adminCase(resources, { kind: "admin" }) },
        { weight: 1, arbitrary: badAdminCase(resources, ADMIN_TOKEN, owner.key) },
      ),
      { seed: SEED, numRuns: CASES },
    );
    const report = await runCases(cases, { pool: [], owners: [] }, 8);
    console.log(summaryLine("management API", report));
    expect(report.failures.join("\n\n")).toBe("");
    expect(report.failed).toBe(0);
    for (const status of [200, 201, 400, 401, 404, 415]) expect(report.summary.byStatus[status], `status ${status}`).toBeGreaterThan(20);
  });
});
