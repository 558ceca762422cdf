/**
 * Leases of ordinary requests (worker/domain/rate-limit.ts "Leases", durable-objects/rate-log.ts
 * `lease`, worker/services/ordinary-leases.ts): an isolate spends units the AccountGate lent it, and the
 * limit stays exact: never more than 120 ordinary requests of an account in any rolling minute, and
 * no fewer either (units a lease did not use go back to the account's window).
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RateLog } from "../durable-objects/rate-log";
import { describe, expect, it } from "vitest";
import {
  type LeaseAnswer,
  ORDINARY_LEASE_MARGIN_MS,
  ORDINARY_LEASE_MS,
  RATE_LIMITS,
  type ReturnedLease,
  WINDOW_MS,
} from "../worker/domain/rate-limit";
import { accountGate } from "../worker/lib/gate";
import { OrdinaryLeases } from "../worker/services/ordinary-leases";
import { admin, adminJson, expectError, newAccount, open } from "./helpers";

const LIMIT = RATE_LIMITS.other;

/** The most times in any rolling minute (t - WINDOW_MS, t]. */
function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let hi = 0, lo = 0; hi < sorted.length; hi++) {
    while ((sorted[lo] ?? 0) <= (sorted[hi] ?? 0) - WINDOW_MS) lo++;
    most = Math.max(most, hi - lo + 1);
  }
  return most;
}

