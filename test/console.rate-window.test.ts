/**
 * The console's reads count in a window of their own (RATE_LIMITS.console), apart from the open API's
 * keys: an integration's burst does not answer the analysts 429, and the analysts' pages do not use
 * up the integration's 120 a minute. Both windows are the account's.
 */
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../worker/domain/rate-limit";
import { consoleCall, consoleUser } from "./console-helpers";
import { expectError, newAccount, open } from "./helpers";

/** What is left of the key's ordinary window, from an open API read's RateLimit field. */
async function keyWindowLeft(key: string): Promise<number> {
  const res = await open("/account/entitlements", key);
  expect(res.status).toBe(200);
  const match = /^"default";r=(\d+);t=\d+$/.exec(res.headers.get("RateLimit") ?? "");
  if (!match) throw new Error("no RateLimit field on an open API read");
  return Number(match[1]);
}

describe("the console's read window", () => {
  it("leaves the keys' window alone, and refuses its own past the limit with 429 and Retry-After while the keys still read", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const before = await keyWindowLeft(a.key);

    for (let i = 0; i < 5; i++) expect((await consoleCall(analyst, "/checks")).status).toBe(200);
    // One more for the read that measures, none for the console's five.
    expect(await keyWindowLeft(a.key)).toBe(before - 1);

    const reads = await Promise.all(Array.from({ length: RATE_LIMITS.console }, () => consoleCall(analyst, "/queries")));
    const statuses = reads.map((r) => r.status);
    // The five above count too: the window holds RATE_LIMITS.console reads in all.
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.console - 5);
    const refused = reads.find((r) => r.status === 429);
    if (!refused) throw new Error("no read was refused");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectError(refused, 429, "RATE_LIMITED");
    expect(await keyWindowLeft(a.key)).toBe(before - 2);
  });
});
