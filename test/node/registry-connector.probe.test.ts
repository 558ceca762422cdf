/**
 * The first day's probe (npm run connector:probe, services/registry-connector/probe.mjs) against the
 * replica playing each behaviour it must tell apart: several sessions or one per account, a spent token
 * worded as the table does not know, a refusal as text, a registry that files subjects by kind, a list
 * of a shape the connector does not recognise. What it prints must say so, and name the setting to change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runProbe } from "../../services/registry-connector/probe.mjs";
import { startReplica } from "../../services/registry-connector/replica/server.mjs";
import { DirectRig } from "./registry-direct.helpers";

const SUBJECT = "上海示例供应链管理有限公司";
// Node's modules by a dynamic import: the tests type-check against the Workers runtime's types.
const load = (name: string) => import(/* @vite-ignore */ name);
const { execFile } = (await load("node:child_process")) as {
  execFile(file: string, args: string[], options: object, done: (error: Error | null, stdout: string) => void): void;
};
const nodeProcess = (globalThis as unknown as { process: { execPath: string; env: Record<string, string | undefined> } }).process;
const run = (args: string[], env: Record<string, string>) =>
  new Promise<string>((resolve, reject) =>
    execFile(nodeProcess.execPath, args, { env }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
let rig: DirectRig;
beforeAll(async () => {
  rig = new DirectRig(await startReplica({ slowMs: 40 }));
}, 60_000);
afterEach(() => rig.reset());
afterAll(() => rig.replica.close());

async function probe(subject = SUBJECT) {
  const lines: string[] = [];
  const { servicesUrl, publicKey, account } = rig.replica;
  const report = await runProbe({ baseUrl: servicesUrl, publicKey, account, timeoutMs: 5_000 }, subject, { write: (line) => lines.push(line) });
  const { password, platformAuthCode, userName } = account;
  for (const line of lines) for (const secret of [password, platformAuthCode, userName]) expect(line.includes(secret)).toBe(false);
  return { report, text: lines.join("\n") };
}

describe("the probe tells", () => {
  it("a registry that keeps several sessions, with each call's latency and the answers' shapes", async () => {
    const { report, text } = await probe();
    expect(report.sessions).toBe("several");
    expect(text).toContain("plain HTTP: no TLS");
    expect(text).toMatch(/login {5}#1 in \d+ ms: a token/);
    expect(text).toMatch(
      /debttype 1000 \(organisation\) in \d+ ms: a zip of 1 entry \(\.xml, names ASCII\), XML encoding UTF-8, valid UTF-8: recognised, \d+ registration/,
    );
    expect(text).toMatch(/download .* entr(y|ies) \(1 × \.pdf/);
    expect(report.download?.certificate).toBe(true);
  });

  it("a registry that keeps one session per account, and a spent token's words the table does not know", async () => {
    await rig.behave({ sessions: "one-per-account", expiryText: "会话已超时" });
    const { report, text } = await probe();
    expect(report.sessions).toBe("one");
    expect(text).toContain("one session per account");
    expect(report.advice.some((a) => a.startsWith("CONNECTOR_SESSIONS=1"))).toBe(true);
    expect(report.advice.some((a) => a.includes('"会话已超时"') && a.includes("FAULT_OUTCOMES"))).toBe(true);
  });

  it("a login refused as text", async () => {
    await rig.behave({ login: "refused-as-text" });
    const { report, text } = await probe();
    expect(report.logins).toEqual([expect.objectContaining({ token: false })]);
    expect(text).toContain("text that is not a token");
    expect(report.advice.some((a) => a.includes("REGISTRY_PASSWORD"))).toBe(true);
  });

  it("what each debttype answers, and which one the registry does not know", async () => {
    await rig.behave({ debtTypes: "by-kind", codes: { organisation: "1000", person: "2000", "individual-business": "3100" } });
    // A name without 公司: it may be an organisation's or an individual business's.
    const { report } = await probe("张三五金店");
    expect(report.listings.map((l) => [l.debtType, l.recognised])).toEqual([
      ["1000", true],
      ["3000", false],
    ]);
    expect(report.advice.some((a) => a.startsWith("REGISTRY_DEBT_TYPES") && a.includes("individual-business="))).toBe(true);
  });

  it("a list of a shape the connector does not recognise", async () => {
    await rig.behave({ listing: "unknown-error" });
    const { report, text } = await probe();
    expect(report.listings.every((l) => !l.recognised)).toBe(true);
    expect(text).toContain("NOT recognised: an answer not recognised: <feedback> holds <errmsg>");
  });
});

const { spawnSync } = (await load("node:child_process")) as {
  spawnSync(command: string, args: string[], options: object): { status: number | null; stdout: Uint8Array };
};
const hasOpenssl = spawnSync("openssl", ["version"], {}).status === 0;

describe.skipIf(!hasOpenssl)("the probe over TLS", () => {
  it("prints the chain and says when this host does not trust it", async () => {
    const { mkdtempSync, readFileSync } = (await load("node:fs")) as { mkdtempSync(p: string): string; readFileSync(p: string): Uint8Array };
    const { createServer } = (await load("node:https")) as {
      createServer(
        options: object,
        handle: (req: unknown, res: { writeHead(s: number): { end(): void } }) => void,
      ): { listen(port: number, host: string, done: () => void): void; address(): { port: number }; close(): void };
    };
    const dir = mkdtempSync("/tmp/probe-tls-");
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=registry.test",
        "-keyout",
        `${dir}/key.pem`,
        "-out",
        `${dir}/cert.pem`,
      ],
      {},
    );
    expect(made.status).toBe(0);
    const server = createServer({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (_req, res) =>
      res.writeHead(404).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const lines: string[] = [];
      const { publicKey, account } = rig.replica;
      const report = await runProbe(
        { baseUrl: `https://127.0.0.1:${server.address().port}/services`, publicKey, account, timeoutMs: 5_000 },
        SUBJECT,
        {
          write: (line) => lines.push(line),
        },
      );
      const text = lines.join("\n");
      expect(text).toMatch(/TLS {7}TLSv1\.[23]; the chain is NOT trusted here \(/);
      expect(text).toContain("registry.test (issued by registry.test");
      expect(report.advice.some((a) => a.startsWith("NODE_EXTRA_CA_CERTS"))).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe("npm run connector:probe", () => {
  it("reads the connector's settings from the environment and exits 0 when it could log in", async () => {
    const { servicesUrl, publicKey, account } = rig.replica;
    const env = {
      PATH: nodeProcess.env.PATH ?? "",
      REGISTRY_QUERY_URL: servicesUrl,
      REGISTRY_PUBLIC_KEY: publicKey,
      REGISTRY_USER: account.userName,
      REGISTRY_PASSWORD: account.password,
      REGISTRY_AUTH_CODE: account.platformAuthCode,
      REGISTRY_TIMEOUT_MS: "5000",
    };
    const stdout = await run(["scripts/connector-probe.mjs", SUBJECT], env);
    expect(stdout).toContain("the account keeps several sessions");
    expect(stdout).not.toContain(account.password);
  });
});
