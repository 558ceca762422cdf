/**
 * The connector's door (services/registry-connector: server.mjs, door.mjs, contract-routes.mjs,
 * redactor.mjs, settings.mjs): the token is checked first; then a path that does not decode, a
 * registration number that is not the registry's 20 digits or a file name no registry lists is a 400,
 * and no call reaches the registry; every log line passes one redactor that knows the login tokens by
 * value; the connector does not start without the registry's address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConnector, type RunningConnector } from "../../services/registry-connector/connector.mjs";
import { startReplica, type Replica } from "../../services/registry-connector/replica/server.mjs";
import { isFileName } from "../../services/registry-connector/door.mjs";
import { readSettings } from "../../services/registry-connector/settings.mjs";

const TOKEN = `con_${crypto.randomUUID()}`;
const SUBJECT = "上海示例供应链管理有限公司";
const logs: string[] = [];
let replica: Replica;
let connector: RunningConnector;
let aNumber: string;

beforeAll(async () => {
  replica = await startReplica({ slowMs: 40 });
  connector = await startConnector(
    {
      baseUrl: replica.servicesUrl,
      publicKey: replica.publicKey,
      account: replica.account,
      token: TOKEN,
      sessions: 1,
      timeoutMs: 10_000,
      port: 0,
      host: "127.0.0.1",
    },
    { write: (line) => logs.push(line) },
  );
  const res = await fetch(`${connector.url}/v1/listings`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ subject: SUBJECT }),
  });
  aNumber = ((await res.json()) as { registrations: { certificateNumber: string }[] }).registrations[0]!.certificateNumber;
}, 60_000);
afterAll(async () => {
  await connector?.close();
  await replica?.close();
});

async function callCount(): Promise<number> {
  return ((await (await fetch(`${replica.url}/_replica/calls`)).json()) as { calls: unknown[] }).calls.length;
}

function get(path: string, token: string | null = TOKEN): Promise<Response> {
  const headers: Record<string, string> = { "X-Subject": encodeURIComponent(SUBJECT) };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${connector.url}${path}`, { headers });
}

describe("the door", () => {
  it("a malformed percent-escape: 401 without the token, 400 with it, and nothing logged as an internal error", async () => {
    const before = logs.length;
    const path = "/v1/registrations/%E4%B8/certificate";
    expect((await get(path, null)).status).toBe(401);
    expect((await get(path, "wrong")).status).toBe(401);
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
    const attachment = await get(`/v1/registrations/${aNumber}/attachments/%ZZ.pdf`);
    expect(attachment.status).toBe(400);
    expect(logs.slice(before).filter((line) => line.includes("internal error"))).toEqual([]);
  });

  it("a registration number that is not the registry's shape is a 400 before any call to the registry", async () => {
    const before = await callCount();
    for (const number of ["12345", `${aNumber}0`, `${aNumber.slice(0, 19)}X`, encodeURIComponent("16405277000006493448 OR 1=1")]) {
      const res = await get(`/v1/registrations/${number}/certificate`);
      expect(res.status, number).toBe(400);
      expect(((await res.json()) as { code: string; message: string }).message).not.toContain(number);
    }
    expect(await callCount()).toBe(before);
  });

  it("a file name no registry lists (a path, a dot segment, a control character) is a 400 before any call", async () => {
    const before = await callCount();
    // ".." and "%2E%2E" never arrive: URL parsing removes dot segments before a request is sent (isFileName refuses them).
    expect(isFileName("..")).toBe(false);
    for (const name of ["a%2Fb.pdf", "a%5Cb.pdf", "a%00b.pdf", "a%E2%80%AEfdp.exe", "x".repeat(256)]) {
      const res = await get(`/v1/registrations/${aNumber}/attachments/${name}`);
      expect(res.status, name).toBe(400);
    }
    expect(await callCount()).toBe(before);
    // A name as the registry lists them passes the door (and is not found in this registration).
    expect((await get(`/v1/registrations/${aNumber}/attachments/${encodeURIComponent("发票清单（第2页）.pdf")}`)).status).toBe(404);
  });

  it("a registry fault that echoes the login token never writes the token to the log", async () => {
    const subject = `回显${crypto.randomUUID().slice(0, 8)}有限公司`;
    await fetch(`${replica.url}/_replica/faults`, {
      method: "POST",
      body: JSON.stringify({ subject, route: "queryBySubject", fault: "echo-token", times: 2 }),
    });
    const before = logs.length;
    const res = await fetch(`${connector.url}/v1/listings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ subject }),
    });
    expect(res.status).toBe(503);
    const lines = logs.slice(before);
    const faultLine = lines.find((line) => line.includes("loginToken"));
    expect(faultLine, "the fault is logged").toBeDefined();
    expect(faultLine).toContain("[redacted]");
    // The replica's tokens are 32 hex digits: none may appear in any line.
    for (const line of logs) expect(line).not.toMatch(/[0-9a-f]{32}/);
    for (const line of logs) expect(line).not.toContain(subject);
  });
});

describe("settings", () => {
  const env = {
    REGISTRY_USER: "bank_user",
    REGISTRY_PASSWORD: "a-password",
    REGISTRY_AUTH_CODE: "an-auth-code",
    REGISTRY_PUBLIC_KEY: "",
    CONNECTOR_TOKEN: "a-connector-token",
  };

  it("refuses to start without the registry's address: an unset REGISTRY_QUERY_URL is not the registry's test address", () => {
    const read = readSettings({ ...env, REGISTRY_PUBLIC_KEY: replica.publicKey });
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.problems).toContainEqual(expect.stringContaining("REGISTRY_QUERY_URL is required"));
  });

  it("starts with an explicit address, test or production, and reads the bounds from the environment", () => {
    const read = readSettings({
      ...env,
      REGISTRY_PUBLIC_KEY: replica.publicKey,
      REGISTRY_QUERY_URL: "https://wsquery.zhongdengwang.org.cn/mfrsq_ws_test/services",
      REGISTRY_MAX_ENTRY_BYTES: "1048576",
    });
    expect(read.ok && read.settings.baseUrl).toBe("https://wsquery.zhongdengwang.org.cn/mfrsq_ws_test/services");
    expect(read.ok && read.settings.bounds?.maxEntryBytes).toBe(1_048_576);
    const bad = readSettings({
      ...env,
      REGISTRY_PUBLIC_KEY: replica.publicKey,
      REGISTRY_QUERY_URL: "https://x.example",
      REGISTRY_MAX_ZIP_ENTRIES: "many",
    });
    expect(bad.ok ? [] : bad.problems).toContainEqual(expect.stringContaining("REGISTRY_MAX_ZIP_ENTRIES"));
  });
});

describe("one shape of registration number, at the door and in the list", () => {
  it("a list that names a number the door would refuse is not a list (its files could never be fetched)", async () => {
    const { listingOfFeedback } = await import("../../services/registry-connector/feedback.mjs");
    const list = (number: string) =>
      `<feedback><totalrows>1</totalrows><data><results><businesstype>A00200</businesstype><rows>1</rows><result><registerno>${number}</registerno></result></results></data></feedback>`;
    expect(listingOfFeedback(list("41328547000007612020")).ok).toBe(true);
    expect(listingOfFeedback(list("4132854700000761202"))).toMatchObject({ ok: false, outcome: "transient" });
  });
});

describe("the one redactor", () => {
  it("blanks the credentials, the bearer token, every login token it was told of and the call's subject, longest first", async () => {
    const { Redactor } = await import("../../services/registry-connector/redactor.mjs");
    const redactor = new Redactor({
      account: { userName: "bank_user", password: "pa55word!", platformAuthCode: "AUTH-CODE-1" },
      token: "con_secret",
    });
    redactor.remember("0123456789abcdef0123456789abcdef");
    const lines: string[] = [];
    const log = redactor.logger((line) => lines.push(line));
    log(
      "fault: user bank_user pa55word! AUTH-CODE-1 con_secret token 0123456789abcdef0123456789abcdef for 上海示例有限公司 after 1000 ms",
      "上海示例有限公司",
    );
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z fault: user \[redacted\] \[redacted\] \[redacted\] \[redacted\] token \[redacted\] for \[redacted\] after 1000 ms$/,
    );
  });
});
