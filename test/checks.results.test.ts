/**
 * Check results under each filter and order, navigation that follows them, counts that ignore them,
 * search by id, and review refusals.
 */
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { admin, body, expectError, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";
import type { Check } from "./api-types";

const SUBJECT = "杭州示例商贸集团有限公司";

type Item = { registration: { id: string }; matchStatus: string; resultStatus: string; strength?: string; matchedCriterionIds: string[] };
type Page = {
  items: Item[];
  total: number;
  counts: { all: number; pending: number; unmatched: number; confirmed: number; excluded: number };
  reviewableCount: number;
};

function invoiceOfSomeRegistration(): string {
  for (const reg of sandboxRegistry.listing(SUBJECT)) {
    const numbers = sandboxRegistry.invoiceNumbersOf(SUBJECT, reg.certificateNumber, "description");
    if (numbers.length > 0) return numbers[0]!;
  }
  throw new Error("no invoice printed for the subject");
}

describe("check results", () => {
  it("filters, orders, navigates and counts", async () => {
    const a = await newAccount();
    const created = await body<{ id: string; sourceRegistryQueryId: string; criteria: Array<{ id: string }> }>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: {
          applicant: SUBJECT,
          criteria: [
            { kind: "invoice_no", value: invoiceOfSomeRegistration() },
            { kind: "keyword", value: "有限公司" },
          ],
        },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const [invoiceId, keywordId] = created.criteria.map((c) => c.id);
    const list = async (qs: string) => body<Page>(await open(`/checks/${created.id}/results?pageSize=100&${qs}`, a.key));

    const all = await list("");
    expect(all.total).toBe(all.counts.all);
    expect(all.counts.all).toBe(all.counts.pending + all.counts.unmatched + all.counts.confirmed + all.counts.excluded);

    const invoices = await list("strength=invoice_match");
    expect(invoices.total).toBeGreaterThanOrEqual(1);
    expect(invoices.items.every((i) => i.strength === "invoice_match" && i.matchedCriterionIds.includes(invoiceId!))).toBe(true);
    expect(invoices.counts).toEqual(all.counts);

    const byKeyword = await list(`criterionId=${keywordId}`);
    expect(byKeyword.items.every((i) => i.matchedCriterionIds.includes(keywordId!))).toBe(true);
    expect(byKeyword.total).toBe(all.items.filter((i) => i.matchedCriterionIds.includes(keywordId!)).length);

    const multi = await list("matchStatus=matched&matchStatus=pending");
    const comma = await list("matchStatus=matched,pending");
    expect(comma.items.map((i) => i.registration.id)).toEqual(multi.items.map((i) => i.registration.id));
    expect(multi.total).toBe(all.items.filter((i) => i.matchStatus !== "unmatched").length);

    const byStrength = await list("sort=strength");
    const rank = (i: Item) => (i.strength === "invoice_match" ? 0 : i.strength === "keyword_only" ? 1 : 2);
    const ranks = byStrength.items.map(rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const byHits = await list("sort=hits");
    const hits = byHits.items.map((i) => i.matchedCriterionIds.length);
    expect(hits).toEqual([...hits].sort((x, y) => y - x));

    // Navigation walks the same filtered order as the list.
    const walked: string[] = [];
    let current: string | null = byStrength.items[0]!.registration.id;
    while (current) {
      walked.push(current);
      const nav: { position: number; nextRegistrationId: string | null; total: number } = await body(
        await open(`/checks/${created.id}/results/${current}/navigation?sort=strength`, a.key),
      );
      expect(nav.position).toBe(walked.length);
      expect(nav.total).toBe(byStrength.total);
      current = nav.nextRegistrationId;
    }
    expect(walked).toEqual(byStrength.items.map((i) => i.registration.id));

    await expectError(await open(`/checks/${created.id}/results?resultStatus=bogus`, a.key), 400, "VALIDATION_FAILED");
    await expectError(await open(`/checks/${created.id}/results?sort=bogus`, a.key), 400, "VALIDATION_FAILED");

    // Search: a whole id finds its check; a fragment of ids finds nothing.
    const found = await body<{ items: Array<{ id: string }> }>(await open(`/checks?search=${created.id}`, a.key));
    expect(found.items.map((c) => c.id)).toEqual([created.id]);
    const fragment = await body<{ total: number }>(await open(`/checks?search=chk_`, a.key));
    expect(fragment.total).toBe(0);

    // Reviews: only matched candidates; unknown results are 404.
    const unmatched = all.items.find((i) => i.matchStatus === "unmatched");
    if (unmatched) {
      const refused = await admin(`/checks/${created.id}/results/${unmatched.registration.id}/review`, {
        method: "PUT",
        json: { decision: "confirmed", note: "x" },
      });
      expect(refused.status).toBe(409);
    }
    const missing = await admin(`/checks/${created.id}/results/reg_nope/review`, { method: "PUT", json: { decision: "confirmed", note: "x" } });
    expect(missing.status).toBe(404);
  });

  it("keeps quarantined candidates out of review and reports incomplete coverage", async () => {
    const a = await newAccount();
    const subject = "隔离示例融资租赁有限公司";
    const created = await body<{ id: string; sourceRegistryQueryId: string }>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: subject, criteria: [{ kind: "keyword", value: "有限公司" }] },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const check = await body<Check>(await open(`/checks/${created.id}`, a.key));
    expect(check.sourceStatus).toBe("quarantined");
    expect(check.coverageComplete).toBe(false);
    expect(check.coverageIssues.map((i: { code: string }) => i.code)).toContain("SOURCE_QUARANTINED");
    expect(check.pendingReviewCount).toBe(0);
    expect(check.status).toBe("partial");
    expect(check.failure?.code).toBe("CHECK_COVERAGE_INCOMPLETE");
    const page = await body<Page>(await open(`/checks/${created.id}/results?matchStatus=matched`, a.key));
    // Quarantined certificates are read and parsed: their hits are found, and only review is withheld.
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.reviewableCount).toBe(0);
    for (const item of page.items) {
      const refused = await admin(`/checks/${created.id}/results/${item.registration.id}/review`, {
        method: "PUT",
        json: { decision: "confirmed", note: "" },
      });
      expect(refused.status).toBe(409);
    }
  });
});