/** A seeded generator: the same traffic on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const freshGate = () => accountGate(env, `lease-${crypto.randomUUID()}`);

describe("the gate's side of a lease", () => {
  it("a unit used at the very end of its lease is still counted a minute after that use", async () => {
    const gate = freshGate();
    const t0 = 1_000_000_000_000;
    expect(await gate.leaseOrdinary(20, [], t0)).toMatchObject({ ok: true, granted: 20 });
    // The isolate may spend the lease's units until just before its end by its own clock.
    const lastUse = t0 + ORDINARY_LEASE_MS - ORDINARY_LEASE_MARGIN_MS - 1;
    // The rest of the window, spent right after that by requests that asked the gate themselves.
    for (let i = 0; i < LIMIT - 20; i++) expect((await gate.admit("other", lastUse + 1)).ok).toBe(true);
    // A minute after the grant is less than a minute after those uses: the window is still full.
    expect((await gate.admit("other", t0 + WINDOW_MS + 1)).ok).toBe(false);
    expect((await gate.admit("other", lastUse + WINDOW_MS - 1)).ok).toBe(false);
    // When those have left the window, the lease's units still count, until the lease's end has left it too.
    let admitted = 0;
    while ((await gate.admit("other", t0 + ORDINARY_LEASE_MS + WINDOW_MS - 1)).ok) admitted++;
    expect(admitted).toBe(LIMIT - 20);
    expect((await gate.admit("other", t0 + ORDINARY_LEASE_MS + WINDOW_MS)).ok).toBe(true);
  });

  it("units a lease did not use go back to the window when it is returned; the used ones stay counted", async () => {
    const gate = freshGate();
    const t0 = 1_000_000_000_000;
    const lease = await gate.leaseOrdinary(20, [], t0);
    if (!lease.ok) throw new Error("refused");
    const returned: ReturnedLease = { reservedAt: lease.reservedAt, granted: lease.granted, used: 1 };
    const next = await gate.leaseOrdinary(1, [returned], t0 + 1000);
    expect(next).toMatchObject({ ok: true, granted: 1, window: { remaining: LIMIT - 2 } });
    let admitted = 0;
    while ((await gate.admit("other", t0 + 1000)).ok) admitted++;
    expect(admitted).toBe(LIMIT - 2);
    // The used unit was logged again at its return (t0 + 1000), not at the lease's end (t0 + 3000).
    expect((await gate.admit("other", t0 + 1000 + WINDOW_MS - 1)).ok).toBe(false);
    expect((await gate.admit("other", t0 + 1000 + WINDOW_MS)).ok).toBe(true);
  });

  it("never lends more than half of what is left, and refuses like an admission when nothing is", async () => {
    const gate = freshGate();
    const t0 = 1_000_000_000_000;
    for (let i = 0; i < LIMIT - 3; i++) await gate.admit("other", t0);
    expect(await gate.leaseOrdinary(20, [], t0)).toMatchObject({ ok: true, granted: 1 });
    expect(await gate.leaseOrdinary(20, [], t0)).toMatchObject({ ok: true, granted: 1 });
    expect(await gate.leaseOrdinary(20, [], t0)).toMatchObject({ ok: true, granted: 1 });
    const refused = await gate.leaseOrdinary(20, [], t0 + 10);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBe(60);
  });
});

describe("leases across a restart of the gate", () => {
  it("a fresh log over the same storage holds the reservations and the returned units as they were logged", async () => {
    const gate = freshGate();
    const now = Date.now();
    const first = await gate.leaseOrdinary(20, [], now - 2000);
    if (!first.ok) throw new Error("refused");
    const second = await gate.leaseOrdinary(10, [{ reservedAt: first.reservedAt, granted: first.granted, used: 5 }], now - 1000);
    if (!second.ok) throw new Error("refused");
    await runInDurableObject(gate, (_instance, state) => {
      const reloaded = new RateLog(state.storage.sql, now);
      // 5 used (logged at now - 1000) and 10 reserved (at now - 1000 + the lease): 105 left, this one included.
      expect(reloaded.admit("other", now).window.remaining).toBe(LIMIT - 5 - second.granted - 1);
      // The 5 used units leave the window a minute after their return; the reservation stays.
      expect(reloaded.admit("other", now - 1000 + WINDOW_MS).window.remaining).toBe(LIMIT - second.granted - 2);
    });
  });
});

describe("the isolate's side of a lease", () => {
  it("never spends a unit at or past the lease's end by its own clock, and returns what it used", async () => {
    let clock = 5_000;
    const asks: { want: number; returned: readonly ReturnedLease[] }[] = [];
    const leases = new OrdinaryLeases(() => clock);
    const ask = async (want: number, returned: readonly ReturnedLease[]): Promise<LeaseAnswer> => {
      asks.push({ want, returned });
      return {
        ok: true,
        granted: 5,
        reservedAt: clock + ORDINARY_LEASE_MS + asks.length,
        window: { rateClass: "other", remaining: 50, resetSeconds: 60 },
      };
    };
    expect(await leases.admit("acct", ask)).toMatchObject({ ok: true, window: { remaining: 50 + 4 } });
    expect(await leases.admit("acct", ask)).toMatchObject({ ok: true, window: { remaining: 50 + 3 } });
    expect(asks).toHaveLength(1);
    clock = 5_000 + ORDINARY_LEASE_MS - ORDINARY_LEASE_MARGIN_MS - 1;
    expect((await leases.admit("acct", ask)).ok).toBe(true);
    expect(asks).toHaveLength(1);
    clock += 1;
    expect((await leases.admit("acct", ask)).ok).toBe(true);
    expect(asks).toHaveLength(2);
    expect(asks[1]).toEqual({ want: 6, returned: [{ reservedAt: 5_000 + ORDINARY_LEASE_MS + 1, granted: 5, used: 3 }] });
  });

  it("150 requests of one account at once: exactly 120 admitted, each told a different remaining count", async () => {
    const gate = freshGate();
    const leases = new OrdinaryLeases();
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => leases.admit("acct", (want, returned) => gate.leaseOrdinary(want, returned))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(LIMIT);
    const remaining = answers.flatMap((a) => (a.ok ? [a.window.remaining] : [])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });

  it("one request after another: 120 admitted with few gate calls, then the 429", async () => {
    const gate = freshGate();
    const leases = new OrdinaryLeases();
    let calls = 0;
    const ask = (want: number, returned: readonly ReturnedLease[]) => {
      calls++;
      return gate.leaseOrdinary(want, returned);
    };
    const remaining: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const answer = await leases.admit("acct", ask);
      expect(answer.ok).toBe(true);
      remaining.push(answer.window.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    expect((await leases.admit("acct", ask)).ok).toBe(false);
    expect(calls).toBeLessThan(25);
  });
});

describe("three isolates leasing one account's window", () => {
  it("admit no more than 120 in any rolling minute over three minutes of heavy, bursty traffic, and 120 when it is there to take", async () => {
    const gate = freshGate();
    const random = seeded(40);
    let clock = 1_000_000_000_000;
    const isolates = [0, 1, 2].map(() => new OrdinaryLeases(() => clock));
    // The gate decides a moment after the isolate asked, and the answer takes a moment to come back.
    const ask = async (want: number, returned: readonly ReturnedLease[]) => {
      clock += Math.floor(random() * 30);
      const answer = await gate.leaseOrdinary(want, returned, clock);
      clock += Math.floor(random() * 30);
      return answer;
    };
    const admitted: number[] = [];
    const end = clock + 3 * WINDOW_MS;
    while (clock < end) {
      // Mostly a request every few tens of milliseconds, now and then a pause of up to 4 s.
      clock += random() < 0.01 ? Math.floor(random() * 4000) : Math.floor(random() * 60);
      const isolate = isolates[Math.floor(random() * isolates.length)]!;
      const answer = await isolate.admit("acct", ask);
      if (answer.ok) admitted.push(clock);
    }
    expect(busiestMinute(admitted)).toBe(LIMIT);
    expect(admitted.length).toBeGreaterThan(2 * LIMIT);
  });
});

describe("over HTTP", () => {
  it("130 reads of one account at once: 120 answered, 10 refused, and RateLimit counts each remaining unit once", async () => {
    const a = await newAccount();
    const responses = await Promise.all(Array.from({ length: LIMIT + 10 }, () => open("/account/entitlements", a.key)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(10);
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(/r=(\d+)/.exec(r.headers.get("RateLimit") ?? "")?.[1]))
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
  });

  it("a key revoked while its account's lease has units left is refused at once; the account's other key spends them", async () => {
    const a = await newAccount();
    const second = await adminJson<{ key: string; id: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    // Leases of 1, 2 and 4: after four reads this isolate holds three units of the account's window.
    for (let i = 0; i < 4; i++) expect((await open("/account/entitlements", second.key)).status).toBe(200);
    expect((await admin(`/accounts/${a.accountId}/keys/${second.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await open("/account/entitlements", second.key), 401, "UNAUTHENTICATED", [second.key]);
    const other = await open("/account/entitlements", a.key);
    expect(other.status).toBe(200);
    expect(other.headers.get("RateLimit")).toContain(`r=${LIMIT - 5}`);
  });
});
