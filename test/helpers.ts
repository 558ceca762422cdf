/** @module Test helpers: every test file makes its own accounts and keys (storage is per file). */
import { exports } from "cloudflare:workers";

export const ADMIN_TOKEN = "test-admin-token";
export const BASE = "http://api.test";

export async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers, body }));
}

export async function admin(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${ADMIN_TOKEN}`);
  return call(`/api/admin/v1${path}`, { ...init, headers });
}

export async function open(path: string, key: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("X-Api-Key", key);
  return call(`/api/open/v1${path}`, { ...init, headers });
}

export async function adminJson<T = Record<string, unknown>>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const res = await admin(path, init);
  if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface TestAccount {
  accountId: string;
  key: string;
  keyId: string;
}

/** A fresh account with a subscription on `plan` (or none) and one key. */
export async function newAccount(plan: "light" | "professional" | "enterprise" | null = "professional"): Promise<TestAccount> {
  const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "测试账户" } });
  if (plan) await adminJson(`/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: plan, cycle: "monthly" } });
  else {
    // A key needs a subscription; give one that ends at once so the account is left without.
    await adminJson(`/accounts/${account.id}/subscriptions`, {
      method: "POST",
      json: { planId: "light", cycle: "monthly", startsAt: new Date(Date.now() - 2000).toISOString(), endsAt: new Date(Date.now() + 1500).toISOString() },
    });
  }
  const key = await adminJson<{ key: string; id: string }>(`/accounts/${account.id}/keys`, { method: "POST", json: {} });
  if (!plan) await new Promise((r) => setTimeout(r, 1600));
  return { accountId: account.id, key: key.key, keyId: key.id };
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Waits (reading D1, not the rate-limited API) until the query has finished. */
export async function waitForQuery(queryId: string, timeoutMs = 30_000): Promise<void> {
  const { env } = await import("cloudflare:workers");
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const row = await env.DB.prepare("SELECT completed_at FROM queries WHERE id = ?").bind(queryId).first<{ completed_at: number | null }>();
    if (row?.completed_at) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`query ${queryId} did not finish in ${timeoutMs} ms`);
}

/** Waits until the check's automatic processing is done. */
export async function waitForCheck(checkId: string, timeoutMs = 30_000): Promise<void> {
  const { env } = await import("cloudflare:workers");
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const row = await env.DB.prepare("SELECT processing_completed_at FROM checks WHERE id = ?").bind(checkId).first<{ processing_completed_at: number | null }>();
    if (row?.processing_completed_at) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`check ${checkId} did not finish in ${timeoutMs} ms`);
}

let keyCounter = 0;
export function idempotencyKey(): string {
  return `test-${Date.now()}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;
}

export async function createQueries(key: string, subjectNames: string[], idem = idempotencyKey()): Promise<Response> {
  return open("/queries", key, { method: "POST", json: { subjectNames }, headers: { "Idempotency-Key": idem } });
}
