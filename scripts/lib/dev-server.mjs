/**
 * `wrangler dev` for a benchmark: a free port on 127.0.0.1, its own --persist-to directory, migrations
 * applied, and a frozen copy of the tracked sources (wrangler dev reloads on every file change, and a
 * reload loses its in-memory local queue). Removed again when the process exits.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1BindingNames } from "../shard-bindings.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `port` pins the port (an engineer's own range on a shared machine); `source: "HEAD"` serves the last
 * commit instead of the working tree's tracked files (a tree others are editing may not build);
 * `inspectorPort` pins wrangler's DevTools port (else its default 9229, which two servers cannot share).
 * @param {{ name: string, vars?: Record<string, string>, port?: number, inspectorPort?: number, source?: "worktree" | "HEAD" }} options
 * @returns {Promise<{ base: string, admin: string, stop: () => void, call: Function }>}
 */
export async function startDevServer({ name, vars = {}, port: pinnedPort, inspectorPort, source = "worktree" }) {
  const admin = `bench-admin-${crypto.randomUUID()}`;
  const port = pinnedPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  const state = mkdtempSync(join(tmpdir(), `bench-${name}-state-`));
  const snapshot = mkdtempSync(join(tmpdir(), `bench-${name}-src-`));
  // The server's output goes to BENCH_LOG when set (diagnosing a run), else nowhere.
  const logFile = () => (process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "a") : "ignore");
  const copy = source === "HEAD" ? `git archive HEAD | tar -xf - -C ${snapshot}` : `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${snapshot}`;
  spawnSync("sh", ["-c", copy], { stdio: "inherit" });
  symlinkSync(join(process.cwd(), "node_modules"), join(snapshot, "node_modules"));
  // Every D1 of the snapshot's wrangler.toml: the shared DB and each shard (an older commit may have DB only).
  for (const binding of d1BindingNames(snapshot))
    spawnSync("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", state], { env, stdio: "ignore", cwd: snapshot });
  const varArgs = Object.entries({ ADMIN_TOKEN: admin, ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const inspectorArgs = inspectorPort ? ["--inspector-port", String(inspectorPort)] : [];
  const server = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), ...inspectorArgs, "--persist-to", state, ...varArgs], {
    env,
    stdio: ["ignore", logFile(), logFile()],
    detached: true,
    cwd: snapshot,
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone: nothing to stop */
    }
    rmSync(state, { recursive: true, force: true });
    rmSync(snapshot, { recursive: true, force: true });
  };
  process.on("exit", stop);
  process.on("SIGINT", () => process.exit(130));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/open/v1/openapi.json`)).ok) break;
    } catch {
      /* not listening yet: poll again */
    }
    if (i > 240) {
      // Nobody gets a handle on a server that never answered: stop it here, or it outlives the caller.
      stop();
      throw new Error("wrangler dev did not start");
    }
    await sleep(500);
  }

  /** JSON call with the demo conventions: API key, admin token, a fresh Idempotency-Key per creation. */
  async function call(path, { method = "GET", json, key, admin: asAdmin, headers = {} } = {}) {
    const h = { ...headers };
    if (json !== undefined) h["Content-Type"] = "application/json";
    if (key) h["X-Api-Key"] = key;
    if (asAdmin) h.Authorization = `Bearer ${admin}`;
    if (method === "POST" && key) h["Idempotency-Key"] = crypto.randomUUID();
    const res = await fetch(`${base}${path}`, { method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let body = null;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      /* not JSON: body stays null, the caller has the bytes */
    }
    return { status: res.status, body, bytes };
  }

  return { base, admin, stop, call, pid: server.pid, state };
}
