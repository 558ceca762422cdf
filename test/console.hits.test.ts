/**
 * The account's memory of a receivable (console-api.md, GET /hits?value=, the page /console/hits and
 * the checks search) and a result's standing on the check page, on the sandbox's 沿革 subject
 * (worker/upstream/sandbox/history.ts): every check that looked for a number however it is typed, or
 * hit a registration that names it, with those hits, their standing and conclusion; never another
 * account's.
 */
import { describe, expect, it } from "vitest";
import { HISTORY_CHAINS, historyChainStart, sandboxRegistry } from "../worker/upstream/sandbox";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { body, call, expectError, idempotencyKey, newAccount, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "沿革示例贸易有限公司";
const invoice = (name: string) => HISTORY_CHAINS.find((c) => c.name === name)!.invoice;
const listing = sandboxRegistry.listing(SUBJECT);

interface Hit {
  check: { id: string; applicant: string; createdAt: string; status: string; createdBy: { label: string } | null };
  looked: boolean;
  results: Array<{
    registrationId: string;
    certificateNumber: string;
    matchStatus: string;
    strength?: string;
    manualDecision: string | null;
    standing?: { state: string; stillDescribed: boolean | null };
  }>;
}
type HitPage = { items: Hit[]; total: number; page: number; pageSize: number };

function page(s: ConsoleSession, path: string, lang = "en"): Promise<Response> {
  return call(path, { redirect: "manual", headers: { Cookie: `${s.cookie}; console-lang=${lang}` } });
}

async function startCheck(s: ConsoleSession, criteria: Array<{ kind: string; value: string }>, sourceRegistryQueryId?: string) {
  const res = await consoleCall(s, "/checks", {
    method: "POST",
    json: { applicant: SUBJECT, criteria, ...(sourceRegistryQueryId ? { sourceRegistryQueryId } : {}) },
    headers: { "Idempotency-Key": idempotencyKey() },
  });
  expect(res.status).toBe(202);
  const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  await waitForQuery(check.sourceRegistryQueryId, 120_000);
  await waitForCheck(check.id, 120_000);
  return { checkId: check.id, queryId: check.sourceRegistryQueryId };
}

describe("the account's memory and the standing on the console", () => {
  it("answers every check that looked for a number, with what it hit, its standing and conclusion", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const { checkId, queryId } = await startCheck(owner, [
      { kind: "invoice_no", value: invoice("cancelled") },
      { kind: "invoice_no", value: invoice("plain") },
    ]);
    const hits = async (value: string) => body<HitPage>(await consoleCall(owner, `/hits?value=${encodeURIComponent(value)}`));

    // Typed with full-width digits and spaces, the number finds the check that looked for it.
    const cancelled = await hits(" ３１００ ０２０２ ");
    expect(cancelled.total).toBe(1);
    const [hit] = cancelled.items;
    expect(hit!.check).toMatchObject({ id: checkId, applicant: SUBJECT, status: "review_pending" });
    expect(hit!.check.createdBy?.label).toBe(owner.email);
    expect(hit!.looked).toBe(true);
    const cancelledInitial = listing[historyChainStart("cancelled")]!.certificateNumber;
    const initialHit = hit!.results.find((r) => r.certificateNumber === cancelledInitial)!;
    expect(initialHit).toMatchObject({ matchStatus: "matched", strength: "invoice_match", manualDecision: null, standing: { state: "cancelled" } });
    // Only what hit this number: the plain chain's registration matched the other criterion.
    expect(hit!.results.some((r) => r.certificateNumber === listing[historyChainStart("plain")]!.certificateNumber)).toBe(false);

    // A later check that looked for a keyword in traditional characters, on the same query: it hit the
    // registrations that name the number without looking for it, and simplified characters find it.
    const { checkId: keywordCheck } = await startCheck(owner, [{ kind: "keyword", value: "應收賬款" }], queryId);
    const both = await hits(invoice("cancelled"));
    expect(both.items.map((i) => [i.check.id, i.looked])).toEqual([
      [keywordCheck, false],
      [checkId, true],
    ]);
    const touched = both.items[0]!.results.map((r) => r.certificateNumber).sort();
    const cancelledChain = [0, 1].map((k) => listing[historyChainStart("cancelled") + k]!.certificateNumber).sort();
    expect(touched).toEqual(cancelledChain);
    expect((await hits("应收账款")).items.map((i) => [i.check.id, i.looked])).toEqual([
      [keywordCheck, true],
      [checkId, false],
    ]);

    // A conclusion shows.
    const review = await consoleCall(owner, `/checks/${checkId}/results/${initialHit.registrationId}/review`, {
      method: "PUT",
      json: { decision: "false_positive", note: "已注销的登记" },
    });
    expect(review.status).toBe(200);
    const reviewed = (await hits(invoice("cancelled"))).items.find((h) => h.check.id === checkId)!;
    expect(reviewed.results.find((r) => r.registrationId === initialHit.registrationId)!.manualDecision).toBe("false_positive");
    expect((await hits("31000999")).total).toBe(0);

    // Another account never sees this account's checks.
    const other = await consoleUser((await newAccount()).accountId, "owner");
    expect((await body<HitPage>(await consoleCall(other, `/hits?value=${invoice("cancelled")}`))).total).toBe(0);
    await expectError(await consoleCall(owner, "/hits?value=%20"), 400, "VALIDATION_FAILED");
    await expectError(await consoleCall(owner, "/hits"), 400, "VALIDATION_FAILED");

    // The page, and the checks search that leads to it.
    const html = await (await page(owner, `/console/hits?value=${invoice("cancelled")}`)).text();
    expect(html).toContain(`data-check-id="${checkId}"`);
    expect(html).toMatch(/<span class="standing" data-state="cancelled" data-live="false"\s*>Cancelled \(cancellation \d{20}\)/);
    expect(html).toContain("Excluded (false positive)");
    const search = await (await page(owner, `/console/checks?search=${encodeURIComponent("３１０００２０２")}`)).text();
    expect(search).toContain(`data-check-id="${checkId}"`);
    expect(search).toContain(`id="hits-link" href="/console/hits?value=${encodeURIComponent("３１０００２０２")}"`);
  }, 240_000);

  it("shows each result's standing on the check page, live conflicts first when asked", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const { checkId } = await startCheck(owner, [
      { kind: "invoice_no", value: invoice("cancelled") },
      { kind: "invoice_no", value: invoice("expired") },
      { kind: "invoice_no", value: invoice("extended") },
    ]);
    const html = await (await page(owner, `/console/checks/${checkId}?matchStatus=matched&sort=standing`, "zh-CN")).text();
    const states = [...html.matchAll(/<td data-field="standing"[^>]*><span class="standing" data-state="(\w+)" data-live="(\w+)"/g)].map((m) => m[1]);
    expect(states).toEqual(["in_force", "in_force", "expired", "cancelled", "cancelled"]);
    expect(html).toContain("有效至 2035-03-01");
    expect(html).toContain("已于 2021-01-08 到期");
    expect(html).toContain('<option value="standing" selected>有效冲突优先</option>');
  }, 240_000);
});
