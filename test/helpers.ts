/** @module Test helpers: every test file makes its own accounts and keys (storage is per file). */
import { exports } from "cloudflare:workers";
import type { ErrorBody } from "../worker/schemas/error";
import { FIELD_CODES } from "../worker/errors";
import { allShards, findAccountShard, shardOf } from "../worker/db/shards";
import { checkResponseShape } from "./response-shapes";

export const ADMIN_TOKEN = "test-admin-token";
export const BASE = "http://api.test";

/** Sends a request to the Worker; a JSON answer must be the shape its route documents for the status (response-shapes.ts). */
export async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const request = new Request(`${BASE}${path}`, { ...init, headers, body });
  const res = await exports.default.fetch(request);
  await checkResponseShape(request.method, request.url, res);
  return res;
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
  // A key needs a subscription in force when it is made; without a plan, the one it was made under is
  // ended at once in D1 afterwards (a short subscription raced key creation on a loaded machine).
  await adminJson(`/accounts/${account.id}/subscriptions`, { method: "POST", json: { planId: plan ?? "light", cycle: "monthly" } });
  const key = await adminJson<{ key: string; id: string }>(`/accounts/${account.id}/keys`, { method: "POST", json: {} });
  if (!plan) {
    const { env } = await import("cloudflare:workers");
    const ended = Date.now() - 1;
    await env.DB.batch([
      env.DB.prepare("UPDATE subscriptions SET ends_at = ? WHERE account_id = ?").bind(ended, account.id),
      env.DB.prepare("UPDATE allowance_buckets SET expires_at = ? WHERE account_id = ? AND subscription_id IS NOT NULL").bind(ended, account.id),
    ]);
  }
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
    const row = await env.DB.prepare("SELECT processing_completed_at FROM checks WHERE id = ?")
      .bind(checkId)
      .first<{ processing_completed_at: number | null }>();
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

export type ErrorEnvelope = ErrorBody;

const FIELD_ERROR_CODES: readonly string[] = FIELD_CODES;

/**
 * Asserts the one error envelope (open-api-v1.md, Errors): status and code, exactly
 * {code, message, requestId[, details: {fields: [{path, code, message}]}]}, requestId equal to the
 * X-Request-Id header, and none of `mustNotEcho` (submitted values, keys) anywhere in the body.
 */
export async function expectError(res: Response, status: number, code: string, mustNotEcho: readonly string[] = []): Promise<ErrorEnvelope> {
  const { expect } = await import("vitest");
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("Content-Type") ?? "").toMatch(/^application\/json/);
  const parsed = JSON.parse(text) as ErrorEnvelope;
  const keys = Object.keys(parsed).sort();
  expect(keys).toEqual(parsed.details === undefined ? ["code", "message", "requestId"] : ["code", "details", "message", "requestId"]);
  expect(parsed.code).toBe(code);
  expect(typeof parsed.message).toBe("string");
  expect(parsed.message.length).toBeGreaterThan(0);
  expect(parsed.requestId).toBeTruthy();
  expect(parsed.requestId).toBe(res.headers.get("X-Request-Id"));
  if (parsed.details !== undefined) {
    expect(Object.keys(parsed.details)).toEqual(["fields"]);
    expect(parsed.details.fields.length).toBeGreaterThan(0);
    for (const field of parsed.details.fields) {
      expect(Object.keys(field).sort()).toEqual(["code", "message", "path"]);
      expect(FIELD_ERROR_CODES).toContain(field.code);
      expect(typeof field.path).toBe("string");
      expect(field.message.length).toBeGreaterThan(0);
    }
  }
  // The request id is ours and random: a short client value can appear in it by chance.
  const ownText = text.replace(parsed.requestId, "");
  for (const value of mustNotEcho) expect(ownText).not.toContain(value);
  return parsed;
}

/** The query's row as the pipeline left it (D1, not the rate-limited API). */
export async function queryRow(
  queryId: string,
): Promise<Record<string, unknown> & { status: string; execution_status: string; completed_at: number | null }> {
  const { env } = await import("cloudflare:workers");
  const row = await env.DB.prepare("SELECT * FROM queries WHERE id = ?")
    .bind(queryId)
    .first<Record<string, unknown> & { status: string; execution_status: string; completed_at: number | null }>();
  if (!row) throw new Error(`no query ${queryId}`);
  return row;
}

/** The allowance ledger entries of a task, oldest first. */
export async function ledgerOf(taskId: string): Promise<string[]> {
  const { env } = await import("cloudflare:workers");
  const { results } = await env.DB.prepare("SELECT entry FROM allowance_ledger WHERE task_id = ? ORDER BY created_at, entry = 'reserve' DESC")
    .bind(taskId)
    .all<{ entry: string }>();
  return results.map((r) => r.entry);
}

/** The tables each shard D1 holds (worker/db/schema/shard.ts); every other table is in the shared D1 (env.DB). */
export const SHARD_TABLES: ReadonlySet<string> = new Set(["registrations", "documents", "check_results", "evidence", "manual_reviews"]);

/** COUNT(*) of a table under a WHERE clause: in the shared D1, or summed over every shard for a shard table. */
export async function countRows(table: string, where: string, ...params: (string | number)[]): Promise<number> {
  const { env } = await import("cloudflare:workers");
  const dbs = SHARD_TABLES.has(table) ? allShards(env) : [env.DB];
  const counts = await Promise.all(
    dbs.map((db) =>
      db
        .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
        .bind(...params)
        .first<{ n: number }>(),
    ),
  );
  return counts.reduce((sum, row) => sum + (row?.n ?? 0), 0);
}

/** The shard D1 the account was placed on (its shard_directory entry, read from D1, not from a cache). */
export async function shardOfAccount(accountId: string): Promise<D1Database> {
  const { env } = await import("cloudflare:workers");
  const entry = await findAccountShard(env.DB, accountId);
  if (!entry) throw new Error(`account ${accountId} has no shard`);
  return shardOf(env, entry.index);
}

/** The shard D1 of the query's account: where its registrations and documents are. */
export async function shardOfQuery(queryId: string): Promise<D1Database> {
  const { env } = await import("cloudflare:workers");
  const row = await env.DB.prepare("SELECT account_id FROM queries WHERE id = ?").bind(queryId).first<{ account_id: string }>();
  if (!row) throw new Error(`no query ${queryId}`);
  return shardOfAccount(row.account_id);
}

/** The shard D1 of the check's account: where its results, evidence and reviews are. */
export async function shardOfCheck(checkId: string): Promise<D1Database> {
  const { env } = await import("cloudflare:workers");
  const row = await env.DB.prepare("SELECT account_id FROM checks WHERE id = ?").bind(checkId).first<{ account_id: string }>();
  if (!row) throw new Error(`no check ${checkId}`);
  return shardOfAccount(row.account_id);
}
