/**
 * Faults in the pipeline (faults.harness.ts): D1 batches, R2 writes and reads and queue sends that
 * fail part-way through steps and batches, every message delivered twice and shuffled, sends lost
 * after their D1 write (re-driven by the sweep), and steps that never succeed (dead-lettered). After
 * each: the task is terminal within a bounded number of deliveries, counts equal their rows, nothing
 * is stored twice, the ledger holds one reserve and one close, and the outcome equals a clean run.
 */
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { documentIdFor } from "../queues/query/files";
import { sweep, STUCK_AFTER_MS } from "../queues/sweep";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, idempotencyKey, newAccount, shardOfQuery } from "./helpers";
import { FaultyPipeline } from "./faults.harness";
import { expectCheckInvariants, expectQueryInvariants, outcome } from "./faults.invariants";

/** A keyword, an invoice number the subject prints, and one it does not. */
function criteriaFor(subject: string) {
  const invoice = sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.invoiceNumbersOf(subject, r.certificateNumber, "description"))[0];
  return [
    { kind: "keyword", value: "应收账款" },
    { kind: "invoice_no", value: invoice ?? "01492921" },
    { kind: "invoice_no", value: "98765432109" },
  ];
}

/** POST /checks without a source: a new query and a check that waits for it, both in the capture. */
async function submitCheck(p: FaultyPipeline, key: string, subject: string): Promise<{ checkId: string; queryId: string }> {
  const res = await p.fetch("/checks", {
    method: "POST",
    key,
    headers: { "Idempotency-Key": idempotencyKey() },
    json: { applicant: subject, criteria: criteriaFor(subject) },
  });
  expect(res.status).toBe(202);
  const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  return { checkId: check.id, queryId: check.sourceRegistryQueryId };
}

async function cleanRun(subject: string): Promise<unknown> {
  const p = new FaultyPipeline();
  const a = await newAccount("enterprise");
  const { checkId, queryId } = await submitCheck(p, a.key, subject);
  await p.drain();
  return outcome(queryId, checkId);
}

const random = (seed: number) => {
  const [values] = fc.sample(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 512, maxLength: 512 }), { seed, numRuns: 1 });
  let i = 0;
  return () => values![i++ % values!.length]!;
};

