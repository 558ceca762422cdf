#!/usr/bin/env node
/**
 * npm start: apply the D1 migrations locally, serve the API with `wrangler dev` on
 * http://127.0.0.1:8787 (sandbox upstream), and make sure a demo account on the professional plan
 * exists, printing its API key. Idempotent: the demo key is kept in .wrangler/demo.json and reused
 * while it still works.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { startOcrService } from "./ocr-sidecar.mjs";

const PORT = process.env.PORT ?? "8787";
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_FILE = ".wrangler/demo.json";
const extraArgs = process.argv.slice(2);
// No telemetry or update checks: local runs need no network.
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

function ensureDevVars() {
  if (existsSync(".dev.vars")) return readFileSync(".dev.vars", "utf8").match(/^ADMIN_TOKEN=(.*)$/m)?.[1]?.trim();
  const token = `adm_${randomBytes(18).toString("hex")}`;
  writeFileSync(".dev.vars", `ADMIN_TOKEN=${token}\nUPSTREAM_TOKEN=local-gateway-token\n`);
  return token;
}

function wrangler(args, options = {}) {
  return spawnSync("npx", ["wrangler", ...args], { stdio: "inherit", env: quietEnv, ...options });
}

async function waitForServer(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      const res = await fetch(`${BASE}/api/open/v1/openapi.json`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not come up");
}

async function adminCall(token, method, path, body) {
  const res = await fetch(`${BASE}/api/admin/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function ensureDemoAccount(token) {
  if (existsSync(DEMO_FILE)) {
    const demo = JSON.parse(readFileSync(DEMO_FILE, "utf8"));
    const res = await fetch(`${BASE}/api/open/v1/account/entitlements`, { headers: { "X-Api-Key": demo.key } });
    if (res.ok) return demo;
  }
  const account = await adminCall(token, "POST", "/accounts", { name: "Demo account" });
  await adminCall(token, "POST", `/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
  const key = await adminCall(token, "POST", `/accounts/${account.id}/keys`, { name: "demo" });
  const demo = { accountId: account.id, key: key.key };
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(DEMO_FILE, JSON.stringify(demo, null, 2));
  return demo;
}

const adminToken = ensureDevVars();
const migrated = wrangler(["d1", "migrations", "apply", "DB", "--local"], { env: { ...quietEnv, CI: "true" } });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const ocr = startOcrService();
const child = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", PORT, "--var", `OCR_URL:${ocr.url}`, ...extraArgs], { stdio: "inherit", env: quietEnv });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => { ocr.stop(); child.kill(signal); });
child.on("exit", (code) => { ocr.stop(); process.exit(code ?? 0); });

try {
  await waitForServer(child);
  const demo = await ensureDemoAccount(adminToken);
  console.log(`
────────────────────────────────────────────────────────────────
 Registry API on ${BASE}/api/open/v1 (sandbox upstream)
 Demo account ${demo.accountId} (professional plan)
 Demo API key: ${demo.key}
 Admin token (management API): see .dev.vars
 ${await ocr.ready}
 Try: curl -H "X-Api-Key: ${demo.key}" ${BASE}/api/open/v1/account/entitlements
────────────────────────────────────────────────────────────────
`);
} catch (error) {
  console.error(`start failed: ${error.message}`);
  ocr.stop();
  child.kill("SIGTERM");
  process.exit(1);
}
