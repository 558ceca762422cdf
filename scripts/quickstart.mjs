#!/usr/bin/env node
/**
 * The README's quickstart, run as a newcomer would run it: a fresh copy of the repository (its own
 * .wrangler state, .dev.vars and demo key), `npm start` on a free port, then every command of the
 * README's walkthrough sections in one bash session, in order. The placeholders a reader fills in by
 * hand (`rk_v1_...`, `qry_...`, `reg_...`, `doc_...`, `chk_...`) get the id the earlier output printed
 * first, and each ```text block of the README must be found in the output of the command just above
 * it: line by line, in order, ids and timestamps aside, `…` standing for anything. So every command
 * and every number the README shows is checked. Then every code sample of the OpenAPI document runs
 * against the same server (scripts/check-samples.mjs). Run by .ci/run.
 *
 *   node scripts/quickstart.mjs     (Node 22.18+: npx node …; the first free port from 18642, or QUICKSTART_PORT;
 *                                    QUICKSTART_LOG=file keeps the server's output)
 */
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSamples } from "./check-samples.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The README sections that are walkthroughs: every shell block in them is run. */
const SECTIONS = ["Quickstart", "Walkthrough (curl)"];
/** Ports this script may take (QUICKSTART_PORT to pin one): the first free one is used. */
const PORTS = process.env.QUICKSTART_PORT ? [Number(process.env.QUICKSTART_PORT)] : Array.from({ length: 58 }, (_, i) => 18642 + i);
let PORT = PORTS[0];
const README_ORIGIN = "127.0.0.1:8787";
const ID = /\b(rk_v1|qry|reg|doc|chk|crt|ev|acc|req|dv)_[A-Za-z0-9]+/g;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+08:00/g;
const COMMAND_DEADLINE_MS = 5 * 60_000;

/** The README's walkthrough as steps: shell commands, each with the output the README shows after it (if any). */
export function walkthrough(readme) {
  const steps = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => ({ at: m.index, title: m[1].trim() }));
  for (const match of readme.matchAll(fence)) {
    const section = headings.filter((h) => h.at < match.index).at(-1)?.title ?? "";
    if (!SECTIONS.includes(section)) continue;
    const [, lang, body] = match;
    if (lang === "sh") {
      // A line ending in a backslash continues on the next; comments after a command are the reader's.
      const joined = body.replace(/\\\n\s*/g, "");
      for (const line of joined.split("\n"))
        if (line.trim() && !line.trim().startsWith("#")) steps.push({ command: line.trim(), expected: null, section });
    } else if (lang === "text") {
      const last = steps.at(-1);
      if (!last || last.expected) throw new Error(`README: a text block in "${section}" follows no command`);
      last.expected = body.split("\n").filter((l) => l.trim());
    }
  }
  return steps;
}

const normalise = (line) =>
  line
    .replace(ID, (id) => `${id.slice(0, id.lastIndexOf("_"))}_*`)
    .replace(TIME, "<time>")
    .replace(/\s+/g, " ")
    .trim();

/** Each expected line, in order, in some output line; `…` in an expected line stands for anything. */
export function missingLines(expected, output) {
  const lines = output.split("\n").map(normalise);
  const missing = [];
  let from = 0;
  for (const want of expected) {
    const parts = normalise(want)
      .split("…")
      .map((p) => p.trim())
      .filter(Boolean);
    const found = lines.findIndex((line, i) => {
      if (i < from) return false;
      let at = 0;
      for (const part of parts) {
        const k = line.indexOf(part, at);
        if (k < 0) return false;
        at = k + part.length;
      }
      return true;
    });
    if (found < 0) missing.push(want);
    else from = found + 1;
  }
  return missing;
}

