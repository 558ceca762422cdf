/**
 * Moving an account to the other shard (queues/move.ts): every row of its registrations, documents,
 * results, evidence and reviews ends on the target and leaves the source, the directory flips back
 * to 'active' on the target, and the account's reads are the same before and after. The move's
 * messages go through the real local queue.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findAccountShard, shardOf } from "../worker/db/shards";
import { forgetAccount } from "../worker/auth/key-cache";
import { startMove } from "../queues/move";
import type { Check, ResultPage } from "./api-types";
import { admin, body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "深圳前海示例商业保理有限公司";

async function ownedRows(db: D1Database, queryId: string, checkId: string): Promise<number[]> {
  const n = async (sql: string, id: string) => (await db.prepare(sql).bind(id).first<{ n: number }>())?.n ?? 0;
  return Promise.all([
    n("SELECT COUNT(*) AS n FROM registrations WHERE query_id = ?", queryId),
    n("SELECT COUNT(*) AS n FROM documents WHERE query_id = ?", queryId),
    n("SELECT COUNT(*) AS n FROM check_results WHERE check_id = ?", checkId),
    n("SELECT COUNT(*) AS n FROM evidence WHERE check_id = ?", checkId),
    n("SELECT COUNT(*) AS n FROM manual_reviews WHERE check_id = ?", checkId),
  ]);
}

describe("moving an account", () => {
  it("copies every row to the target, flips the directory, deletes the source, and the reads stay the same", async () => {
    const a = await newAccount("enterprise");
    const from = (await findAccountShard(env.DB, a.accountId))!.index;
    const to = 1 - from;
    const res = await open("/checks", a.key, {
      method: "POST",
      json: { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "保理" }] },
      headers: { "Idempotency-Key": idempotencyKey() },
    });
    const created = await body<Check>(res);
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const matched = (await body<ResultPage>(await open(`/checks/${created.id}/results?matchStatus=matched`, a.key))).items as Array<{
      registration: { id: string };
    }>;
    expect(
      (
        await admin(`/checks/${created.id}/results/${matched[0]!.registration.id}/review`, {
          method: "PUT",
          json: { decision: "confirmed", note: "迁移前" },
        })
      ).status,
    ).toBe(200);
    const readAll = async () => ({
      registrations: await body(await open(`/queries/${created.sourceRegistryQueryId}/registrations?pageSize=100`, a.key)),
      results: await body(await open(`/checks/${created.id}/results?pageSize=100`, a.key)),
    });
    const before = await readAll();
    const rowsBefore = await ownedRows(shardOf(env, from), created.sourceRegistryQueryId, created.id);
    expect(rowsBefore.every((n) => n > 0)).toBe(true);

    expect(await startMove(env, a.accountId, to)).toBe(true);
    expect((await findAccountShard(env.DB, a.accountId))!.state).toBe("moving");
    const until = Date.now() + 40_000;
    let entry = await findAccountShard(env.DB, a.accountId);
    while (
      Date.now() < until &&
      (entry!.state !== "active" || (await ownedRows(shardOf(env, from), created.sourceRegistryQueryId, created.id))[0] !== 0)
    ) {
      await new Promise((r) => setTimeout(r, 200));
      entry = await findAccountShard(env.DB, a.accountId);
    }
    expect(entry).toEqual({ index: to, state: "active" });
    expect(await ownedRows(shardOf(env, to), created.sourceRegistryQueryId, created.id)).toEqual(rowsBefore);
    expect(await ownedRows(shardOf(env, from), created.sourceRegistryQueryId, created.id)).toEqual([0, 0, 0, 0, 0]);

    forgetAccount(a.accountId);
    expect(await readAll()).toEqual(before);
    // A move to where the account already is, or while one is under way, is refused.
    expect(await startMove(env, a.accountId, to)).toBe(false);
  });
});
