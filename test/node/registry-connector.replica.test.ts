/**
 * The connector (services/registry-connector) against the replica of the registry's services: logs in
 * once and reuses the session, logs in again when the token is spent, holds at most its sessions, and
 * ends every fault as the gateway contract says (never an empty list). Every log line the connectors
 * write here is captured; none may hold a credential, the bearer token or a subject.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConnector, type ConnectorSettings, type RunningConnector } from "../../services/registry-connector/connector.mjs";
import { startReplica, type Replica } from "../../services/registry-connector/replica/server.mjs";

const TOKEN = `con_${crypto.randomUUID()}`;
const SUBJECT = "上海示例供应链管理有限公司";
const logs: string[] = [];
const subjects = new Set<string>([SUBJECT]);
let replica: Replica;
const running: RunningConnector[] = [];

/** The replica bundles the sandbox with esbuild at start: seconds on a busy machine. */
const REPLICA_START_MS = 60_000;
beforeAll(async () => {
  replica = await startReplica({ slowMs: 40 });
}, REPLICA_START_MS);
afterAll(async () => {
  await Promise.all(running.map((c) => c.close()));
  await replica.close();
});

async function connector(overrides: Partial<ConnectorSettings> = {}): Promise<RunningConnector> {
  const started = await startConnector(
    {
      baseUrl: replica.servicesUrl,
      publicKey: replica.publicKey,
      account: replica.account,
      token: TOKEN,
      sessions: 2,
      timeoutMs: 5_000,
      port: 0,
      host: "127.0.0.1",
      ...overrides,
    },
    { write: (line) => logs.push(line) },
  );
  running.push(started);
  return started;
}

/** A subject of its own for a test (the sandbox generates registrations for any name). */
function subject(marker = ""): string {
  const name = `测试${marker}${crypto.randomUUID().slice(0, 8)}有限公司`;
  subjects.add(name);
  return name;
}

async function fault(rule: { subject?: string; route?: string; fault: string; times?: number }): Promise<void> {
  const res = await fetch(`${replica.url}/_replica/faults`, { method: "POST", body: JSON.stringify(rule) });
  expect(res.status).toBe(201);
}

async function calls(): Promise<{ operation: string; outcome: string }[]> {
  return ((await (await fetch(`${replica.url}/_replica/calls`)).json()) as { calls: { operation: string; outcome: string }[] }).calls;
}

const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
async function listing(
  c: RunningConnector,
  name: string,
): Promise<{ status: number; body: { code?: string; registrations?: { certificateNumber: string }[] } }> {
  const res = await fetch(`${c.url}/v1/listings`, { method: "POST", headers, body: JSON.stringify({ subject: name }) });
  return { status: res.status, body: (await res.json()) as { code?: string; registrations?: { certificateNumber: string }[] } };
}
async function file(c: RunningConnector, name: string, path: string): Promise<Response> {
  return fetch(`${c.url}/v1/registrations/${path}`, { headers: { ...headers, "X-Subject": encodeURIComponent(name) } });
}

describe("sessions", () => {
  it("logs in once and reuses the session for later calls", async () => {
    const c = await connector({ sessions: 1 });
    const before = (await calls()).length;
    for (let i = 0; i < 3; i++) expect((await listing(c, subject())).status).toBe(200);
    const made = (await calls()).slice(before);
    expect(made.map((call) => call.operation)).toEqual(["login", "queryBySubject", "queryBySubject", "queryBySubject"]);
  });

  it("logs in again when the registry says the token is spent, and the call succeeds", async () => {
    const c = await connector({ sessions: 1 });
    expect((await listing(c, subject())).status).toBe(200);
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "expired-token", times: 1 });
    const before = (await calls()).length;
    const answer = await listing(c, name);
    expect(answer.status).toBe(200);
    expect((await calls()).slice(before).map((call) => `${call.operation} ${call.outcome}`)).toEqual([
      "queryBySubject fault: 登录令牌已失效，请重新登录",
      "login ok",
      "queryBySubject ok",
    ]);
  });

  it("holds at most its sessions however many calls come at once", async () => {
    const c = await connector({ sessions: 2 });
    const before = (await calls()).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => listing(c, subject("慢"))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const logins = (await calls()).slice(before).filter((call) => call.operation === "login");
    expect(logins.length).toBeGreaterThanOrEqual(1);
    expect(logins.length).toBeLessThanOrEqual(2);
  });
});

