/**
 * The audit trail's storage (console-api.md, Audit trail): append-only in the shard (the database
 * refuses an UPDATE or DELETE), the outbox moved to the shard exactly once, task creation through the
 * open API recorded with the key's id and prefix in the batch that creates the task.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appendToAuditOutbox, deliverAuditOutbox } from "../worker/db/audit";
import { runBatch } from "../worker/db/batch";
import { newAuditEvent, OPERATOR } from "../worker/domain/audit";
import { countRows, createQueries, newAccount, shardOfAccount } from "./helpers";

const ORIGIN = { requestId: "req_test", ip: "203.0.113.7", userAgent: "vitest" };

describe("the audit trail's storage", () => {
  it("refuses to update or delete an event in the shard", async () => {
    const a = await newAccount();
    const event = newAuditEvent({ accountId: a.accountId, kind: "allowance.granted", actor: OPERATOR }, ORIGIN, Date.now());
    await runBatch(env.DB, [appendToAuditOutbox(env.DB, event)]);
    await deliverAuditOutbox(env, a.accountId);
    const shard = await shardOfAccount(a.accountId);
    await expect(shard.prepare("UPDATE audit_events SET kind = 'x' WHERE id = ?").bind(event.id).run()).rejects.toThrow(/append-only/);
    await expect(shard.prepare("DELETE FROM audit_events WHERE id = ?").bind(event.id).run()).rejects.toThrow(/append-only/);
    expect(await shard.prepare("SELECT kind FROM audit_events WHERE id = ?").bind(event.id).first("kind")).toBe("allowance.granted");
  });

  it("moves outbox events to the account's shard exactly once, whatever delivers them twice", async () => {
    const a = await newAccount();
    const events = Array.from({ length: 20 }, (_, i) =>
      newAuditEvent(
        { accountId: a.accountId, kind: "user.updated", actor: OPERATOR, target: { type: "user", id: `usr_${i}` } },
        ORIGIN,
        Date.now() + i,
      ),
    );
    await runBatch(
      env.DB,
      events.map((e) => appendToAuditOutbox(env.DB, e)),
    );
    // A delivery that wrote the shard but died before clearing the outbox: the next one adds nothing.
    const shard = await shardOfAccount(a.accountId);
    const copied = await env.DB.prepare("SELECT * FROM audit_outbox WHERE account_id = ?").bind(a.accountId).all<Record<string, unknown>>();
    for (const row of copied.results.slice(0, 5))
      await shard
        .prepare(
          `INSERT INTO audit_events (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
            .map(() => "?")
            .join(", ")})`,
        )
        .bind(...Object.values(row))
        .run();
    await Promise.all([deliverAuditOutbox(env, a.accountId), deliverAuditOutbox(env, null)]);
    await deliverAuditOutbox(env, a.accountId);
    expect(await countRows("audit_outbox", "account_id = ?", a.accountId)).toBe(0);
    const n = await shard
      .prepare("SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS d FROM audit_events WHERE kind = 'user.updated' AND account_id = ?")
      .bind(a.accountId)
      .first<{ n: number; d: number }>();
    expect(n).toEqual({ n: 20, d: 20 });
  });

  it("records a task created through the open API with the key's id and prefix", async () => {
    const a = await newAccount();
    const res = await createQueries(a.key, ["审计测试有限公司"]);
    expect(res.status).toBe(202);
    const { queries } = (await res.json()) as { queries: Array<{ id: string }> };
    const queryId = queries[0]!.id;
    const shard = await shardOfAccount(a.accountId);
    let row: Record<string, unknown> | null = null;
    for (let i = 0; i < 50 && !row; i++) {
      await deliverAuditOutbox(env, a.accountId);
      row = await shard.prepare("SELECT * FROM audit_events WHERE target_id = ?").bind(queryId).first();
    }
    expect(row).toMatchObject({ kind: "query.created", actor_type: "api_key", actor_id: a.keyId, account_id: a.accountId, target_type: "query" });
    expect(row!.actor_label).toBe(a.key.slice(0, String(row!.actor_label).length));
    expect(String(row!.request_id)).toMatch(/^req_/);
  });
});
