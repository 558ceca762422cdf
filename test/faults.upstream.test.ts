/**
 * Faults of the upstream, without a production switch: fixture certificates that are truncated,
 * corrupt or absent and attachments that cannot be read (management API fixtures), and the sandbox's
 * scenario markers for slow (慢), busy (排队), unavailable (不可用), partial (部分), quarantined (隔离)
 * and empty (无登记) registries, each delivered twice (faults.harness.ts). Timeouts and 5xx of a real
 * gateway are covered against the gateway stub in upstream-http.*.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { sha256Hex } from "../worker/lib/crypto";
import { admin, body, idempotencyKey, newAccount, shardOfAccount } from "./helpers";
import { FaultyPipeline } from "./faults.harness";
import { expectCheckInvariants, expectQueryInvariants, outcome } from "./faults.invariants";

async function put(path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await admin(`/upstream${path}`, { method: "PUT", headers: { "Content-Type": contentType }, body: bytes });
  expect(res.status, path).toBe(200);
}

async function queryAndCheck(p: FaultyPipeline, key: string, subject: string) {
  const res = await p.fetch("/checks", {
    method: "POST",
    key,
    headers: { "Idempotency-Key": idempotencyKey() },
    json: {
      applicant: subject,
      criteria: [
        { kind: "keyword", value: "应收账款" },
        { kind: "keyword", value: "发票" },
      ],
    },
  });
  expect(res.status).toBe(202);
  const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  return { checkId: check.id, queryId: check.sourceRegistryQueryId };
}

describe("certificates and attachments the upstream hands over broken", () => {
  it("truncated, corrupt, header-only and absent files: partial with exact per-registration states, stored byte-exact, checked with coverage issues", async () => {
    const source = "规模6故障文件来源有限公司";
    const generated = sandboxRegistry.listing(source);
    const pdf = async (i: number) => (await sandboxRegistry.certificatePdf(source, generated[i]!.certificateNumber))!;
    const [good, long, withAttachments] = await Promise.all([pdf(0), pdf(1), pdf(2)]);
    // The good files are listed under the numbers they print: the parser refuses a certificate whose number differs.
    const GOOD = generated[0]!.certificateNumber;
    const ATTACH = generated[2]!.certificateNumber;
    const numbers = [GOOD, "FAULT-TRUNC-2", "FAULT-JUNK-3", "FAULT-ABSENT-4", "FAULT-HEAD-5", ATTACH];
    const junk = new Uint8Array(4096).map((_, i) => (i * 131 + 7) % 256);
    junk.set(new TextEncoder().encode("%PDF-1.7\n"));
    const files: Record<string, Uint8Array> = {
      [GOOD]: good,
      "FAULT-TRUNC-2": long.slice(0, Math.floor(long.length * 0.6)),
      "FAULT-JUNK-3": junk,
      "FAULT-HEAD-5": new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
      [ATTACH]: withAttachments,
    };
    for (const [number, bytes] of Object.entries(files)) await put(`/documents/${number}`, bytes, "application/pdf");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await put(`/documents/${ATTACH}/attachments/${encodeURIComponent("发票清单.pdf")}`, good.slice(0, 900), "application/pdf");
    await put(`/documents/${ATTACH}/attachments/${encodeURIComponent("现场照片.png")}`, png, "image/png");
    const subject = "故障文件测试有限公司";
    const fixture = await admin(`/upstream/subjects/${encodeURIComponent(subject)}`, {
      method: "PUT",
      json: { registrations: numbers.map((certificateNumber) => ({ certificateNumber, registerType: "initial" })) },
    });
    expect(fixture.status).toBe(200);

    const p = new FaultyPipeline();
    const a = await newAccount("enterprise");
    const { checkId, queryId } = await queryAndCheck(p, a.key, subject);
    const run = await p.drain({ duplicate: true, maxRounds: 30 });
    expect(run.rounds).toBeLessThan(30);
    await expectQueryInvariants(queryId);
    await expectCheckInvariants(checkId);

    const q = await env.DB.prepare("SELECT status, coverage_complete, failure_code, registration_count FROM queries WHERE id = ?")
      .bind(queryId)
      .first();
    expect(q).toEqual({ status: "partial", coverage_complete: 0, failure_code: "DOCUMENT_COVERAGE_INCOMPLETE", registration_count: 6 });
    const regs = await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT certificate_number, parse_status, data_source FROM registrations WHERE query_id = ? ORDER BY ordinal")
      .bind(queryId)
      .all();
    expect(Object.fromEntries(regs.results.map((r) => [r.certificate_number, r.parse_status]))).toEqual({
      [GOOD]: "completed",
      "FAULT-TRUNC-2": "failed",
      "FAULT-JUNK-3": "failed",
      "FAULT-ABSENT-4": "missing",
      "FAULT-HEAD-5": "failed",
      [ATTACH]: "completed",
    });
    // Every file the upstream gave is kept byte for byte (even a broken one), under one row, downloadable.
    const docs = await (
      await shardOfAccount(a.accountId)
    )
      .prepare(
        "SELECT d.id, d.kind, d.file_name, d.sha256, d.text_status, r.certificate_number FROM documents d JOIN registrations r ON r.id = d.registration_id WHERE d.query_id = ?",
      )
      .bind(queryId)
      .all<{ id: string; kind: string; file_name: string; sha256: string; text_status: string; certificate_number: string }>();
    expect(docs.results).toHaveLength(7);
    for (const d of docs.results.filter((x) => x.kind === "certificate")) expect(d.sha256).toBe(await sha256Hex(files[d.certificate_number]!));
    expect(Object.fromEntries(docs.results.filter((d) => d.kind === "attachment").map((d) => [d.file_name, d.text_status]))).toEqual({
      "发票清单.pdf": "unreadable",
      "现场照片.png": "not_text",
    });
    for (const d of docs.results) {
      const res = await p.fetch(`/documents/${d.id}/content`, { key: a.key });
      expect(res.status).toBe(200);
      expect(await sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(d.sha256);
    }

    const check = await env.DB.prepare("SELECT coverage_complete, failure_code, coverage_issues FROM checks WHERE id = ?")
      .bind(checkId)
      .first<{ coverage_complete: number; failure_code: string; coverage_issues: string }>();
    expect(check).toMatchObject({ coverage_complete: 0, failure_code: "CHECK_COVERAGE_INCOMPLETE" });
    const issues = (JSON.parse(check!.coverage_issues) as Array<{ code: string }>).map((i) => i.code);
    expect(new Set(issues)).toEqual(
      new Set(["CERTIFICATE_UNPARSED", "CERTIFICATE_MISSING", "ATTACHMENT_UNREADABLE", "ATTACHMENT_NOT_TEXT_SEARCHABLE"]),
    );
    const evidenceRegs = await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT DISTINCT r.certificate_number FROM evidence e JOIN registrations r ON r.id = e.registration_id WHERE e.check_id = ?")
      .bind(checkId)
      .all<{ certificate_number: string }>();
    for (const r of evidenceRegs.results) expect([GOOD, ATTACH]).toContain(r.certificate_number);
  });
});

describe("the sandbox's scenario markers, every message twice", () => {
  /** Query status, and the check's status where the marker decides it. */
  const cases: Array<{ subject: string; status: string; check?: string }> = [
    { subject: "规模3慢速测试有限公司", status: "succeeded" },
    { subject: "规模2排队测试有限公司", status: "succeeded" },
    { subject: "不可用测试有限公司", status: "failed", check: "failed" },
    { subject: "规模4部分测试有限公司", status: "partial" },
    { subject: "规模2隔离测试有限公司", status: "partial" },
    { subject: "无登记测试有限公司", status: "no_result", check: "completed" },
  ];
  it("each reaches its terminal state within bounded deliveries, exactly as a clean run does", async () => {
    const a = await newAccount("enterprise");
    const b = await newAccount("enterprise");
    for (const c of cases) {
      const clean = new FaultyPipeline();
      const control = await queryAndCheck(clean, b.key, c.subject);
      await clean.drain({ maxRounds: 30 });

      const p = new FaultyPipeline();
      const { checkId, queryId } = await queryAndCheck(p, a.key, c.subject);
      if (c.subject.includes("排队")) {
        // The first delivery finds the upstream busy: the query waits for a resource, then goes on.
        await p.deliver(p.outbox.splice(0)).then(({ retried }) => p.outbox.push(...retried.map((m) => ({ ...m, attempts: m.attempts + 1 }))));
        expect((await env.DB.prepare("SELECT execution_status FROM queries WHERE id = ?").bind(queryId).first())?.execution_status).toBe(
          "waiting_resource",
        );
      }
      const started = Date.now();
      await p.drain({ duplicate: true, maxRounds: 30 });
      expect(Date.now() - started, c.subject).toBeLessThan(30_000);
      await expectQueryInvariants(queryId);
      await expectCheckInvariants(checkId);
      const q = await env.DB.prepare("SELECT status FROM queries WHERE id = ?").bind(queryId).first<{ status: string }>();
      expect(q?.status, c.subject).toBe(c.status);
      if (c.check) expect((await env.DB.prepare("SELECT status FROM checks WHERE id = ?").bind(checkId).first())?.status, c.subject).toBe(c.check);
      expect(await outcome(queryId, checkId), c.subject).toEqual(await outcome(control.queryId, control.checkId));
    }
  });
});