describe("faults end as the contract says", () => {
  const cases: { fault: string; status: number; code: string }[] = [
    { fault: "fault", status: 503, code: "TRANSIENT" },
    { fault: "busy", status: 429, code: "BUSY" },
    { fault: "unavailable", status: 422, code: "SOURCE_UNAVAILABLE" },
    { fault: "quarantined", status: 451, code: "SOURCE_QUARANTINED" },
    { fault: "error-zip", status: 422, code: "SOURCE_UNAVAILABLE" },
    { fault: "truncate", status: 422, code: "SOURCE_UNAVAILABLE" },
    { fault: "wrong-key", status: 503, code: "TRANSIENT" },
    { fault: "expired-token", status: 503, code: "TRANSIENT" },
  ];
  for (const { fault: spec, status, code } of cases) {
    it(`a listing's ${spec} → ${status} ${code}`, async () => {
      const c = await connector();
      const name = subject();
      // Twice: an expired token is logged in again once; spent again, the call gives up.
      await fault({ subject: name, route: "queryBySubject", fault: spec, times: 2 });
      const answer = await listing(c, name);
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(answer.body.registrations).toBeUndefined();
    });
  }

  it("the sandbox's own subjects: unavailable, quarantined and an explicit empty list", async () => {
    const c = await connector();
    expect((await listing(c, subject("不可用"))).status).toBe(422);
    expect((await listing(c, subject("隔离"))).status).toBe(451);
    const empty = await listing(c, subject("无登记"));
    expect(empty).toMatchObject({ status: 200, body: { registrations: [] } });
  });

  it("a registry slower than the timeout is a passing fault", async () => {
    const c = await connector({ timeoutMs: 1_000 });
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "slow=2500", times: 1 });
    expect((await listing(c, name)).status).toBe(503);
  });

  it("a refused login is a passing fault, and no second login is tried during the cool-down", async () => {
    await fault({ route: "login", fault: "refuse-login", times: 1 });
    const c = await connector({ sessions: 1 });
    const before = (await calls()).length;
    expect((await listing(c, subject())).body.code).toBe("TRANSIENT");
    expect((await listing(c, subject())).body.code).toBe("TRANSIENT");
    expect((await calls()).slice(before).map((call) => call.operation)).toEqual(["login"]);
    expect(logs.some((line) => line.includes("login refused"))).toBe(true);
  });

  it("a connector configured with another key than the registry's cannot log in, and says which setting to check", async () => {
    const { generateKeyPair } = await import("../../services/registry-connector/sm2-parameter.mjs");
    const c = await connector({ publicKey: generateKeyPair().publicKey, sessions: 1 });
    const before = logs.length;
    expect((await listing(c, subject())).body.code).toBe("TRANSIENT");
    expect(logs.slice(before).some((line) => line.includes("check REGISTRY_PUBLIC_KEY"))).toBe(true);
  });

  it("a key the registry cannot decrypt with says so in the log", async () => {
    const c = await connector();
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "wrong-key", times: 1 });
    await listing(c, name);
    expect(logs.some((line) => line.includes("check REGISTRY_PUBLIC_KEY"))).toBe(true);
  });
});

