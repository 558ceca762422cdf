/**
 * `npm start` as a newcomer and a supervisor meet it (issue 22.4), on a fresh copy of the tracked files
 * (no .wrangler state): its output says once per database what the migrations did (not wrangler's table
 * after every migration) and not wrangler's warning that cron triggers need a manual call (npm start runs
 * the sweep itself); it prints the console's address and a demo owner's sign-in that works, kept for the
 * next start; and a SIGTERM to the `npm start` process, the one a supervisor or `kill $!` signals,
 * stops everything it started (scripts/start.mjs, wrangler, workerd, the OCR service) and frees its ports.
 * Ports 18740-18799; a few minutes on a loaded machine (migrations, wrangler dev, the OCR models).
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
    spawnSync(command: string, args: string[], options: object): { status: number | null };
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
const PORT = 18740 + Math.floor(Math.random() * 30) * 2;
const OCR_PORT = PORT + 1;
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

/** True while process `pid` runs (a zombie has ended). */
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
  copy = fs.mkdtempSync(`${os.tmpdir()}/start-lifecycle-`);
  spawnSync("sh", ["-c", `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${copy}`], { cwd: ROOT, stdio: "inherit" });
  fs.symlinkSync(`${ROOT}/node_modules`, `${copy}/node_modules`);
  const env = { ...process.env, PORT: String(PORT), OCR_PORT: String(OCR_PORT), SWEEP_EVERY_SECONDS: "0", WRANGLER_SEND_METRICS: "false" };
  // Its own process group, so that whatever the test leaves behind can be stopped in afterAll.
  npm = spawn("npm", ["start"], { cwd: copy, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  npm.stdout.on("data", (d) => (output += String(d)));
  npm.stderr.on("data", (d) => (output += String(d)));
  let ended = false;
  exited = new Promise((resolve) => npm.on("exit", (code) => ((ended = true), resolve(code))));
  for (let i = 0; i < 1200 && !ended && !/Demo API key: rk_v1_\w+/.test(output); i++) await new Promise((r) => setTimeout(r, 250));
  if (!/Demo API key/.test(output)) throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
  // The OCR service answers once its models are loaded; the banner waits for it.
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

describe("npm start", () => {
  it("says once per database what the migrations did, and not wrangler's warning about cron triggers", () => {
    expect(output).toMatch(/D1 DB: \d+ migration\(s\) applied/);
    expect(output).toMatch(/D1 SHARD_1: \d+ migration\(s\) applied/);
    expect(output).not.toContain("Migrations to be applied");
    expect(output.match(/0000_baseline\.sql/g) ?? []).toEqual([]);
    expect(output).not.toContain("Scheduled Workers are not automatically triggered");
    expect(output).not.toContain("cdn-cgi/local/scheduled");
    expect(output).toContain(`OCR service on http://127.0.0.1:${OCR_PORT}`);
  });

  it("prints the console's address and its demo owner's sign-in, which signs in; a second pass makes no second owner", async () => {
    const base = `http://127.0.0.1:${PORT}`;
    expect(output).toContain(`Console: ${base}/console/`);
    const [, email, password] = output.match(/Console sign-in: (\S+) \/ (\S+) /) ?? [];
    const kept = JSON.parse(fs.readFileSync(`${copy}/.wrangler/demo.json`, "utf8")) as {
      accountId: string;
      owner: { email: string; password: string };
    };
    expect(kept.owner).toEqual({ email, password });
    const session = await fetch(`${base}/api/console/v1/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { role: string } }).user.role).toBe("owner");

    // What a restart does once the server is up, against the same state: the kept owner, reused.
    const { ensureDemo } = (await load(`${copy}/scripts/demo-account.mjs`)) as {
      ensureDemo(base: string, adminToken: string, file: string): Promise<{ accountId: string; owner: { email: string; password: string } }>;
    };
    const devVars = fs.readFileSync(`${copy}/.dev.vars`, "utf8");
    const adminToken = devVars.match(/^ADMIN_TOKEN=(.*)$/m)![1]!;
    // The key that seals TOTP secrets at rest, written with the other local secrets.
    expect(devVars).toMatch(/^CONSOLE_SECRET_KEY=[A-Za-z0-9+/]{43}=$/m);
    const again = await ensureDemo(base, adminToken, `${copy}/.wrangler/demo.json`);
    expect(again).toEqual({ ...kept, owner: { email, password } });
    const users = await fetch(`${base}/api/admin/v1/accounts/${kept.accountId}/users`, { headers: { Authorization: `Bearer ${adminToken}` } });
    const owners = ((await users.json()) as { items: { role: string; status: string }[] }).items.filter((u) => u.role === "owner");
    expect(owners).toEqual([expect.objectContaining({ status: "active" })]);
  });

  it("stops everything it started, wrangler, workerd and the OCR service, on a SIGTERM to the npm process", async () => {
    const started = descendants(npm.pid);
    const commands = started.map((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        return "";
      }
    });
    expect(commands.some((c) => c.includes("scripts/start.mjs"))).toBe(true);
    expect(commands.some((c) => c.includes("workerd"))).toBe(true);
    expect(commands.some((c) => c.includes("services/ocr/main.mjs"))).toBe(true);
    expect(await listening(PORT)).toBe(true);

    process.kill(npm.pid, "SIGTERM");
    await exited;
    for (let i = 0; i < 120 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 250));
    expect(started.filter(alive).map((pid) => commands[started.indexOf(pid)])).toEqual([]);
    expect(await listening(PORT)).toBe(false);
    expect(await listening(OCR_PORT)).toBe(false);
  }, 60_000);
});
