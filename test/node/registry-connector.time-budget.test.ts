/**
 * One time budget (services/registry-connector/time-budget.mjs, worker/config.ts): the Worker waits
 * longer than the connector can take, the connector answers within its deadline. Scaled down here (a
 * registry that answers in 4.5 s behind a connector whose registry timeout is 6 s) so that it runs in
 * seconds; test/upstream-direct.time-budget.test.ts keeps the case at full size (45 s, the defaults).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConnector, type ConnectorSettings, type RunningConnector } from "../../services/registry-connector/connector.mjs";
import { startReplica, type Replica } from "../../services/registry-connector/replica/server.mjs";
import {
  connectorDeadlineMs,
  DEFAULT_REGISTRY_TIMEOUT_MS,
  withinDeadline,
  workerTimeoutFloorMs,
} from "../../services/registry-connector/time-budget.mjs";
import { ConfigError, parseConfig } from "../../worker/config";
import { HttpUpstream } from "../../worker/upstream/http";

const TOKEN = `con_${crypto.randomUUID()}`;
const logs: string[] = [];
let replica: Replica;
const running: RunningConnector[] = [];

beforeAll(async () => {
  replica = await startReplica({ slowMs: 40 });
}, 60_000);
afterAll(async () => {
  await Promise.all(running.map((c) => c.close()));
  await replica?.close();
});

async function connector(overrides: Partial<ConnectorSettings>): Promise<RunningConnector> {
  const started = await startConnector(
    {
      baseUrl: replica.servicesUrl,
      publicKey: replica.publicKey,
      account: replica.account,
      token: TOKEN,
      sessions: 2,
      timeoutMs: 6_000,
      port: 0,
      host: "127.0.0.1",
      ...overrides,
    },
    { write: (line) => logs.push(line) },
  );
  running.push(started);
  return started;
}

async function fault(rule: { subject?: string; route: string; fault: string; times: number }): Promise<void> {
  expect((await fetch(`${replica.url}/_replica/faults`, { method: "POST", body: JSON.stringify(rule) })).status).toBe(201);
}

const subject = () => `时限${crypto.randomUUID().slice(0, 8)}有限公司`;

describe("the Worker waits longer than the connector", () => {
  it("a registry that answers in 4.5 s (connector timeout 6 s): the budget's listing timeout gets the list; the old rule (half the connector's) gives up", async () => {
    const registryTimeoutMs = 6_000;
    const c = await connector({ timeoutMs: registryTimeoutMs });
    const name = subject();
    // Every attempt is slow, as a large subject is: a retry does not get a faster answer.
    await fault({ subject: name, route: "queryBySubject", fault: "slow=4500", times: 10 });
    const budgeted = new HttpUpstream({ url: c.url, token: TOKEN, listTimeoutMs: workerTimeoutFloorMs(registryTimeoutMs) });
    const started = Date.now();
    const listed = await budgeted.listRegistrations(name, { attempt: 1 });
    expect(listed.ok && listed.registrations.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    // The fixed 30 s against the connector's 60 s, scaled: 3 s against 6 s.
    const old = new HttpUpstream({ url: c.url, token: TOKEN, listTimeoutMs: (30_000 / 60_000) * registryTimeoutMs, retries: 0 });
    expect(await old.listRegistrations(name, { attempt: 1 })).toEqual({ ok: false, kind: "transient" });
  });

  it("the Worker's defaults exceed the connector's deadline, and a configuration that would give up first is refused", () => {
    const http = { UPSTREAM: "http", UPSTREAM_URL: "https://connector.example", UPSTREAM_TOKEN: "t" };
    const upstream = parseConfig(http).upstream;
    const deadline = connectorDeadlineMs({ timeoutMs: DEFAULT_REGISTRY_TIMEOUT_MS });
    expect(upstream.kind === "http" && upstream.listTimeoutMs).toBeGreaterThan(deadline);
    expect(upstream.kind === "http" && upstream.fileTimeoutMs).toBeGreaterThan(deadline);
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems.map((p) => p.variable);
      }
    };
    // The old fixed 30 s listing timeout, against the connector's 60 s: refused, by name.
    expect(problems({ ...http, UPSTREAM_LIST_TIMEOUT_MS: "30000" })).toEqual(["UPSTREAM_LIST_TIMEOUT_MS"]);
    // A connector that waits longer for the registry needs a Worker that waits longer still.
    expect(problems({ ...http, REGISTRY_TIMEOUT_MS: "90000" })).toEqual(["UPSTREAM_LIST_TIMEOUT_MS", "UPSTREAM_FILE_TIMEOUT_MS"]);
    expect(problems({ ...http, REGISTRY_TIMEOUT_MS: "90000", UPSTREAM_LIST_TIMEOUT_MS: "210000", UPSTREAM_FILE_TIMEOUT_MS: "240000" })).toEqual([]);
    // The sandbox upstream has no connector to wait for.
    expect(problems({ UPSTREAM_LIST_TIMEOUT_MS: "1000" })).toEqual([]);
  });
});

describe("a slow registry is asked once per call, not once per in-call retry", () => {
  it("a registry slower than the connector's timeout: TRANSIENT with a wait, and the Worker does not repeat the call at once", async () => {
    const c = await connector({ timeoutMs: 1_000 });
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "slow=2500", times: 10 });
    const journal = async () =>
      ((await (await fetch(`${replica.url}/_replica/calls`)).json()) as { calls: { operation: string }[] }).calls.filter(
        (call) => call.operation === "queryBySubject",
      ).length;
    const before = await journal();
    // The adapter's default in-call retries (2): a transient answer without a wait is sent again at once.
    const listed = await new HttpUpstream({ url: c.url, token: TOKEN, listTimeoutMs: 20_000, retryBaseMs: 1 }).listRegistrations(name, {
      attempt: 1,
    });
    expect(listed).toMatchObject({ ok: false, kind: "transient", retryAfterSeconds: 30 });
    expect((await journal()) - before).toBe(1);
  });
});

describe("the connector answers within its deadline", () => {
  it("a slow call, a slow re-login and a slow repeat beyond the deadline: TRANSIENT at the deadline, with a log line", async () => {
    // Deadline: no session wait and two 3 s timeouts = 6 s; the chain below takes about 6.9 s, each call
    // 0.7 s within its own timeout (room for a busy machine).
    const c = await connector({ timeoutMs: 3_000, waitForSessionMs: 0, sessions: 1 });
    const name = subject();
    const warm = await fetch(`${c.url}/v1/listings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ subject: subject() }),
    });
    expect(warm.status).toBe(200);
    await fault({ subject: name, route: "queryBySubject", fault: "slow=2300;expired-token", times: 1 });
    await fault({ route: "login", fault: "slow=2300", times: 1 });
    await fault({ subject: name, route: "queryBySubject", fault: "slow=2300", times: 1 });
    const started = Date.now();
    const res = await fetch(`${c.url}/v1/listings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ subject: name }),
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(elapsed).toBeGreaterThanOrEqual(5_900);
    expect(elapsed).toBeLessThan(6_800);
    expect(logs.some((line) => line.includes("no answer within the connector's deadline (6000 ms)"))).toBe(true);
  });

  it("withinDeadline: the work's result in time, else the late answer", async () => {
    expect(await withinDeadline(Promise.resolve("done"), 50, () => "late")).toBe("done");
    expect(await withinDeadline(new Promise<string>(() => {}), 50, () => "late")).toBe("late");
  });
});
