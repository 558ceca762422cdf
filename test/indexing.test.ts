/**
 * A query reads the list and the main certificates; the attachments' text is indexed when a check of
 * the query asks for it (queues/indexing/). Walked message by message on the real local bindings
 * (test/faults.harness.ts): each registration's indexStatus and indexedAt as GET
 * /queries/{id}/registrations/{registrationId} serves them through not_requested, pending, indexing,
 * completed and failed; the check waiting (waiting_resource) meanwhile; one request shared by two
 * checks of the query; a registration whose indexing was given up on reported as a coverage issue.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { indexSettled } from "../queues/indexing/settled";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, idempotencyKey, newAccount, shardOfAccount } from "./helpers";
import { FaultyPipeline, type Pending } from "./faults.harness";
import type { Check, CheckResult } from "./api-types";

interface Detail {
  id: string;
  certificateNumber: string;
  indexStatus: string;
  indexedAt?: string;
}

/** A subject with a registration whose text-layer invoice list (发票清单.pdf) prints a number, and one registration without attachments. */
function subjectWithList(): { subject: string; certificateNumber: string; number: string; bare: string } {
  for (let n = 0; n < 60; n++) {
    const subject = `规模6索引测试${n}有限公司`;
    const regs = sandboxRegistry.listing(subject).map((r) => ({
      certificateNumber: r.certificateNumber,
      attachments: sandboxRegistry.find(subject, r.certificateNumber)!.registration.attachments,
    }));
    const listed = regs.find((r) => r.attachments.length === 1 && r.attachments[0]!.fileName === "发票清单.pdf");
    const bare = regs.find((r) => r.attachments.length === 0);
    if (listed && bare)
      return { subject, certificateNumber: listed.certificateNumber, number: listed.attachments[0]!.rows[0]!.number, bare: bare.certificateNumber };
  }
  throw new Error("no sandbox subject has a lone invoice list beside a registration without attachments");
}

