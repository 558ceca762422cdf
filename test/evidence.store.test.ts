/**
 * Evidence is stored as a body the zod schema describes (worker/db/evidence.ts): what the check
 * pipeline writes is checked before it is written, what the routes read is parsed into typed evidence,
 * and a redelivered slice replaces instead of adding.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runBatch } from "../worker/db/batch";
import { evidenceId, evidenceInDocument, evidenceOfResult, evidenceRows, replaceEvidence, type RegistrationEvidence } from "../worker/db/evidence";
import { INDEX_VERSION, RULE_VERSION, type EvidenceDraft } from "../worker/domain/check-matching";
import { toPublicEvidence } from "../worker/serializers/evidence";

const NOW = Date.UTC(2026, 10, 22, 2, 15, 30);
// Evidence lives in the shard D1s (worker/db/schema/shard.ts); these rows are written straight to one of them (env.SHARD_1).

function draft(documentId: string, pageNumber: number, termValue: string): EvidenceDraft {
  return {
    criterionId: "crt_invoice",
    documentId,
    documentVersionId: "dv_0123456789abcdef",
    fileName: "发票清单.pdf",
    mimeType: "application/pdf",
    pageNumber,
    start: 10,
    end: 10 + termValue.length,
    snippet: `发票号码 ${termValue} 金额`,
    highlightRanges: [{ start: 5, end: 5 + termValue.length }],
    pageRanges: [{ start: 10, end: 10 + termValue.length }],
    sourceField: "attachment_text",
    termKind: "invoice_no",
    termValue,
    indexVersion: INDEX_VERSION,
    ruleVersion: RULE_VERSION,
  };
}

async function store(checkId: string, found: RegistrationEvidence[]): Promise<void> {
  await runBatch(
    env.SHARD_1,
    replaceEvidence(
      env.SHARD_1,
      checkId,
      found.map((f) => f.registrationId),
      evidenceRows(checkId, found, NOW),
    ),
  );
}

describe("stored evidence", () => {
  it("reads back typed, in order, per result and per document, and serializes to the public shape", async () => {
    const checkId = "chk_storeRoundTrip01";
    const found = [
      {
        registrationId: "reg_storeA",
        certificateNumber: "06710000000000000001",
        drafts: [draft("doc_1", 1, "44031234"), draft("doc_2", 3, "44035678")],
      },
    ];
    await store(checkId, found);
    const read = await evidenceOfResult(env.SHARD_1, checkId, "reg_storeA");
    expect(read.map((e) => [e.id, e.termValue, e.pageNumber])).toEqual([
      [evidenceId(checkId, "reg_storeA", 0), "44031234", 1],
      [evidenceId(checkId, "reg_storeA", 1), "44035678", 3],
    ]);
    expect((await evidenceInDocument(env.SHARD_1, checkId, "reg_storeA", "doc_2")).map((e) => e.termValue)).toEqual(["44035678"]);
    const shown = toPublicEvidence(read[0]!);
    expect(shown).toMatchObject({
      id: read[0]!.id,
      certificateNumber: "06710000000000000001",
      url: "/api/open/v1/documents/doc_1/content",
      matchedAt: "2026-11-22T10:15:30.000+08:00",
    });
  });

  it("replaces a registration's evidence when the slice is written again", async () => {
    const checkId = "chk_storeRedelivery1";
    await store(checkId, [
      { registrationId: "reg_storeB", certificateNumber: "1", drafts: [draft("doc_3", 1, "11111111"), draft("doc_3", 2, "22222222")] },
    ]);
    await store(checkId, [{ registrationId: "reg_storeB", certificateNumber: "1", drafts: [draft("doc_3", 2, "33333333")] }]);
    expect((await evidenceOfResult(env.SHARD_1, checkId, "reg_storeB")).map((e) => e.termValue)).toEqual(["33333333"]);
  });

  it("refuses to write a body outside the schema", () => {
    const bad = { ...draft("doc_4", 1, "44031234"), sourceField: "somewhere_else" } as unknown as EvidenceDraft;
    expect(() => evidenceRows("chk_storeBadWrite01", [{ registrationId: "reg_storeC", certificateNumber: "1", drafts: [bad] }], NOW)).toThrow();
  });

  it("reads rows written before the schema (id and url in the body) the same, and fails loudly on a corrupt body", async () => {
    const checkId = "chk_storeLegacyRows1";
    const [row] = evidenceRows(checkId, [{ registrationId: "reg_storeD", certificateNumber: "1", drafts: [draft("doc_5", 1, "44031234")] }], NOW);
    const legacy = { ...JSON.parse(row!.body), id: row!.id, url: "/api/open/v1/documents/doc_5/content" };
    await env.SHARD_1.prepare(
      "INSERT INTO evidence (id, check_id, registration_id, criterion_id, document_id, ordinal, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(row!.id, checkId, "reg_storeD", "crt_invoice", "doc_5", 0, JSON.stringify(legacy))
      .run();
    const [read] = await evidenceOfResult(env.SHARD_1, checkId, "reg_storeD");
    expect(toPublicEvidence(read!)).toEqual(legacy);

    await env.SHARD_1.prepare(
      "INSERT INTO evidence (id, check_id, registration_id, criterion_id, document_id, ordinal, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind("ev_corrupt", checkId, "reg_storeE", "crt_invoice", "doc_6", 0, JSON.stringify({ snippet: "x" }))
      .run();
    await expect(evidenceOfResult(env.SHARD_1, checkId, "reg_storeE")).rejects.toThrow();
  });
});
