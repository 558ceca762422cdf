/**
 * Sessions against a registry that behaves as nobody has told us it does (issue 38, item 3): one session
 * per account, a spent token worded differently, a token spent at once for ever, a refused login answered
 * as text. Each case counts the listings that fail and the logins the connector makes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReplica } from "../../services/registry-connector/replica/server.mjs";
import { DirectRig } from "./registry-direct.helpers";

let rig: DirectRig;
/** The replica bundles the sandbox with esbuild at start: seconds on a busy machine. */
beforeAll(async () => {
  rig = new DirectRig(await startReplica({ slowMs: 40 }));
}, 60_000);
afterEach(() => rig.reset());
afterAll(() => rig.replica.close());

const logins = (calls: { operation: string }[]) => calls.filter((c) => c.operation === "login").length;

describe("a registry that keeps one session per account", () => {
  it("serves 12 listings at once through four slots: the connector learns to hold one session", async () => {
    await rig.behave({ sessions: "one-per-account" });
    const c = await rig.connector({ sessions: 4, waitForSessionMs: 30_000 });
    const from = rig.logs.length;
    let answers: { status: number }[] = [];
    await rig.callsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 12 }, () => rig.listing(c, rig.subject("慢"))));
    });
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(rig.logsDuring(from).some((line) => line.includes("keeps one session per account"))).toBe(true);
  });

  it("a registry that keeps several grows to its sessions and says so", async () => {
    const c = await rig.connector({ sessions: 4 });
    const from = rig.logs.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => rig.listing(c, rig.subject("慢"))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(rig.logsDuring(from).some((line) => line.includes("keeps several sessions"))).toBe(true);
  });
});

describe("a spent token in words the table does not know (会话已超时)", () => {
  it("is answered by a new login: 10 of 10 listings succeed after the token expired", async () => {
    await rig.behave({ expiryText: "会话已超时", tokenTtlMs: 300 });
    const c = await rig.connector({ sessions: 1 });
    expect((await rig.listing(c, rig.subject())).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const statuses: number[] = [];
    const calls = await rig.callsDuring(async () => {
      for (let i = 0; i < 10; i++) statuses.push((await rig.listing(c, rig.subject())).status);
    });
    expect(statuses).toEqual(Array<number>(10).fill(200));
    expect(calls.some((call) => call.outcome === "fault: 会话已超时")).toBe(true);
    expect(logins(calls)).toBeGreaterThanOrEqual(1);
  });
});

describe("a token spent at once, every time", () => {
  it("backs off its logins (a handful, not one per attempt) and never answers a list", async () => {
    await rig.behave({ tokens: "spent-at-once" });
    const c = await rig.connector({ sessions: 1, loginBackoffMs: 200 });
    const from = rig.logs.length;
    const answers: { status: number; body: { code?: string } }[] = [];
    const started = Date.now();
    const calls = await rig.callsDuring(async () => {
      for (let i = 0; i < 12; i++) answers.push(await rig.listing(c, rig.subject()));
    });
    const seconds = (Date.now() - started) / 1000;
    expect(answers.every((a) => a.status === 503 && a.body.code === "TRANSIENT")).toBe(true);
    // Back-off doubling from 0.2 s: about log2(5 * seconds) renewals, where one per attempt would be 12 or more.
    expect(logins(calls)).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(1 + 5 * seconds)));
    expect(rig.logsDuring(from).some((line) => line.includes("failed at once"))).toBe(true);
  });
});

describe("a refused login answered as text", () => {
  it("is a refusal: one login for 12 queries, a cool-down, and a log line naming the login", async () => {
    await rig.behave({ login: "refused-as-text" });
    const c = await rig.connector({ sessions: 2 });
    const from = rig.logs.length;
    const answers: { status: number; retryAfter: string | null }[] = [];
    const calls = await rig.callsDuring(async () => {
      for (let i = 0; i < 12; i++) answers.push(await rig.listing(c, rig.subject()));
    });
    expect(logins(calls)).toBe(1);
    expect(calls.filter((call) => call.operation !== "login")).toEqual([]);
    expect(answers.every((a) => a.status === 503 && a.retryAfter === "60")).toBe(true);
    const lines = rig.logsDuring(from);
    expect(lines.some((line) => line.includes("login refused") && line.includes("not a login token") && line.includes("REGISTRY_PASSWORD"))).toBe(
      true,
    );
  });
});

describe("logs", () => {
  it("never hold a credential, the bearer token or a subject", async () => {
    const { account } = rig.replica;
    const secrets = [account.password, account.platformAuthCode, account.userName, ...rig.subjects];
    expect(rig.logs.length).toBeGreaterThan(10);
    for (const line of rig.logs) for (const secret of secrets) expect(line.includes(secret)).toBe(false);
  });
});
