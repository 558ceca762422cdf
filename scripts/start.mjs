#!/usr/bin/env node
/**
 * npm start: apply the D1 migrations locally (the shared DB and every shard), serve the API with `wrangler dev` on
 * http://127.0.0.1:8787 (sandbox upstream), and make sure a demo account on the professional plan
 * exists with an API key and a console owner, printing the key and the owner's sign-in. Idempotent: both
 * are kept in .wrangler/demo.json and reused while they still work (scripts/demo-account.mjs). A ticker
 * runs the production cron's recovery sweep every minute (scripts/sweep-ticker.mjs). Ctrl-C or SIGTERM stops every process it started.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ensureDemo } from "./demo-account.mjs";
import { startOcrService } from "./ocr-sidecar.mjs";
import { d1BindingNames } from "./shard-bindings.mjs";
import { startSweepTicker, sweepInterval } from "./sweep-ticker.mjs";
import { withoutLines } from "./start-output.mjs";

const PORT = process.env.PORT ?? "8787";
const BASE = `http://127.0.0.1:${PORT}`;
const WRANGLER = new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url).pathname;
const extraArgs = process.argv.slice(2);
// No telemetry or update checks: local runs need no network. CLOUDFLARE_CF_FETCH_ENABLED=false: Miniflare
// would fetch workers.cloudflare.com/cf.json for Request.cf and print an ENOTFOUND stack trace offline;
// the placeholder it falls back to is all the API needs (it reads nothing of request.cf).
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/**
 * Every process this one started, stopped on SIGINT, SIGTERM or SIGHUP, and when this process is left
 * behind by its parent (npm, or the shell npm runs it in, killed without passing the signal on: its
 * parent id changes). Installed before anything starts, so a signal during the migrations stops them too.
 */
const running = new Set();
let stopTicker = () => {};
let stopOcr = () => {};
let stopping = false;
function stopAll(signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  stopTicker();
  stopOcr();
  for (const child of running) {
    try {
      // Detached children lead a process group of their own: signal the group (wrangler → workerd).
      process.kill(-child.pid, signal);
    } catch {
      // already gone: nothing to stop
    }
  }
  if (running.size === 0) process.exit(signal === "SIGINT" ? 130 : 143);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopAll(signal === "SIGHUP" ? "SIGTERM" : signal));
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stopAll(), 1000).unref();

/**
 * Starts wrangler in a process group of its own (wrangler → workerd: signalling wrangler alone left
 * workerd running). Being a background group, it must not read the terminal: stdin is closed.
 */
function startWrangler(args, { quiet = false, filter } = {}) {
  const child = spawn(process.execPath, [WRANGLER, ...args], {
    stdio: ["ignore", quiet || filter ? "pipe" : "inherit", quiet || filter ? "pipe" : "inherit"],
    env: { ...quietEnv, ...(filter && process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) },
    detached: true,
  });
  running.add(child);
  let output = "";
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
  if (filter) {
    child.stdout.pipe(filter()).pipe(process.stdout);
    child.stderr.pipe(filter()).pipe(process.stderr);
  }
  const exited = new Promise((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve({ code: code ?? 1, output });
    }),
  );
  return { child, exited };
}

/**
 * The local secrets in .dev.vars: written on the first start, and completed on a later one when a
 * secret the Worker now reads is missing (an existing value is never replaced). Returns the admin token.
 */
function ensureDevVars() {
  const text = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  const secrets = {
    ADMIN_TOKEN: () => `adm_${randomBytes(18).toString("hex")}`,
    UPSTREAM_TOKEN: () => "local-gateway-token",
    // Seals the console's TOTP secrets (docs/operations.md); a new one would leave enrolled users unable to sign in.
    CONSOLE_SECRET_KEY: () => randomBytes(32).toString("base64"),
  };
  const missing = Object.entries(secrets).filter(([name]) => !new RegExp(`^${name}=`, "m").test(text));
  if (missing.length > 0) {
    const separator = text && !text.endsWith("\n") ? "\n" : "";
    writeFileSync(".dev.vars", `${text}${separator}${missing.map(([name, value]) => `${name}=${value()}\n`).join("")}`);
  }
  return readFileSync(".dev.vars", "utf8")
    .match(/^ADMIN_TOKEN=(.*)$/m)?.[1]
    ?.trim();
}

/** A line naming the upstream, when a wrapper (scripts/start-direct.mjs) gives one. */
function upstreamLine() {
  return process.env.START_UPSTREAM_LINE ? `\n ${process.env.START_UPSTREAM_LINE}` : "";
}

async function waitForServer(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      const res = await fetch(`${BASE}/api/open/v1/openapi.json`);
      if (res.ok) return;
    } catch {
      // not listening yet: poll again
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not come up");
}

const adminToken = ensureDevVars();
// Every D1 binding: the shared DB (migrations/) and each shard (migrations/shard/), one apply each. Wrangler
// prints a table per migration applied; one line per database says the same.
for (const binding of d1BindingNames()) {
  const { code, output } = await startWrangler(["d1", "migrations", "apply", binding, "--local"], { quiet: true }).exited;
  if (stopping) process.exit(143);
  if (code !== 0) {
    process.stderr.write(output);
    process.exit(code);
  }
  const applied = output.match(/About to apply (\d+) migration/)?.[1];
  console.log(`D1 ${binding}: ${applied ? `${applied} migration(s) applied` : "up to date"}`);
}

const ocr = startOcrService();
stopOcr = ocr.stop;
// The sweep ticker (below) does what wrangler dev's warning about cron triggers asks for: not shown.
const { child, exited } = startWrangler(
  ["dev", "--ip", "127.0.0.1", "--port", PORT, "--var", `OCR_URL:${ocr.url}`, "--show-interactive-dev-session=false", ...extraArgs],
  { filter: () => withoutLines(/Scheduled Workers are not automatically triggered/) },
);
exited.then(({ code }) => {
  stopAll();
  process.exit(code);
});

try {
  await waitForServer(child);
  const demo = await ensureDemo(BASE, adminToken);
  stopTicker = startSweepTicker(BASE);
  const every = sweepInterval();
  console.log(`
────────────────────────────────────────────────────────────────
 Registry API on ${BASE}/api/open/v1 (${process.env.START_UPSTREAM_LABEL ?? "sandbox upstream"})${upstreamLine()}
 Demo account ${demo.accountId} (professional plan)
 Demo API key: ${demo.key}
 Console: ${BASE}/console/
 Console sign-in: ${demo.owner.email} / ${demo.owner.password} (the demo owner; kept in .wrangler/demo.json)
 Admin token (management API): see .dev.vars
 Recovery sweep (the production cron): ${every > 0 ? `every ${every} s` : "off"} (SWEEP_EVERY_SECONDS)
 ${await ocr.ready}
 Try: curl -H "X-Api-Key: ${demo.key}" ${BASE}/api/open/v1/account/entitlements
────────────────────────────────────────────────────────────────
`);
} catch (error) {
  console.error(`start failed: ${error.message}`);
  stopAll();
  process.exitCode = 1;
}