/** One bash for all commands: variables set by one step are there for the next, as in a terminal. */
function shell(cwd, env) {
  const bash = spawn("bash", ["--noprofile", "--norc"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  let buffer = "";
  bash.stdout.on("data", (d) => (buffer += d));
  bash.stderr.on("data", (d) => (buffer += d));
  bash.stdin.write("exec 2>&1\n");
  let n = 0;
  return {
    async run(command) {
      const marker = `__quickstart_done_${++n}__`;
      buffer = "";
      bash.stdin.write(`${command}\necho; echo "${marker} $?"\n`);
      const deadline = Date.now() + COMMAND_DEADLINE_MS;
      for (;;) {
        const at = buffer.indexOf(marker);
        if (at >= 0) {
          const status = Number(/\s(\d+)/.exec(buffer.slice(at + marker.length))?.[1] ?? 1);
          return { output: buffer.slice(0, at), status };
        }
        if (Date.now() > deadline) throw new Error(`no end after ${COMMAND_DEADLINE_MS / 1000} s: ${command}\n${buffer}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => bash.kill("SIGTERM"),
  };
}

/** `npm start` in the copy, its process group ours to stop; resolves once it printed the demo key. */
function startServer(cwd, env) {
  const server = spawn("npm", ["start"], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const log = (d) => {
    output += d;
    if (process.env.QUICKSTART_LOG) appendFileSync(process.env.QUICKSTART_LOG, d);
  };
  server.stdout.on("data", log);
  server.stderr.on("data", log);
  const ready = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Demo API key: rk_v1_\w+/.test(output)) {
        clearInterval(timer);
        resolve(output);
      }
    }, 100);
    server.on("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`npm start exited (${code}) before printing the demo key:\n${output.slice(-3000)}`));
    });
  });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone: nothing to stop
    }
  };
  return { ready, stop, output: () => output };
}

/** The placeholders a reader fills in: the first id of that kind the earlier outputs printed (latest output first). */
function fillIn(command, outputs) {
  return command.replace(/\b(rk_v1|qry|reg|doc|chk)_\.\.\./g, (placeholder, kind) => {
    for (const output of [...outputs].reverse()) {
      const id = new RegExp(`\\b${kind}_[A-Za-z0-9]{6,}`).exec(output)?.[0];
      if (id) return id;
    }
    throw new Error(`README: "${command}" needs a ${kind}_ id that no earlier output printed`);
  });
}

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function main() {
  PORT = (await Promise.all(PORTS.map(async (port) => ((await isFree(port)) ? port : null)))).find((port) => port !== null);
  if (!PORT) throw new Error(`no free port among ${PORTS[0]}–${PORTS.at(-1)}`);
  const copy = mkdtempSync(join(tmpdir(), "quickstart-"));
  const env = {
    ...process.env,
    PORT: String(PORT),
    WRANGLER_SEND_METRICS: "false",
    NO_UPDATE_NOTIFIER: "1",
    REGISTRY_API_URL: `http://127.0.0.1:${PORT}`,
  };
  delete env.REGISTRY_API_KEY;
  // A fresh clone: the tracked files only, no .wrangler state, no .dev.vars, no demo key.
  spawnSync("sh", ["-c", `git ls-files -z | xargs -0 tar -cf - | tar -xf - -C ${copy}`], { cwd: ROOT, stdio: "inherit" });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  const steps = walkthrough(readFileSync(join(ROOT, "README.md"), "utf8"));
  let server;
  const bash = shell(copy, env);
  const outputs = [];
  const failures = [];
  const started = Date.now();
  try {
    for (const step of steps) {
      if (step.command === "npm install") continue; // CI ran `npm ci`; the copy shares its node_modules
      let output;
      if (step.command === "npm start") {
        server = startServer(copy, env);
        output = await server.ready;
      } else {
        const command = fillIn(step.command, outputs).replaceAll(README_ORIGIN, `127.0.0.1:${PORT}`);
        const result = await bash.run(command);
        output = result.output;
        if (result.status !== 0) failures.push(`exit ${result.status}: ${step.command}\n${output}`);
      }
      outputs.push(output);
      const expected = step.expected?.map((line) => line.replaceAll(README_ORIGIN, `127.0.0.1:${PORT}`));
      const missing = expected ? missingLines(expected, output) : [];
      if (missing.length > 0) failures.push(`README shows, after "${step.command}":\n  ${missing.join("\n  ")}\nbut the output was:\n${output}`);
      console.log(
        `${missing.length === 0 ? "ok  " : "FAIL"} ${step.command.slice(0, 110)}${step.expected ? ` (${step.expected.length} lines compared)` : ""}`,
      );
    }
    console.log(`quickstart: ${steps.length} README commands in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const key = /Demo API key: (rk_v1_\w+)/.exec(server?.output() ?? "")?.[1];
    if (!key) throw new Error("README: the walkthrough never ran npm start");
    const samples = await checkSamples({ baseUrl: `http://127.0.0.1:${PORT}`, apiKey: key });
    failures.push(...samples.failures);
  } finally {
    bash.close();
    server?.stop();
    // wrangler's workerd needs a moment to let go of the state before the copy goes.
    await new Promise((r) => setTimeout(r, 500));
    rmSync(copy, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} problem(s):\n\n${failures.join("\n\n")}`);
    process.exit(1);
  }
  console.log("quickstart: every README command ran and printed what the README shows; every code sample ran");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
