/**
 * @module An npm script (npm start, npm run start:direct) run as a newcomer runs it: on a fresh copy of the
 * tracked files (no .wrangler state) in its own process group, with what it printed, the processes it
 * started (from /proc) and its ports, for the tests of how it comes up and how a SIGTERM stops it.
 */
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

export { fs, spawnSync };

/** The process ids under `pid` (its children, theirs, …), from /proc. */
export function descendants(pid: number): number[] {
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
export function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ port, host: "127.0.0.1" });
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

/** The command line of each process, "" for one that ended. */
export function commandsOf(pids: readonly number[]): string[] {
  return pids.map((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      return "";
    }
  });
}

export interface NpmOnCopy {
  copy: string;
  pid: number;
  /** All it printed so far, stdout and stderr together. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL to it and everything under it, and the copy removed (afterAll). */
  kill(): void;
}

/**
 * Runs `npm <args>` on a fresh copy and waits (up to five minutes: wrangler dev, migrations, the OCR
 * models on a loaded machine) until it prints the demo API key; throws with its last output otherwise.
 */
export async function npmOnCopy(args: string[], env: Record<string, string>, prefix: string): Promise<NpmOnCopy> {
  const root = process.cwd();
  const copy = fs.mkdtempSync(`${os.tmpdir()}/${prefix}-`);
  spawnSync("sh", ["-c", `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${copy}`], { cwd: root, stdio: "inherit" });
  fs.symlinkSync(`${root}/node_modules`, `${copy}/node_modules`);
  // Its own process group, so that whatever the test leaves behind can be stopped in afterAll.
  const npm = spawn("npm", args, {
    cwd: copy,
    env: { ...process.env, ...env, SWEEP_EVERY_SECONDS: "0", WRANGLER_SEND_METRICS: "false" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (d) => (output += String(d)));
  npm.stderr.on("data", (d) => (output += String(d)));
  let ended = false;
  const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => ((ended = true), resolve(code))));
  const kill = () => {
    for (const pid of [npm.pid, ...descendants(npm.pid)]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(copy, { recursive: true, force: true });
  };
  for (let i = 0; i < 1200 && !ended && !/Demo API key: rk_v1_\w+/.test(output); i++) await new Promise((r) => setTimeout(r, 250));
  if (!/Demo API key/.test(output)) {
    kill();
    throw new Error(`npm ${args.join(" ")} did not come up:\n${output.slice(-3000)}`);
  }
  return { copy, pid: npm.pid, output: () => output, exited, kill };
}
