/**
 * @module The demo account npm start makes sure of (scripts/start.mjs): an account on the professional
 * plan with an API key, and an owner who signs in to the console. Both are made once and kept in
 * .wrangler/demo.json (git-ignored, beside the local D1 state they live in): the key and the owner's
 * password are generated on the first start and shown again on every start from that file, so a
 * restart reuses them and never makes a second owner. A state wiped under a kept file (the key no
 * longer works) makes a new account, and a new owner in it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const DEMO_FILE = ".wrangler/demo.json";
/** A documentation address (RFC 2606): nothing is ever sent to it. */
export const DEMO_OWNER_EMAIL = "owner@demo.example";

function managementApi(base, adminToken) {
  return async (method, path, body) => {
    const res = await fetch(`${base}/api/admin/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

function readDemo(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

function writeDemo(file, demo) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`);
}

async function ensureAccount(base, call, kept) {
  if (kept?.key) {
    const res = await fetch(`${base}/api/open/v1/account/entitlements`, { headers: { "X-Api-Key": kept.key } });
    if (res.ok) return kept;
  }
  const account = await call("POST", "/accounts", { name: "Demo account" });
  await call("POST", `/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
  const key = await call("POST", `/accounts/${account.id}/keys`, { name: "demo" });
  return { accountId: account.id, key: key.key };
}

/**
 * The owner, invited by the operator and activated with the kept password. An email already taken by a
 * user who never became active (a start stopped between the invitation and its acceptance: the token
 * is gone) is left alone and the next numbered address used.
 */
async function ensureOwner(base, call, accountId, kept) {
  const users = (await call("GET", `/accounts/${accountId}/users`)).items;
  if (kept?.email && kept.password && users.some((u) => u.email === kept.email && u.status === "active")) return kept;
  const password = kept?.password ?? randomBytes(12).toString("base64url");
  const taken = new Set(users.map((u) => u.email));
  let email = DEMO_OWNER_EMAIL;
  for (let n = 2; taken.has(email); n++) email = DEMO_OWNER_EMAIL.replace("@", `+${n}@`);
  const invited = await call("POST", `/accounts/${accountId}/users`, { email, name: "Demo owner", role: "owner" });
  const token = new URL(invited.inviteUrl).hash.slice(1);
  const res = await fetch(`${base}/api/console/v1/invites/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`accepting the demo owner's invitation: ${res.status} ${await res.text()}`);
  return { email, password };
}

/** The demo account, key and console owner, made if missing and kept in `file`. */
export async function ensureDemo(base, adminToken, file = DEMO_FILE) {
  const call = managementApi(base, adminToken);
  const kept = readDemo(file);
  const account = await ensureAccount(base, call, kept);
  const sameAccount = kept?.accountId === account.accountId;
  const owner = await ensureOwner(base, call, account.accountId, sameAccount ? kept.owner : undefined);
  const demo = { accountId: account.accountId, key: account.key, owner };
  if (JSON.stringify(demo) !== JSON.stringify(kept)) writeDemo(file, demo);
  return demo;
}
