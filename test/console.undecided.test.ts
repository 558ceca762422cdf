/**
 * Undecided results in the console (console-api.md, Pages: "A result that could not be decided (a
 * document that was not read) says which document and why, offers no review form, and offers a new
 * check on the same query"). The sandbox's 部分 marker leaves a certificate missing and one corrupt, so
 * a check over such a query has results it could not decide (matchStatus pending). The check's page
 * says so in the page's language, without a review link or the API's codes, and counts them apart from
 * those awaiting review, so that its header, its rows and the overview agree; the review screen asked
 * for one by its URL offers no form; the new-check form it offers starts from the same query and criteria.
 */
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { body, call, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "部分示例商贸有限公司";

function page(s: ConsoleSession, path: string, lang?: string): Promise<Response> {
  return call(path, { redirect: "manual", headers: { Cookie: [s.cookie, lang ? `console-lang=${lang}` : ""].filter(Boolean).join("; ") } });
}

interface Summary {
  registration: { id: string; certificateNumber: string };
  matchStatus: string;
  resultStatus: string;
  pendingReason?: string;
}

/** A finished check over a 部分 query: an invoice number printed on one of its readable certificates, and a keyword. */
async function checkWithUndecided(key: string) {
  const numbers = sandboxRegistry
    .listing(SUBJECT)
    .flatMap((r) => sandboxRegistry.invoiceNumbersOf(SUBJECT, r.certificateNumber, "description"))
    .slice(0, 1);
  const res = await open("/checks", key, {
    method: "POST",
    headers: { "Idempotency-Key": idempotencyKey() },
    json: { applicant: SUBJECT, criteria: [...numbers.map((value) => ({ kind: "invoice_no", value })), { kind: "keyword", value: "应收账款" }] },
  });
  expect(res.status).toBe(202);
  const created = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  await waitForQuery(created.sourceRegistryQueryId);
  await waitForCheck(created.id);
  return { checkId: created.id, queryId: created.sourceRegistryQueryId, criteria: numbers };
}

/** Each results row of the check page: its registration, review state, whether it is reviewable, and its HTML. */
function rows(html: string) {
  return [
    ...html.matchAll(/<tr\s+data-registration-id="(reg_[^"]+)"\s+data-result-status="(\w+)"\s+data-reviewable="(\w+)"\s*>([\s\S]*?)<\/tr>/g),
  ].map((m) => ({ id: m[1]!, resultStatus: m[2]!, reviewable: m[3] === "true", html: m[4]! }));
}

const fact = (html: string, field: string) => new RegExp(`<dd data-field="${field}">(?:<a [^>]*>)?([\\d,]+)`).exec(html)?.[1];

