import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { normalizeValue } from "../worker/domain/matching";
import { admin, body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery, shardOfAccount } from "./helpers";
import type { Check, CheckResult, EvidenceLocations, Navigation, ResultPage } from "./api-types";

const SUBJECT = "深圳前海示例商业保理有限公司";

/** A registration of the subject whose description prints invoice numbers, and one of those numbers. */
function pickInvoice(): { certificateNumber: string; invoice: string } {
  for (const reg of sandboxRegistry.listing(SUBJECT)) {
    const numbers = sandboxRegistry.invoiceNumbersOf(SUBJECT, reg.certificateNumber, "description");
    if (numbers.length > 0) return { certificateNumber: reg.certificateNumber, invoice: numbers[0]! };
  }
  throw new Error("the sandbox subject prints no invoice number");
}

async function postCheck(key: string, json: unknown, idem = idempotencyKey()) {
  return open("/checks", key, { method: "POST", json, headers: { "Idempotency-Key": idem } });
}

describe("a duplicate check end to end", () => {
  it("finds an invoice number with page-level evidence, then follows manual review", async () => {
    const a = await newAccount();
    const { certificateNumber, invoice } = pickInvoice();
    const res = await postCheck(a.key, {
      applicant: SUBJECT,
      criteria: [
        { kind: "invoice_no", value: invoice },
        { kind: "invoice_no", value: "98765432109" },
        { kind: "keyword", value: "根本不存在的关键词" },
      ],
    });
    expect(res.status).toBe(202);
    const created = await body<Check>(res);
    expect(created).toMatchObject({ applicant: SUBJECT, status: "processing", executionStatus: "queued", candidateCount: 0 });
    expect(created.criteria).toHaveLength(3);
    expect(created).not.toHaveProperty("completedAt");

    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const check = await body<Check>(await open(`/checks/${created.id}`, a.key));
    const [invoiceId, absentId, keywordId] = created.criteria.map((c: { id: string }) => c.id);
    expect(check.status).toBe("review_pending");
    expect(check.executionStatus).toBe("succeeded");
    expect(check.candidateCount).toBeGreaterThanOrEqual(1);
    expect(check.pendingReviewCount).toBe(check.candidateCount);
    expect(check.unmatchedCriterionIds).toEqual(expect.arrayContaining([absentId, keywordId]));
    expect(check.unmatchedCriterionIds).not.toContain(invoiceId);
    expect(check.criterionCounts.find((c: { criterionId: string }) => c.criterionId === invoiceId)!.count).toBeGreaterThanOrEqual(1);
    expect(check).toHaveProperty("processingCompletedAt");
    expect(check).not.toHaveProperty("completedAt");

    const regs = await body<{ items: Array<{ id: string; certificateNumber: string }> }>(
      await open(`/queries/${check.sourceRegistryQueryId}/registrations?pageSize=100`, a.key),
    );
    const reg = regs.items.find((r) => r.certificateNumber === certificateNumber)!;
    const result = await body<CheckResult>(await open(`/checks/${check.id}/results/${reg.id}`, a.key));
    expect(result.matchStatus).toBe("matched");
    expect(result.resultStatus).toBe("pending");
    expect(result.check?.strength).toBe("invoice_match");
    expect(result.check?.systemDecision).toMatchObject({ decision: "matched", reason: "invoice_exact_match" });
    expect(result.check).not.toHaveProperty("manualReview");
    const evidence = result.check!.evidence.find((e: { criterionId: string }) => e.criterionId === invoiceId)!;
    expect(evidence).toMatchObject({ certificateNumber, sourceField: "property_description", termKind: "invoice_no" });
    expect(String(evidence.matchedAt)).toMatch(/\+08:00$/);

    // Offsets are in the page text: slicing the stored page text gives the hit.
    const doc = await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT text_key FROM documents WHERE id = ?")
      .bind(evidence.documentId)
      .first<{ text_key: string }>();
    const pages = ((await (await env.FILES.get(doc!.text_key))!.json()) as { texts: string[] }).texts;
    const slice = pages[evidence.pageNumber! - 1]!.slice(evidence.start, evidence.end);
    expect(slice).toBe(evidence.termValue);
    expect(normalizeValue(slice)).toContain(invoice.length === 8 ? invoice.slice(0, 4) : invoice.slice(0, 8));
    const h = evidence.highlightRanges[0]!;
    expect(evidence.snippet.slice(h.start, h.end)).toBe(slice);

    const locations = await body<EvidenceLocations>(
      await open(
        `/checks/${check.id}/results/${reg.id}/evidence-locations?documentId=${evidence.documentId}&pageNumber=${evidence.pageNumber}`,
        a.key,
      ),
    );
    expect(locations.locations.map((l: { evidenceId: string }) => l.evidenceId)).toContain(evidence.id);
    expect(locations).toMatchObject({ coordinateSystem: "normalized_top_left", pageNumber: evidence.pageNumber, rotation: 0 });
    expect(locations.width).toBeGreaterThan(0);
    // A text layer: quads on the hit's characters (test/evidence.locations.test.ts checks them against the drawing).
    expect(locations.locations[0]).toMatchObject({ precision: "word", reason: null });
    expect(locations.locations[0]!.quads.length).toBeGreaterThanOrEqual(1);

    // Filters and navigation.
    const matchedOnly = await body<ResultPage>(await open(`/checks/${check.id}/results?matchStatus=matched`, a.key));
    expect(matchedOnly.total).toBe(check.candidateCount);
    expect(matchedOnly.counts.all).toBe(regs.items.length);
    expect(matchedOnly.reviewableCount).toBe(check.candidateCount);
    const nav = await body<Navigation>(await open(`/checks/${check.id}/results/${reg.id}/navigation?matchStatus=matched`, a.key));
    expect(nav.total).toBe(check.candidateCount);
    expect(nav.position).toBeGreaterThanOrEqual(1);
    const unmatchedReg = regs.items.find((r) => r.id !== reg.id);
    if (unmatchedReg) {
      const other = await body<Navigation>(await open(`/checks/${check.id}/results/${unmatchedReg.id}/navigation?resultStatus=confirmed`, a.key));
      expect(other).toEqual({ total: 0, position: null, previousRegistrationId: null, nextRegistrationId: null });
    }

    // Manual review: the system decision stays, the counts follow, the check completes.
    const matched = matchedOnly.items as Array<{ registration: { id: string } }>;
    for (const [i, item] of matched.entries()) {
      const review = await admin(`/checks/${check.id}/results/${item.registration.id}/review`, {
        method: "PUT",
        json: { decision: i === 0 ? "confirmed" : "false_positive", note: "核对发票原件" },
      });
      expect(review.status).toBe(200);
    }
    const reviewed = await body<Check>(await open(`/checks/${check.id}`, a.key));
    expect(reviewed.status).toBe("completed");
    expect(reviewed.confirmedRiskCount).toBe(1);
    expect(reviewed.excludedCount).toBe(matched.length - 1);
    expect(reviewed.pendingReviewCount).toBe(0);
    expect(reviewed).toHaveProperty("completedAt");
    const after = await body<CheckResult>(await open(`/checks/${check.id}/results/${matched[0]!.registration.id}`, a.key));
    expect(after.resultStatus).toBe("confirmed");
    expect(after.check?.manualReview).toMatchObject({ decision: "confirmed", note: "核对发票原件" });
    expect(after.check?.systemDecision?.decision).toBe("matched");
    expect(after.check?.version).toBe(2);
    if (unmatchedReg && !matched.some((m) => m.registration.id === unmatchedReg.id)) {
      const refused = await admin(`/checks/${check.id}/results/${unmatchedReg.id}/review`, {
        method: "PUT",
        json: { decision: "confirmed", note: "" },
      });
      expect(refused.status).toBe(409);
    }

    // Charges: one query (settled) and one check (settled).
    const ledger = await env.DB.prepare("SELECT kind, entry FROM allowance_ledger WHERE account_id = ? ORDER BY kind, entry").bind(a.accountId).all();
    expect(ledger.results).toEqual([
      { kind: "check", entry: "reserve" },
      { kind: "check", entry: "settle" },
      { kind: "query", entry: "reserve" },
      { kind: "query", entry: "settle" },
    ]);

    // Reusing the finished query charges a check only.
    const reuse = await postCheck(a.key, {
      applicant: SUBJECT,
      criteria: [{ kind: "keyword", value: "发票" }],
      sourceRegistryQueryId: check.sourceRegistryQueryId,
    });
    expect(reuse.status).toBe(202);
    const reused = await body<Check>(reuse);
    expect(reused.sourceRegistryQueryId).toBe(check.sourceRegistryQueryId);
    await waitForCheck(reused.id);
    const charges = await env.DB.prepare(
      "SELECT kind, COUNT(*) AS n FROM allowance_ledger WHERE account_id = ? AND entry = 'reserve' GROUP BY kind ORDER BY kind",
    )
      .bind(a.accountId)
      .all();
    expect(charges.results).toEqual([
      { kind: "check", n: 2 },
      { kind: "query", n: 1 },
    ]);

    // Another account sees none of it.
    const b = await newAccount();
    for (const path of [
      `/checks/${check.id}`,
      `/checks/${check.id}/results`,
      `/checks/${check.id}/results/${reg.id}`,
      `/checks/${check.id}/results/${reg.id}/navigation`,
      `/checks/${check.id}/results/${reg.id}/evidence-locations?documentId=${evidence.documentId}&pageNumber=1`,
    ]) {
      const r = await open(path, b.key);
      expect(r.status, path).toBe(404);
      expect((await body(r)).code).toBe("NOT_FOUND");
    }
    const foreignSource = await postCheck(b.key, {
      applicant: SUBJECT,
      criteria: [{ kind: "keyword", value: "x" }],
      sourceRegistryQueryId: check.sourceRegistryQueryId,
    });
    expect(foreignSource.status).toBe(404);
  });

  it("refuses checks without the check entitlement, bad invoice numbers and unfinished or foreign-subject sources", async () => {
    const light = await newAccount("light");
    const refused = await postCheck(light.key, { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "发票" }] });
    expect(refused.status).toBe(403);
    expect((await body(refused)).code).toBe("CHECK_PLAN_REQUIRED");

    const a = await newAccount();
    const bad = await postCheck(a.key, {
      applicant: SUBJECT,
      criteria: [
        { kind: "invoice_no", value: "12AB" },
        { kind: "keyword", value: "" },
      ],
    });
    expect(bad.status).toBe(400);
    const fields = (await body<{ details: { fields: Array<{ path: string; code: string }> } }>(bad)).details.fields;
    expect(fields.map((f) => f.path)).toContain("criteria[1].value");

    const tooMany = await postCheck(a.key, { applicant: SUBJECT, criteria: Array.from({ length: 101 }, () => ({ kind: "keyword", value: "x" })) });
    expect(tooMany.status).toBe(400);

    const q = await body<{ queries: Array<{ id: string }> }>(
      await open("/queries", a.key, { method: "POST", json: { subjectNames: ["另一家示例公司"] }, headers: { "Idempotency-Key": idempotencyKey() } }),
    );
    const other = await postCheck(a.key, {
      applicant: SUBJECT,
      criteria: [{ kind: "keyword", value: "x" }],
      sourceRegistryQueryId: q.queries[0]!.id,
    });
    expect(other.status).toBe(400);
    expect((await body<{ details: { fields: Array<{ path: string }> } }>(other)).details.fields[0]!.path).toBe("sourceRegistryQueryId");
    // A 排队 subject waits for an upstream resource for seconds: its query is certainly unfinished.
    const waiting = await body<{ queries: Array<{ id: string }> }>(
      await open("/queries", a.key, { method: "POST", json: { subjectNames: ["排队示例公司"] }, headers: { "Idempotency-Key": idempotencyKey() } }),
    );
    const unfinished = await postCheck(a.key, {
      applicant: "排队示例公司",
      criteria: [{ kind: "keyword", value: "x" }],
      sourceRegistryQueryId: waiting.queries[0]!.id,
    });
    expect(unfinished.status).toBe(409);
    expect((await body(unfinished)).code).toBe("SOURCE_QUERY_NOT_FINISHED");
    const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM allowance_ledger WHERE account_id = ? AND kind = 'check'")
      .bind(light.accountId)
      .first<{ n: number }>();
    expect(ledger?.n).toBe(0);
  });
});