describe("faults part-way through steps and batches", () => {
  it("D1, R2 and queue failures mid-batch, every message twice and shuffled: terminal, exact, identical to a clean run", async () => {
    const subject = "规模5故障注入供应链有限公司";
    const clean = await cleanRun(subject);

    const p = new FaultyPipeline();
    const a = await newAccount("enterprise");
    const { checkId, queryId } = await submitCheck(p, a.key, subject);
    p.arm(
      { point: "DB.batch", calls: [2, 5, 9, 14, 20] },
      { point: "FILES.put", calls: [1, 4, 11] },
      { point: "FILES.get", match: /^text\//, times: 2 },
      // The list step's send of its document messages (after its D1 write), and a later one.
      { point: "PIPELINE.send", calls: [1, 3] },
    );
    const started = Date.now();
    const run = await p.drain({ duplicate: true, random: random(7), maxRounds: 40 });
    p.disarm();
    for (const point of ["DB.batch", "FILES.put", "FILES.get", "PIPELINE.send"] as const) expect(p.fired[point], point).toBeGreaterThan(0);
    expect(run.retried).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(60_000);

    await expectQueryInvariants(queryId);
    await expectCheckInvariants(checkId);
    expect(await outcome(queryId, checkId)).toEqual(clean);

    // Late copies of everything, after the end, change nothing.
    const after = await outcome(queryId, checkId);
    const regs = await (await shardOfQuery(queryId)).prepare("SELECT id FROM registrations WHERE query_id = ?").bind(queryId).all<{ id: string }>();
    const accountId = a.accountId;
    await p.deliver([
      { body: { type: "list", accountId, queryId }, attempts: 9 },
      ...regs.results.map((r) => ({ body: { type: "document" as const, accountId, queryId, registrationId: r.id }, attempts: 9 })),
      { body: { type: "check", accountId, checkId }, attempts: 9 },
      { body: { type: "check", accountId, checkId, offset: 3 }, attempts: 9 },
    ]);
    await p.drain();
    expect(await outcome(queryId, checkId)).toEqual(after);
    await expectQueryInvariants(queryId);
    await expectCheckInvariants(checkId);
  });

  it("generated fault plans (fast-check): whatever fails and however often, the invariants hold", async () => {
    const subject = "规模3故障计划机械有限公司";
    const clean = await cleanRun(subject);
    const plan = fc.record({
      batch: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
      put: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
      send: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
      duplicate: fc.boolean(),
      seed: fc.nat(),
    });
    let fired = 0;
    for (const f of fc.sample(plan, { seed: 0xfa17, numRuns: 6 })) {
      const p = new FaultyPipeline();
      const a = await newAccount("enterprise");
      const { checkId, queryId } = await submitCheck(p, a.key, subject);
      p.arm({ point: "DB.batch", calls: f.batch }, { point: "FILES.put", calls: f.put }, { point: "PIPELINE.send", calls: f.send });
      await p.drain({ duplicate: f.duplicate, random: random(f.seed), maxRounds: 40 });
      p.disarm();
      fired += Object.values(p.fired).reduce((x, y) => x + y, 0);
      // A send that failed inside the route or after a step's last write leaves work only the sweep finds.
      for (let i = 0; i < 3 && (await pendingWork(queryId, checkId)); i++) {
        await sweep(p.env, Date.now() + STUCK_AFTER_MS + 1000);
        await p.drain({ maxRounds: 40 });
      }
      await expectQueryInvariants(queryId);
      await expectCheckInvariants(checkId);
      expect(await outcome(queryId, checkId), JSON.stringify(f)).toEqual(clean);
    }
    expect(fired).toBeGreaterThan(6);
  });
});

async function pendingWork(queryId: string, checkId: string): Promise<boolean> {
  const q = await env.DB.prepare("SELECT completed_at FROM queries WHERE id = ?").bind(queryId).first<{ completed_at: number | null }>();
  const c = await env.DB.prepare("SELECT processing_completed_at FROM checks WHERE id = ?")
    .bind(checkId)
    .first<{ processing_completed_at: number | null }>();
  return q?.completed_at === null || c?.processing_completed_at === null;
}

describe("sends lost after the D1 write", () => {
  it("a task whose first message was never sent, and a check whose wake-up was lost, are re-driven by the sweep", async () => {
    const p = new FaultyPipeline();
    const a = await newAccount("enterprise");
    // The route writes the query and its reservation, then its send fails: still 202 (the sweep owns it now).
    p.arm({ point: "PIPELINE.send", calls: [1] });
    const res = await p.fetch("/queries", {
      method: "POST",
      key: a.key,
      headers: { "Idempotency-Key": idempotencyKey() },
      json: { subjectNames: ["规模2发送丢失有限公司"] },
    });
    expect(res.status).toBe(202);
    const queryId = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
    expect(p.outbox).toHaveLength(0);

    // A check that waits for its query, and the query's message that wakes it is lost.
    const { checkId, queryId: checkQuery } = await submitCheck(p.disarm(), a.key, "规模2唤醒丢失有限公司");
    p.arm({ point: "PIPELINE.send", match: /"type":"check"/, times: 1 });
    await p.drain({ maxRounds: 30 });
    p.disarm();
    expect(
      (await env.DB.prepare("SELECT completed_at FROM queries WHERE id = ?").bind(checkQuery).first<{ completed_at: number | null }>())?.completed_at,
    ).not.toBeNull();
    expect(
      (await env.DB.prepare("SELECT processing_completed_at FROM checks WHERE id = ?").bind(checkId).first())?.processing_completed_at,
    ).toBeNull();
    expect((await env.DB.prepare("SELECT completed_at FROM queries WHERE id = ?").bind(queryId).first())?.completed_at).toBeNull();

    // The sweep leaves recent tasks alone and re-drives the ones untouched for STUCK_AFTER_MS.
    expect(await sweep(p.env)).toEqual({ queries: 0, checks: 0 });
    const swept = await sweep(p.env, Date.now() + STUCK_AFTER_MS + 1000);
    expect(swept).toEqual({ queries: 1, checks: 1 });
    await p.drain({ duplicate: true, maxRounds: 30 });
    for (const id of [queryId, checkQuery]) await expectQueryInvariants(id);
    await expectCheckInvariants(checkId);
    // Swept again (nothing left): nothing re-sent.
    expect(await sweep(p.env, Date.now() + 2 * STUCK_AFTER_MS)).toEqual({ queries: 0, checks: 0 });
  });
});

describe("steps that never succeed", () => {
  it("dead-letter: a document whose file cannot be stored ends missing (query partial, settled); a check that cannot read its texts fails (released)", async () => {
    const p = new FaultyPipeline();
    const a = await newAccount("enterprise");
    const { checkId, queryId } = await submitCheck(p, a.key, "规模3死信故障有限公司");
    // List first; then every R2 write of the second registration's certificate fails, whatever the attempt.
    await p.deliver(p.outbox.splice(0));
    const regs = await (
      await shardOfQuery(queryId)
    )
      .prepare("SELECT id FROM registrations WHERE query_id = ? ORDER BY ordinal")
      .bind(queryId)
      .all<{ id: string }>();
    const doomed = regs.results[1]!.id;
    const doomedDoc = await documentIdFor(doomed, "certificate", 0);
    p.arm({ point: "FILES.put", match: new RegExp(`^files/${queryId}/${doomedDoc}$`) }, { point: "FILES.get", match: /^text\// });
    const run = await p.drain({ deadLetterAfter: 3, maxRounds: 40 });
    p.disarm();
    expect(run.deadLettered).toBeGreaterThanOrEqual(2);

    await expectQueryInvariants(queryId);
    const q = await env.DB.prepare("SELECT status, failure_code FROM queries WHERE id = ?").bind(queryId).first();
    expect(q).toEqual({ status: "partial", failure_code: "DOCUMENT_COVERAGE_INCOMPLETE" });
    expect(
      await (await shardOfQuery(queryId)).prepare("SELECT parse_status, processed FROM registrations WHERE id = ?").bind(doomed).first(),
    ).toEqual({
      parse_status: "missing",
      processed: 1,
    });
    const c = await env.DB.prepare("SELECT status, execution_status, failure_code FROM checks WHERE id = ?").bind(checkId).first();
    expect(c).toEqual({ status: "failed", execution_status: "failed", failure_code: "CHECK_FAILED" });
    await expectCheckInvariants(checkId);
    const e = await body<{ query: { reserved: number; used: number }; check: { reserved: number; used: number } }>(
      await p.fetch("/account/entitlements", { key: a.key }),
    );
    expect(e.query).toMatchObject({ reserved: 0, used: 1 });
    expect(e.check).toMatchObject({ reserved: 0, used: 0 });
  });
});