async function submitQuery(p: FaultyPipeline, key: string, subject: string): Promise<string> {
  const res = await p.fetch("/queries", { method: "POST", key, headers: { "Idempotency-Key": idempotencyKey() }, json: { subjectNames: [subject] } });
  expect(res.status).toBe(202);
  return (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
}

async function submitCheck(p: FaultyPipeline, key: string, subject: string, queryId: string, number: string): Promise<Check> {
  const res = await p.fetch("/checks", {
    method: "POST",
    key,
    headers: { "Idempotency-Key": idempotencyKey() },
    json: { applicant: subject, sourceRegistryQueryId: queryId, criteria: [{ kind: "invoice_no", value: number }] },
  });
  expect(res.status).toBe(202);
  return body<Check>(res);
}

async function details(p: FaultyPipeline, key: string, queryId: string): Promise<Map<string, Detail>> {
  const page = await body<{ items: Array<{ id: string; certificateNumber: string }> }>(
    await p.fetch(`/queries/${queryId}/registrations?pageSize=100`, { key }),
  );
  const out = new Map<string, Detail>();
  for (const item of page.items)
    out.set(item.certificateNumber, await body<Detail>(await p.fetch(`/queries/${queryId}/registrations/${item.id}`, { key })));
  return out;
}

/** Delivers the outbox's messages of one type (the others stay), each once; retried ones go back with their next attempt. */
async function deliverAll(p: FaultyPipeline, type: Pending["body"]["type"]): Promise<void> {
  const taken = p.outbox.filter((m) => m.body.type === type);
  p.outbox.splice(0, p.outbox.length, ...p.outbox.filter((m) => m.body.type !== type));
  for (const m of taken) {
    const { retried } = await p.deliver([m]);
    p.outbox.push(...retried.map((r) => ({ body: r.body, attempts: r.attempts + 1 })));
  }
}

describe("indexing a query's attachments for its checks", () => {
  it("serves indexStatus and indexedAt through not_requested, pending, indexing and completed; two checks ask once", async () => {
    const { subject, certificateNumber, number, bare } = subjectWithList();
    const a = await newAccount("enterprise");
    const p = new FaultyPipeline();
    const queryId = await submitQuery(p, a.key, subject);
    await p.drain();

    // The query is finished and its attachments are stored, not read.
    const query = await body<{ status: string }>(await p.fetch(`/queries/${queryId}`, { key: a.key }));
    expect(query.status).toBe("succeeded");
    let regs = await details(p, a.key, queryId);
    const listed = regs.get(certificateNumber)!;
    for (const d of regs.values()) {
      expect(d.indexStatus).toBe("not_requested");
      expect(d.indexedAt).toBeUndefined();
    }
    const shard = await shardOfAccount(a.accountId);
    const list = await shard
      .prepare("SELECT text_status, text_key FROM documents WHERE registration_id = ? AND kind = 'attachment'")
      .bind(listed.id)
      .first<{ text_status: string; text_key: string | null }>();
    expect(list).toEqual({ text_status: "not_text", text_key: null });

    // Two checks of the query: the first asks for the indexing, the second finds it asked.
    const first = await submitCheck(p, a.key, subject, queryId, number);
    const second = await submitCheck(p, a.key, subject, queryId, "00000001");
    await deliverAll(p, "check");
    const indexMessages = p.outbox.filter((m) => m.body.type === "index");
    const withAttachments = [...regs.values()].filter((d) => d.certificateNumber !== bare);
    expect(indexMessages.length).toBeGreaterThan(0);
    expect(new Set(indexMessages.map((m) => (m.body.type === "index" ? m.body.registrationId : "")))).toEqual(
      new Set(
        (
          await shard
            .prepare("SELECT DISTINCT registration_id FROM documents WHERE query_id = ? AND kind = 'attachment'")
            .bind(queryId)
            .all<{ registration_id: string }>()
        ).results.map((r) => r.registration_id),
      ),
    );
    expect(indexMessages.length).toBeLessThanOrEqual(withAttachments.length);
    for (const check of [first, second]) {
      const waiting = await body<Check>(await p.fetch(`/checks/${check.id}`, { key: a.key }));
      expect(waiting.executionStatus).toBe("waiting_resource");
      expect(waiting.status).toBe("processing");
    }
    regs = await details(p, a.key, queryId);
    expect(regs.get(certificateNumber)!.indexStatus).toBe("pending");
    // Nothing to read: complete at once, with the time.
    expect(regs.get(bare)!.indexStatus).toBe("completed");
    expect(Date.parse(regs.get(bare)!.indexedAt!)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));

    // An index step that fails after it started leaves its registration indexing (and is retried).
    p.arm({ point: "FILES.get", match: new RegExp(`^files/${queryId}/`), times: 1000 });
    await deliverAll(p, "index");
    p.disarm();
    regs = await details(p, a.key, queryId);
    expect(regs.get(certificateNumber)!.indexStatus).toBe("indexing");
    expect(regs.get(certificateNumber)!.indexedAt).toBeUndefined();

    await p.drain();
    regs = await details(p, a.key, queryId);
    for (const d of regs.values()) expect(d.indexStatus, d.certificateNumber).toBe("completed");
    expect(Date.parse(regs.get(certificateNumber)!.indexedAt!)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    expect(
      await shard.prepare("SELECT text_status FROM documents WHERE registration_id = ? AND kind = 'attachment'").bind(listed.id).first("text_status"),
    ).toBe("extracted");

    // Both checks were woken and matched over the attachment's text.
    const done = await body<Check>(await p.fetch(`/checks/${first.id}`, { key: a.key }));
    expect(done.status).not.toBe("processing");
    expect(done.candidateCount).toBeGreaterThanOrEqual(1);
    const result = await body<CheckResult>(await p.fetch(`/checks/${first.id}/results/${listed.id}`, { key: a.key }));
    expect(result.matchStatus).toBe("matched");
    expect(result.check!.evidence.map((e) => e.sourceField)).toContain("attachment_text");
    expect(result.registration.indexStatus).toBe("completed");
    expect(result.registration.indexedAt).toBe(regs.get(certificateNumber)!.indexedAt);
    const other = await body<Check>(await p.fetch(`/checks/${second.id}`, { key: a.key }));
    expect(other.status).not.toBe("processing");
  });

  it("wakes a waiting check once when two last index steps end together (one matching of its slices, not two)", async () => {
    const { subject, number } = subjectWithList();
    const a = await newAccount("enterprise");
    const p = new FaultyPipeline();
    const queryId = await submitQuery(p, a.key, subject);
    await p.drain();
    const check = await submitCheck(p, a.key, subject, queryId, number);
    await deliverAll(p, "check");
    const last = p.outbox.find((m) => m.body.type === "index")?.body;
    if (last?.type !== "index") throw new Error("the check asked for no indexing");
    await deliverAll(p, "index");
    // The step that left nothing under way sent the check its message.
    expect(p.outbox.map((m) => m.body)).toEqual([{ type: "check", accountId: a.accountId, checkId: check.id }]);
    // Another step ending at the same moment finds nothing under way too: it must not wake the check again.
    const again = await indexSettled(env, await shardOfAccount(a.accountId), last);
    expect(again).toEqual({ kind: "done", next: [] });
    await p.drain();
    const done = await body<Check>(await p.fetch(`/checks/${check.id}`, { key: a.key }));
    expect(done.status).not.toBe("processing");
    expect(done.candidateCount).toBeGreaterThanOrEqual(1);
  });

  it("a registration whose indexing is given up on is failed, without indexedAt, and a coverage issue of the check, never a silent miss", async () => {
    const { subject, certificateNumber, number } = subjectWithList();
    const a = await newAccount("enterprise");
    const p = new FaultyPipeline();
    const queryId = await submitQuery(p, a.key, subject);
    await p.drain();
    const listed = (await details(p, a.key, queryId)).get(certificateNumber)!;
    const check = await submitCheck(p, a.key, subject, queryId, number);

    // Every read of the query's stored files fails: the index steps go to the dead-letter queue.
    p.arm({ point: "FILES.get", match: new RegExp(`^files/${queryId}/`) });
    await p.drain({ deadLetterAfter: 2 });
    p.disarm();

    const failed = (await details(p, a.key, queryId)).get(certificateNumber)!;
    expect(failed.indexStatus).toBe("failed");
    expect(failed.indexedAt).toBeUndefined();
    const done = await body<Check>(await p.fetch(`/checks/${check.id}`, { key: a.key }));
    expect(done.status).toBe("partial");
    expect(done.coverageComplete).toBe(false);
    expect(done.coverageIssues).toContainEqual({ code: "ATTACHMENT_NOT_INDEXED", registrationId: listed.id });
    const result = await body<CheckResult>(await p.fetch(`/checks/${check.id}/results/${listed.id}`, { key: a.key }));
    expect(result.matchStatus).toBe("pending");
    expect(result.pendingReason).toBe("ATTACHMENT_NOT_INDEXED");
    expect(result.registration.indexStatus).toBe("failed");
  });
});