describe("a result that could not be decided, in the console", () => {
  it("says which document and why on the check page, offers a new check instead of a review, and counts it apart", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const { checkId, queryId } = await checkWithUndecided(a.key);
    const listed = await body<{ items: Summary[]; reviewableCount: number }>(await consoleCall(analyst, `/checks/${checkId}/results?pageSize=100`));
    const undecided = listed.items.filter((r) => r.matchStatus === "pending");
    expect(undecided.length).toBeGreaterThan(0);
    const missing = undecided.find((r) => r.pendingReason === "CERTIFICATE_MISSING");
    expect(missing).toBeDefined();

    const html = await (await page(analyst, `/console/checks/${checkId}?pageSize=100`)).text();
    const shown = rows(html);
    expect(shown).toHaveLength(listed.items.length);
    for (const r of undecided) {
      const row = shown.find((x) => x.id === r.registration.id)!;
      expect(row.reviewable, r.registration.certificateNumber).toBe(false);
      expect(row.html).not.toContain("review-link");
      expect(row.html).not.toContain("待复核");
      expect(row.html).toContain("无法判定");
      expect(row.html).toContain(`class="recheck-link" href="/console/checks/new?query=${queryId}&amp;from=${checkId}"`);
    }
    const missingRow = shown.find((x) => x.id === missing!.registration.id)!;
    expect(missingRow.html).toContain(`登记证明 ${missing!.registration.certificateNumber}：登记系统未提供该文件，未能检索。`);
    // No code of the API on the page: the reasons are words.
    expect(html).not.toMatch(/CERTIFICATE_MISSING|CERTIFICATE_UNPARSED|PAGES_NOT_READ|REVIEW_NOT_ALLOWED/);

    // The header, the rows and the overview count the same candidates awaiting review.
    const check = await body<{ pendingReviewCount: number }>(await consoleCall(analyst, `/checks/${checkId}`));
    const awaitingRows = shown.filter((x) => x.resultStatus === "pending" && x.reviewable);
    expect(awaitingRows).toHaveLength(check.pendingReviewCount);
    expect(check.pendingReviewCount).toBe(listed.reviewableCount);
    expect(fact(html, "pendingReviewCount")).toBe(String(check.pendingReviewCount));
    expect(fact(html, "undecidedCount")).toBe(String(undecided.length));
    for (const row of awaitingRows) expect(row.html).toContain("review-link");
    const overview = await (await page(analyst, "/console/")).text();
    const item = new RegExp(`<li data-check-id="${checkId}">\\s*<a [^>]+>[^<]*?(\\d+) 个候选待复核`).exec(overview);
    if (check.pendingReviewCount === 0) expect(item).toBeNull();
    else expect(item?.[1]).toBe(String(check.pendingReviewCount));

    // In English, the same in English.
    const english = await (await page(analyst, `/console/checks/${checkId}?pageSize=100`, "en")).text();
    const englishRow = rows(english).find((x) => x.id === missing!.registration.id)!;
    expect(englishRow.html).toContain("Undetermined");
    expect(englishRow.html).toContain("Cannot be reviewed");
    expect(englishRow.html).toContain(
      `the certificate ${missing!.registration.certificateNumber}: the registry did not provide the file, so it was not searched.`,
    );
    expect(englishRow.html).toContain("New check on the same query");
  });

  it("offers no review form on the review screen for it, and a new check on the same query with the same criteria", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const viewer = await consoleUser(a.accountId, "viewer");
    const { checkId, queryId, criteria } = await checkWithUndecided(a.key);
    const listed = await body<{ items: Summary[] }>(await consoleCall(analyst, `/checks/${checkId}/results?matchStatus=pending&pageSize=100`));
    const target = listed.items[0]!;

    const review = await page(analyst, `/console/checks/${checkId}/review?registration=${target.registration.id}`);
    expect(review.status).toBe(200);
    const html = await review.text();
    expect(html).not.toContain('id="review-form"');
    expect(html).not.toContain("review.js");
    expect(html).toContain(`<section id="unreviewable" data-registration-id="${target.registration.id}" data-match-status="pending">`);
    expect(html).toContain(target.registration.certificateNumber);
    expect(html).toContain(`href="/console/checks/new?query=${queryId}&amp;from=${checkId}"`);
    expect(html).not.toMatch(/CERTIFICATE_MISSING|CERTIFICATE_UNPARSED|REVIEW_NOT_ALLOWED/);
    // A viewer reads why, and is offered no new check (the form would refuse the role).
    const viewed = await (await page(viewer, `/console/checks/${checkId}/review?registration=${target.registration.id}`)).text();
    expect(viewed).toContain('id="unreviewable"');
    expect(viewed).not.toContain("recheck-link");
    // The API refuses a conclusion on it, as before: the page never offers one.
    const put = await consoleCall(analyst, `/checks/${checkId}/results/${target.registration.id}/review`, {
      method: "PUT",
      json: { decision: "confirmed", note: "x" },
    });
    expect(put.status).toBe(409);

    const form = await (await page(analyst, `/console/checks/new?query=${queryId}&from=${checkId}`)).text();
    expect(form).toMatch(new RegExp(`<option value="${queryId}"[^>]*selected`));
    const invoices = /<textarea id="check-invoices"[^>]*>([^<]*)<\/textarea>/.exec(form)?.[1];
    expect(invoices?.split("\n")).toEqual(criteria);
    expect(/<textarea id="check-keywords"[^>]*>([^<]*)<\/textarea>/.exec(form)?.[1]).toBe("应收账款");
  });
});
