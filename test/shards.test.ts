/**
 * Account sharding (docs/capacity.md section 3): accounts are placed on the smaller shard D1, an
 * account's registrations, documents, results, evidence and reviews live in its shard and nowhere
 * else, every read of an account on shard 1 works end to end, the key cache carries the shard (no
 * second D1 read), SHARDS must name bound databases, and a moving account creates nothing and its
 * pipeline steps wait. Local D1s throughout: wrangler.toml binds SHARD_0 and SHARD_1.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import { createApp } from "../worker/app";
import { checkShardBindings, ConfigError, parseConfig, readConfig } from "../worker/config";
import { insertQueryStatement, newQueryRecord } from "../worker/db/account-queries";
import { findAccountShard, forgetShard, pickShard, refreshShardSizes, setShardState, shardOf } from "../worker/db/shards";
import { newId } from "../worker/lib/ids";
import { accountGate } from "../worker/lib/gate";
import { forgetAccount } from "../worker/auth/key-cache";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import type { PipelineMessage } from "../queues/messages";
import type { Check, CheckResult, ResultPage } from "./api-types";
import {
  admin,
  body,
  countRows,
  createQueries,
  expectError,
  idempotencyKey,
  newAccount,
  open,
  queryRow,
  waitForCheck,
  waitForQuery,
  type TestAccount,
} from "./helpers";

const SUBJECT = "深圳前海示例商业保理有限公司";
const SHARD_TABLE_KEYS: Record<string, string> = {
  registrations: "query_id",
  documents: "query_id",
  check_results: "check_id",
  evidence: "check_id",
};

async function shardIndexOf(accountId: string): Promise<number> {
  const entry = await findAccountShard(env.DB, accountId);
  if (!entry) throw new Error(`no directory entry for ${accountId}`);
  return entry.index;
}

/** A new account placed on shard `want` (accounts alternate while the shards are unmeasured). */
async function accountOn(want: number): Promise<TestAccount> {
  for (let i = 0; i < 4; i++) {
    const a = await newAccount("enterprise");
    if ((await shardIndexOf(a.accountId)) === want) return a;
  }
  throw new Error(`no account landed on shard ${want}`);
}

