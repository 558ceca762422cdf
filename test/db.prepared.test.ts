import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findOwnQuery } from "../worker/db/queries";
import { preparedOn } from "../worker/db/prepared";

describe("queries prepared once per D1 binding", () => {
  it("makes a query once per binding and function, and again for another binding", () => {
    let made = 0;
    const prepare = () => ({ n: ++made });
    const first = preparedOn(env.DB, prepare);
    expect(preparedOn(env.DB, prepare)).toBe(first);
    expect(preparedOn(env.SHARD_0, prepare)).not.toBe(first);
    expect(preparedOn(env.DB, () => ({ n: -1 }))).toEqual({ n: -1 });
    expect(made).toBe(2);
  });

  it("binds each call's values: the account's own query, nothing for another account or id", async () => {
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO queries (id, account_id, subject_name, status, execution_status, source_status, coverage_complete, registration_count,
        total_document_count, processed_document_count, listed, created_at, updated_at) VALUES (?, ?, '甲公司', 'queued', 'queued', 'available', 0, 0, 0, 0, 0, ?, ?)`,
    )
      .bind("qry_prepared1", "acc_prepared1", now, now)
      .run();
    expect((await findOwnQuery(env.DB, "acc_prepared1", "qry_prepared1"))?.subjectName).toBe("甲公司");
    expect(await findOwnQuery(env.DB, "acc_other", "qry_prepared1")).toBeUndefined();
    expect(await findOwnQuery(env.DB, "acc_prepared1", "qry_missing")).toBeUndefined();
    expect((await findOwnQuery(env.DB, "acc_prepared1", "qry_prepared1"))?.id).toBe("qry_prepared1");
  });
});
