/**
 * `npm run start:direct` as the "done when" states it, on a fresh copy of the tracked files: the
 * replica, the connector, OCR and the Worker come up on the ports PORT, OCR_PORT, CONNECTOR_PORT and
 * REPLICA_PORT name; the banner is npm start's plus a line naming the direct-connect upstream; the
 * README quickstart's query (the CLI, unchanged) succeeds through the connector and the replica with
 * every registration listed and every certificate parsed; a SIGTERM to the npm process stops every
 * process and frees every port. Ports 18900-18979; a few minutes on a loaded machine (wrangler dev, the
 * OCR models).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Child {
  pid: number;
  stdout: { on(event: "data", listener: (chunk: unknown) => void): void };
  stderr: { on(event: "data", listener: (chunk: unknown) => void): void };
  on(event: "exit", listener: (code: number | null) => void): void;
}
const load = (name: string) => import(/* @vite-ignore */ name);
const [{ spawn, spawnSync }, fs, os, net] = (await Promise.all([load("node:child_process"), load("node:fs"), load("node:os"), load("node:net")])) as [
  {
    spawn(command: string, args: string[], options: object): Child;
    spawnSync(command: string, args: string[], options: object): { status: number | null; stdout: string; stderr: string };
  },
  {
    mkdtempSync(prefix: string): string;
    symlinkSync(target: string, path: string): void;
    rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
    readdirSync(path: string): string[];
    readFileSync(path: string, encoding: "utf8"): string;
  },
  { tmpdir(): string },
  { createConnection(options: { port: number; host: string }): { on(event: string, listener: () => void): unknown; destroy(): void } },
];

const ROOT = process.cwd();
const PORT = 18900 + Math.floor(Math.random() * 20) * 4;
const PORTS = { PORT, OCR_PORT: PORT + 1, CONNECTOR_PORT: PORT + 2, REPLICA_PORT: PORT + 3 };
const SUBJECT = "上海示例供应链管理有限公司";
let copy: string;
let npm: Child;
let output = "";
let exited: Promise<number | null>;

/** The process ids under `pid` (its children, theirs, …), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked: not a descendant any more
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ port, host: "127.0.0.1" });
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

beforeAll(async () => {
  copy = fs.mkdtempSync(`${os.tmpdir()}/start-direct-`);
  spawnSync("sh", ["-c", `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${copy}`], { cwd: ROOT, stdio: "inherit" });
  fs.symlinkSync(`${ROOT}/node_modules`, `${copy}/node_modules`);
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])),
    SWEEP_EVERY_SECONDS: "0",
    WRANGLER_SEND_METRICS: "false",
  };
  npm = spawn("npm", ["run", "start:direct"], { cwd: copy, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  npm.stdout.on("data", (d) => (output += String(d)));
  npm.stderr.on("data", (d) => (output += String(d)));
  let ended = false;
  exited = new Promise((resolve) => npm.on("exit", (code) => ((ended = true), resolve(code))));
  for (let i = 0; i < 1200 && !ended && !/Demo API key: rk_v1_\w+/.test(output); i++) await new Promise((r) => setTimeout(r, 250));
  if (!/Demo API key/.test(output)) throw new Error(`npm run start:direct did not come up:\n${output.slice(-3000)}`);
}, 330_000);

afterAll(() => {
  for (const pid of [npm?.pid, ...(npm ? descendants(npm.pid) : [])]) {
    try {
      if (pid) process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("npm run start:direct", () => {
  it("prints npm start's banner with a line naming the direct-connect replica and the connector", () => {
    expect(output).toContain(`Registry API on http://127.0.0.1:${PORT}/api/open/v1 (direct-connect upstream)`);
    expect(output).toContain(
      `Upstream: the registry's direct-connect replica on http://127.0.0.1:${PORTS.REPLICA_PORT}/mfrsq_ws_test/services, through the registry connector on http://127.0.0.1:${PORTS.CONNECTOR_PORT}`,
    );
    expect(output).toContain(`OCR service on http://127.0.0.1:${PORTS.OCR_PORT}`);
  });

  it("serves the README quickstart's query through the connector: succeeded, every registration listed, every certificate parsed", async () => {
    const key = output.match(/Demo API key: (rk_v1_\w+)/)![1]!;
    const run = spawnSync("npx", ["registry-check", "query", SUBJECT], {
      cwd: copy,
      env: { ...process.env, REGISTRY_API_URL: `http://127.0.0.1:${PORT}`, REGISTRY_API_KEY: key, NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 180_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const summary = run.stdout.split("\n").find((line) => line.startsWith("qry_") && line.includes(SUBJECT))!;
    const [, count, documents] = summary.match(/succeeded\s+(\d+)\s+(\d+\/\d+)\s+complete\s+available/) ?? [];
    expect(Number(count)).toBeGreaterThan(0);
    expect(documents).toBe(`${count}/${count}`);
    const rows = run.stdout.split("\n").filter((line) => /^\d{20}\s/.test(line));
    expect(rows).toHaveLength(Number(count));
    expect(rows.every((row) => /\scompleted\s/.test(row))).toBe(true);
    // spawnSync held this process's event loop: the servers' output of the meantime arrives now.
    for (let i = 0; i < 40 && !/\[connector\] .*registry login: new session/.test(output); i++) await new Promise((r) => setTimeout(r, 250));
    expect(output).toMatch(/\[connector\] .*registry login: new session/);
  }, 200_000);

  it("stops every process it started and frees every port on a SIGTERM to the npm process", async () => {
    const started = descendants(npm.pid);
    const commands = started.map((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        return "";
      }
    });
    expect(commands.some((c) => c.includes("scripts/start-direct.mjs"))).toBe(true);
    expect(commands.some((c) => c.includes("workerd"))).toBe(true);
    process.kill(npm.pid, "SIGTERM");
    await exited;
    for (let i = 0; i < 120 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 250));
    expect(started.filter(alive).map((pid) => commands[started.indexOf(pid)])).toEqual([]);
    for (const port of Object.values(PORTS)) expect(await listening(port), `port ${port}`).toBe(false);
  }, 60_000);
});