describe("files", () => {
  it("serves the certificate and attachments of one download, with their hashes", async () => {
    const c = await connector();
    const { body } = await listing(c, SUBJECT);
    expect(body.registrations?.length).toBeGreaterThan(0);
    for (const r of body.registrations ?? []) {
      const certificate = await file(c, SUBJECT, `${r.certificateNumber}/certificate`);
      expect(certificate.status).toBe(200);
      expect(certificate.headers.get("Content-Type")).toBe("application/pdf");
      const bytes = new Uint8Array(await certificate.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      expect(certificate.headers.get("X-Content-SHA256")).toBe(Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""));
    }
  });

  it("names attachments as the registry's GBK zip names them", async () => {
    const c = await connector();
    // A subject with attachments: the sandbox gives most subjects some; look for one.
    for (let i = 0; i < 20; i++) {
      const name = subject();
      const { body } = await listing(c, name);
      for (const r of body.registrations ?? []) {
        const res = await file(c, name, `${r.certificateNumber}/attachments`);
        const { attachments } = (await res.json()) as { attachments: { fileName: string; sha256: string }[] };
        const named = attachments.find((a) => /[^ -~]/.test(a.fileName));
        if (!named) continue;
        const one = await file(c, name, `${r.certificateNumber}/attachments/${encodeURIComponent(named.fileName)}`);
        expect(one.status).toBe(200);
        expect(one.headers.get("X-Content-SHA256")).toBe(named.sha256);
        return;
      }
    }
    throw new Error("no sandbox subject with a non-ASCII attachment name found");
  });

  it("a certificate the registry does not have is NOT_FOUND; a download fault is the contract's", async () => {
    const c = await connector();
    const name = subject("部分");
    const { body } = await listing(c, name);
    const fates = await Promise.all((body.registrations ?? []).map(async (r) => (await file(c, name, `${r.certificateNumber}/certificate`)).status));
    expect(fates).toContain(404);
    expect(fates).toContain(200);
    const other = subject();
    const listed = await listing(c, other);
    // Twice: any fault is answered by a new login and one repeat before it stands.
    await fault({ subject: other, route: "queryDownLoadFileByNum", fault: "unavailable", times: 2 });
    const refused = await file(c, other, `${listed.body.registrations![0]!.certificateNumber}/certificate`);
    expect(refused.status).toBe(422);
  });
});

describe("logs", () => {
  it("never hold a credential, the bearer token or a subject", () => {
    expect(logs.length).toBeGreaterThan(10);
    const secrets = [replica.account.password, replica.account.platformAuthCode, replica.account.userName, TOKEN, ...subjects];
    for (const line of logs)
      for (const secret of secrets) expect(line.includes(secret), `a log line holds a secret: ${line.slice(0, 40)}`).toBe(false);
  });
});

describe("the listing's shape", () => {
  it("is the contract's, with the listed registration's fields and no others (one shape: worker/schemas/listed-registration.ts)", async () => {
    const { ListingSchema } = await import("../../worker/upstream/http/contract");
    const { LISTED_REGISTRATION_FIELDS } = await import("../../worker/schemas/listed-registration");
    const c = await connector();
    const res = await fetch(`${c.url}/v1/listings`, { method: "POST", headers, body: JSON.stringify({ subject: SUBJECT }) });
    const json = (await res.json()) as { registrations: Record<string, unknown>[] };
    expect(ListingSchema.strict().safeParse(json).success).toBe(true);
    expect(json.registrations.length).toBeGreaterThan(0);
    for (const registration of json.registrations) {
      expect(Object.keys(registration).every((key) => (LISTED_REGISTRATION_FIELDS as readonly string[]).includes(key))).toBe(true);
      expect(registration.registerTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    }
  });
});

describe("the Worker's http adapter", () => {
  it("reaches the connector through a fetch in place of the URL's host (the container binding's way)", async () => {
    const { HttpUpstream } = await import("../../worker/upstream/http");
    const c = await connector();
    const forwarded: string[] = [];
    const upstream = new HttpUpstream({
      url: "http://registry-connector",
      token: TOKEN,
      fetch: (request) => {
        forwarded.push(new URL(request.url).host);
        return fetch(new Request(`${c.url}${new URL(request.url).pathname}`, request));
      },
    });
    const listed = await upstream.listRegistrations(SUBJECT, { attempt: 1 });
    expect(listed.ok && listed.registrations.length).toBeGreaterThan(0);
    expect(forwarded).toEqual(["registry-connector"]);
  });
});