async function count(db: D1Database, table: string, id: string): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${SHARD_TABLE_KEYS[table]} = ?`).bind(id).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A D1 binding that records the SQL it is asked to prepare, passing every call through to the real one. */
function recording(real: D1Database, log: string[]): D1Database {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property === "prepare")
        return (sql: string) => {
          log.push(sql);
          return target.prepare(sql);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("placement", () => {
  it("spreads new accounts over both shards, and every account has exactly one directory entry", async () => {
    const accounts = [await newAccount(), await newAccount(), await newAccount(), await newAccount()];
    const shards = await Promise.all(accounts.map((a) => shardIndexOf(a.accountId)));
    expect(new Set(shards)).toEqual(new Set([0, 1]));
    const entries = await env.DB.prepare("SELECT COUNT(*) AS n FROM shard_directory WHERE account_id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(accounts.map((a) => a.accountId)))
      .first<{ n: number }>();
    expect(entries?.n).toBe(4);
  });

  it("picks the shard with fewer bytes, then fewer accounts, then the lower index", () => {
    expect(
      pickShard(
        2,
        new Map([
          [0, 9_000],
          [1, 100],
        ]),
        new Map([
          [0, 1],
          [1, 50],
        ]),
      ),
    ).toBe(1);
    expect(
      pickShard(
        2,
        new Map([
          [0, 100],
          [1, 100],
        ]),
        new Map([
          [0, 3],
          [1, 2],
        ]),
      ),
    ).toBe(1);
    expect(
      pickShard(
        2,
        new Map(),
        new Map([
          [0, 2],
          [1, 2],
        ]),
      ),
    ).toBe(0);
    // A shard not measured yet counts as empty.
    expect(
      pickShard(
        3,
        new Map([
          [0, 10],
          [1, 10],
        ]),
        new Map(),
      ),
    ).toBe(2);
  });

  it("places a new account on the smaller shard as the sweep measured them", async () => {
    const now = Date.now();
    const setSizes = (zero: number, one: number) =>
      env.DB.batch([
        env.DB.prepare("INSERT OR REPLACE INTO shard_sizes (shard, bytes, measured_at) VALUES (0, ?, ?)").bind(zero, now),
        env.DB.prepare("INSERT OR REPLACE INTO shard_sizes (shard, bytes, measured_at) VALUES (1, ?, ?)").bind(one, now),
      ]);
    await setSizes(50_000_000, 1_000);
    expect(await shardIndexOf((await newAccount()).accountId)).toBe(1);
    await setSizes(1_000, 50_000_000);
    expect(await shardIndexOf((await newAccount()).accountId)).toBe(0);
    await env.DB.prepare("DELETE FROM shard_sizes").run();
  });

  it("the sweep measures every shard (D1's own size) into shard_sizes", async () => {
    const sizes = await refreshShardSizes(env, Date.now());
    expect([...sizes.keys()]).toEqual([0, 1]);
    for (const bytes of sizes.values()) expect(bytes).toBeGreaterThan(0);
    const { results } = await env.DB.prepare("SELECT shard, bytes FROM shard_sizes ORDER BY shard").all<{ shard: number; bytes: number }>();
    expect(results).toEqual([...sizes].map(([shard, bytes]) => ({ shard, bytes })));
    await env.DB.prepare("DELETE FROM shard_sizes").run();
  });
});

describe("an account on shard 1", () => {
  it("query → registrations → check → results → evidence → document content, all from its shard and absent from the other", async () => {
    const a = await accountOn(1);
    const res = await open("/checks", a.key, {
      method: "POST",
      json: { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "保理" }] },
      headers: { "Idempotency-Key": idempotencyKey() },
    });
    expect(res.status).toBe(202);
    const created = await body<Check>(res);
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);

    const query = await body<{ registrationCount: number; processedDocumentCount: number; status: string }>(
      await open(`/queries/${created.sourceRegistryQueryId}`, a.key),
    );
    expect(query.registrationCount).toBe(sandboxRegistry.listing(SUBJECT).length);
    expect(query.processedDocumentCount).toBe(query.registrationCount);
    const regs = await body<{ items: Array<{ id: string; documents: Array<{ id: string; kind: string }> }> }>(
      await open(`/queries/${created.sourceRegistryQueryId}/registrations?pageSize=100`, a.key),
    );
    expect(regs.items).toHaveLength(query.registrationCount);
    const detail = await open(`/queries/${created.sourceRegistryQueryId}/registrations/${regs.items[0]!.id}`, a.key);
    expect(detail.status).toBe(200);

    const results = await body<ResultPage>(await open(`/checks/${created.id}/results?pageSize=100`, a.key));
    expect(results.total).toBe(query.registrationCount);
    const check = await body<Check>(await open(`/checks/${created.id}`, a.key));
    expect(check.candidateCount).toBeGreaterThan(0);
    const matched = (await body<ResultPage>(await open(`/checks/${created.id}/results?matchStatus=matched`, a.key))).items as Array<{
      registration: { id: string };
    }>;
    const result = await body<CheckResult>(await open(`/checks/${created.id}/results/${matched[0]!.registration.id}`, a.key));
    expect(result.check!.evidence.length).toBeGreaterThan(0);
    const withDocument = result.check!.evidence.find((e) => e.documentId);
    expect(withDocument).toBeDefined();
    const content = await open(`/documents/${withDocument!.documentId}/content`, a.key);
    expect(content.status).toBe(200);
    expect((await content.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // A review goes to the check's account's shard too.
    const review = await admin(`/checks/${created.id}/results/${matched[0]!.registration.id}/review`, {
      method: "PUT",
      json: { decision: "confirmed", note: "分片核对" },
    });
    expect(review.status).toBe(200);
    expect((await body<Check>(await open(`/checks/${created.id}`, a.key))).confirmedRiskCount).toBe(1);
    // Not while the account is being moved: the write could land on a table already copied.
    await setShardState(env.DB, a.accountId, "moving");
    const refused = await admin(`/checks/${created.id}/results/${matched[0]!.registration.id}/review`, {
      method: "PUT",
      json: { decision: "false_positive", note: "迁移中" },
    });
    expect(refused.headers.get("Retry-After")).toBe("60");
    await expectError(refused, 503, "SERVICE_UNAVAILABLE");
    await setShardState(env.DB, a.accountId, "active");

    const [zero, one] = [shardOf(env, 0), shardOf(env, 1)];
    for (const [table, id] of [
      ["registrations", created.sourceRegistryQueryId],
      ["documents", created.sourceRegistryQueryId],
      ["check_results", created.id],
      ["evidence", created.id],
    ] as const) {
      expect(await count(one, table, id), `${table} on shard 1`).toBeGreaterThan(0);
      expect(await count(zero, table, id), `${table} on shard 0`).toBe(0);
    }
    const reviews = (db: D1Database) =>
      db.prepare("SELECT COUNT(*) AS n FROM manual_reviews WHERE check_id = ?").bind(created.id).first<{ n: number }>();
    expect((await reviews(one))?.n).toBe(1);
    expect((await reviews(zero))?.n).toBe(0);
  });

  it("a cached key serves the next request with its shard: one D1 read fewer, none of them the directory", async () => {
    const a = await accountOn(1);
    forgetAccount(a.accountId);
    const app = createApp();
    const reads = async () => {
      const shared: string[] = [];
      const wrapped = { ...env, DB: recording(env.DB, shared) };
      const res = await app.request(
        "http://api.test/api/open/v1/account/entitlements",
        { headers: { "X-Api-Key": a.key } },
        wrapped,
        createExecutionContext(),
      );
      expect(res.status).toBe(200);
      return { shared };
    };
    const first = await reads();
    const second = await reads();
    expect(first.shared.some((sql) => sql.includes("shard_directory"))).toBe(true);
    expect(second.shared.length).toBe(first.shared.length - 1);
    expect(second.shared.some((sql) => sql.includes("shard_directory") || sql.includes("api_keys"))).toBe(false);
  });
});

describe("configuration", () => {
  it("refuses a SHARDS that names a binding the Worker does not have, naming it", () => {
    expect(readConfig(env).shards).toBe(2);
    expect(() => checkShardBindings(env, 2)).not.toThrow();
    expect(parseConfig({ SHARDS: "3" }).shards).toBe(3);
    let error: unknown;
    try {
      checkShardBindings(env, 3);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([{ variable: "SHARDS", problem: expect.stringContaining("SHARD_2 is not a D1 binding") }]);
    expect(() => shardOf(env, 2)).toThrow(/SHARD_2/);
    expect(() => parseConfig({ SHARDS: "0" })).toThrow(/SHARDS/);
  });
});

describe("an account being moved ('moving')", () => {
  it("creates no task (503, Retry-After) and its pipeline steps wait, then run once it is active again", async () => {
    const a = await newAccount();
    // A query accepted before the move began, its list message not delivered yet.
    const row = newQueryRecord(newId("qry"), a.accountId, "扫描规模1测试有限公司", Date.now());
    const accepted = await accountGate(env, a.accountId).create({
      accountId: a.accountId,
      idempotencyKey: idempotencyKey(),
      fingerprint: row.id,
      reserve: { query: [row.id] },
      statements: [insertQueryStatement(env.DB, row)],
      response: { status: 202, body: "{}" },
    });
    expect(accepted.kind).toBe("accepted");

    await setShardState(env.DB, a.accountId, "moving");
    forgetAccount(a.accountId);
    const refused = await createQueries(a.key, ["分片迁移测试有限公司"]);
    expect(refused.headers.get("Retry-After")).toBe("60");
    await expectError(refused, 503, "SERVICE_UNAVAILABLE");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM queries WHERE account_id = ?").bind(a.accountId).first<{ n: number }>()).toEqual({ n: 1 });

    const deliver = async (body: PipelineMessage) => {
      const batch = createMessageBatch<PipelineMessage>("registry-pipeline", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<unknown>, env);
      return getQueueResult(batch, ctx);
    };
    const waiting = await deliver({ type: "list", accountId: a.accountId, queryId: row.id });
    expect(waiting.explicitAcks).toEqual([]);
    expect(waiting.retryMessages).toHaveLength(1);
    expect(await countRows("registrations", "query_id = ?", row.id)).toBe(0);
    expect((await queryRow(row.id)).status).toBe("queued");

    await setShardState(env.DB, a.accountId, "active");
    forgetShard(a.accountId);
    forgetAccount(a.accountId);
    const ran = await deliver({ type: "list", accountId: a.accountId, queryId: row.id });
    expect(ran.retryMessages).toEqual([]);
    expect(ran.explicitAcks).toHaveLength(1);
    expect((await queryRow(row.id)).listed).toBe(1);
    expect((await createQueries(a.key, ["分片迁移测试有限公司"])).status).toBe(202);
  });
});
