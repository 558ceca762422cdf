/**
 * The console end to end in a real browser (Playwright driving the system Chromium) against a real
 * local server (wrangler dev, sandbox upstream): the operator invites an owner through the management
 * API; the owner sets a password on the invitation page, signs in, creates an API key on the keys page
 * (shown once), which works on the open API, revokes it there (the open API then answers 401), creates
 * another, with which a check runs through the open API; every candidate of the check is reviewed in
 * the console's review screen; the check then is `completed`, and the audit page shows each step
 * with its actor: the operator, the user, the API key.
 *
 * It starts its own wrangler dev and a browser (three to four minutes on the shared machine), so it runs
 * with `npm run test:browser` (VIEWER_BROWSER_TEST=1) and is reported as skipped otherwise.
 */
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { BROWSER_TESTS, launchChromium } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/dev-server.mjs";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { sandboxRegistry } from "../../worker/upstream/sandbox";
import { reviewSettled, reviewState } from "./console-review.probes.js";
import { untilTerminal } from "./viewer.fixture";

const PORT = Number(process.env.CONSOLE_TEST_PORT ?? 18830);
const OWNER_EMAIL = "owner@bank.example";
const PASSWORD = "a long enough password 1";
const SETUP_MS = 240_000;
/**
 * A sandbox subject whose registrations and attachments are all text PDFs: the check's coverage is
 * complete without OCR, so reviewing every candidate completes it (incomplete coverage ends `partial`).
 */
const SUBJECT = "天津示例物流有限公司";
const CANDIDATES = 3;

let server: DevServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let accountId: string;
const problems: string[] = [];

interface AuditRow {
  kind: string;
  actorType: string;
  actorId: string;
}

async function admin<T>(path: string, method = "GET", json?: unknown): Promise<T> {
  const res = await server.call<T>(`/api/admin/v1${path}`, { method, json, admin: true });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
  return res.body;
}

/** An invoice number printed in the description of each of the subject's first CANDIDATES registrations that print one. */
function invoiceCriteria(): Array<{ kind: "invoice_no"; value: string }> {
  const numbers: string[] = [];
  for (const registration of sandboxRegistry.listing(SUBJECT)) {
    const fresh = sandboxRegistry.invoiceNumbersOf(SUBJECT, registration.certificateNumber, "description").find((n) => !numbers.includes(n));
    if (fresh) numbers.push(fresh);
    if (numbers.length === CANDIDATES) break;
  }
  return numbers.map((value) => ({ kind: "invoice_no", value }));
}

/** The subject queried, then checked against that query, through the open API with `key`. */
async function openApiCheck(key: string): Promise<string> {
  const query = await server.call<{ queries: Array<{ id: string }> }>("/api/open/v1/queries", {
    method: "POST",
    key,
    json: { subjectNames: [SUBJECT] },
  });
  expect(query.status).toBe(202);
  const queryId = query.body.queries[0]!.id;
  await untilTerminal(server, key, `/queries/${queryId}`);
  const check = await server.call<{ id: string }>("/api/open/v1/checks", {
    method: "POST",
    key,
    json: { applicant: SUBJECT, criteria: invoiceCriteria(), sourceRegistryQueryId: queryId },
  });
  expect(check.status).toBe(202);
  await untilTerminal(server, key, `/checks/${check.body.id}`);
  return check.body.id;
}

async function openApiStatus(key: string): Promise<number> {
  return (await server.call("/api/open/v1/account/entitlements", { key })).status;
}

/** A key made on the keys page: the value shown once, and its id from the table. */
async function createKeyInConsole(name: string): Promise<{ key: string; id: string }> {
  await page.goto(`${server.base}/console/keys`);
  await page.fill("#key-name", name);
  // A key minted from a session asks for the current password (step-up).
  await page.fill("#key-password", PASSWORD);
  await page.click("#key-create-submit");
  await page.locator("#new-key").waitFor({ state: "visible" });
  const key = (await page.textContent("#new-key-value"))!.trim();
  await page.click("#new-key-done");
  await page.waitForLoadState("load");
  const row = page.locator("table#keys tr[data-key-id]", { hasText: name });
  return { key, id: (await row.getAttribute("data-key-id"))! };
}

/** A read of the console's JSON from the page, with the session cookie the browser holds. */
async function consoleRead(path: string): Promise<unknown> {
  return page.evaluate(async (path) => (await fetch(`/api/console/v1${path}`)).json(), path);
}

/** The candidates awaiting review: matched and not yet concluded (a result pending for want of data is not reviewable). */
async function pendingCandidates(checkId: string): Promise<string[]> {
  const body = await consoleRead(`/checks/${checkId}/results?resultStatus=pending&matchStatus=matched&pageSize=100`);
  return (body as { items: Array<{ registration: { id: string } }> }).items.map((r) => r.registration.id);
}

/**
 * Reviews every candidate on the review screen, as an analyst would: the first confirmed, the rest
 * false positives, each with a note, the screen moving on to the next by itself until the round is done.
 * @returns the registrations reviewed, in the order the screen showed them
 */
async function reviewEveryCandidate(checkId: string): Promise<string[]> {
  await page.goto(`${server.base}/console/checks/${checkId}/review`);
  await page.waitForFunction(reviewSettled, undefined, { timeout: 30_000 });
  const reviewed: string[] = [];
  for (let state = await page.evaluate(reviewState); state.state === "ready"; state = await page.evaluate(reviewState)) {
    const decision = reviewed.length === 0 ? "#decision-confirmed" : "#decision-false-positive";
    await page.check(decision);
    await page.fill("#review-note", `浏览器测试 ${reviewed.length + 1}`);
    await page.click("#review-submit");
    reviewed.push(state.registrationId);
    await page.waitForFunction(reviewSettled, state.registrationId, { timeout: 30_000 });
  }
  return reviewed;
}

async function auditRows(): Promise<AuditRow[]> {
  await page.goto(`${server.base}/console/audit?pageSize=100`);
  const rows: AuditRow[] = [];
  for (const row of await page.locator("table#audit tr[data-event-id]").all()) {
    const actor = row.locator("td[data-field=actor]");
    rows.push({
      kind: (await row.getAttribute("data-kind")) ?? "",
      actorType: (await actor.getAttribute("data-actor-type")) ?? "",
      actorId: (await actor.getAttribute("data-actor-id")) ?? "",
    });
  }
  return rows;
}

describe.runIf(BROWSER_TESTS)("the console in Chromium, end to end", () => {
  beforeAll(async () => {
    server = await startDevServer({ name: "console", port: PORT, vars: { SANDBOX_SLOW_MS: "0", OCR_URL: "" } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("dialog", (dialog) => void dialog.accept());
    const account = await admin<{ id: string }>("/accounts", "POST", { name: "端到端测试银行" });
    accountId = account.id;
    await admin(`/accounts/${accountId}/subscriptions`, "POST", { planId: "professional", cycle: "annual" });
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  let ownerId: string;
  let revokedKey: { key: string; id: string };
  let checkKey: { key: string; id: string };
  let checkId: string;

  it("takes an invitation: the owner sets a password on the invitation page, then signs in", async () => {
    const invited = await admin<{ id: string; inviteUrl: string }>(`/accounts/${accountId}/users`, "POST", { email: OWNER_EMAIL, role: "owner" });
    ownerId = invited.id;
    expect(invited.inviteUrl.startsWith(`${server.base}/console/invite#`)).toBe(true);
    await page.goto(invited.inviteUrl);
    // The token leaves the address bar at once (history.replaceState): no Referer or screenshot carries it.
    expect(page.url()).toBe(`${server.base}/console/invite`);
    await page.fill("#invite-password", PASSWORD);
    await page.fill("#invite-password-again", PASSWORD);
    await page.click("#invite-submit");
    await page.locator("#invite-done").waitFor({ state: "visible" });
    expect((await page.textContent("#invite-email"))?.trim()).toBe(OWNER_EMAIL);

    await page.click("#invite-sign-in");
    await page.locator("#sign-in-form").waitFor();
    await page.fill("#email", OWNER_EMAIL);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(`${server.base}/console/`), page.click("#sign-in-submit")]);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "__Host-session")).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
  });

  it("creates a key on the keys page that works on the open API, and revokes it: the open API then answers 401", async () => {
    revokedKey = await createKeyInConsole("browser key one");
    expect(revokedKey.key).toMatch(/^rk_v1_/);
    expect(await openApiStatus(revokedKey.key)).toBe(200);
    // Shown once: the table has the prefix, never the key.
    expect(await page.content()).not.toContain(revokedKey.key);
    await Promise.all([page.waitForLoadState("load"), page.click(`button.revoke[data-key-id="${revokedKey.id}"]`)]);
    await expect.poll(() => page.locator(`table#keys tr[data-key-id="${revokedKey.id}"]`).count(), { timeout: 10_000 }).toBe(0);
    expect(await openApiStatus(revokedKey.key)).toBe(401);
  });

  it(
    "runs a check through the open API with a new key, and every candidate reviewed in the console completes it",
    async () => {
      checkKey = await createKeyInConsole("browser key two");
      checkId = await openApiCheck(checkKey.key);
      const candidates = await pendingCandidates(checkId);
      // One invoice number may be printed in more than one registration: at least one candidate per number.
      expect(candidates.length).toBeGreaterThanOrEqual(CANDIDATES);
      expect((await reviewEveryCandidate(checkId)).sort()).toEqual([...candidates].sort());
      const end = await page.evaluate(reviewState);
      expect(end).toMatchObject({ state: "done", checkStatus: "completed" });
      expect(await page.locator("#review-done").isVisible()).toBe(true);
      expect(await pendingCandidates(checkId)).toEqual([]);
      const status = await server.call<{ status: string; pendingReviewCount: number }>(`/api/open/v1/checks/${checkId}`, { key: checkKey.key });
      expect(status.body).toMatchObject({ status: "completed", pendingReviewCount: 0 });
    },
    SETUP_MS,
  );

  it("shows each step on the audit page with its actor: the operator, the user, the API key", async () => {
    const rows = await auditRows();
    const by = (kind: string) => rows.filter((r) => r.kind === kind);
    expect(by("subscription.changed")).toEqual([expect.objectContaining({ actorType: "operator" })]);
    expect(by("user.invited")).toEqual([expect.objectContaining({ actorType: "operator" })]);
    expect(by("user.activated")).toEqual([expect.objectContaining({ actorType: "user", actorId: ownerId })]);
    expect(by("session.created")[0]).toMatchObject({ actorType: "user", actorId: ownerId });
    expect(by("key.created").filter((r) => r.actorType === "user" && r.actorId === ownerId)).toHaveLength(2);
    expect(by("key.revoked")).toEqual([expect.objectContaining({ actorType: "user", actorId: ownerId })]);
    expect(by("query.created")).toEqual([expect.objectContaining({ actorType: "api_key", actorId: checkKey.id })]);
    expect(by("check.created")).toEqual([expect.objectContaining({ actorType: "api_key", actorId: checkKey.id })]);
    const reviews = by("review.written");
    expect(reviews.length).toBeGreaterThanOrEqual(CANDIDATES);
    for (const row of reviews) expect(row).toMatchObject({ actorType: "user", actorId: ownerId });
    // Newest first: the last review is above the check it reviewed, which is above the invitation.
    const at = (kind: string) => rows.findIndex((r) => r.kind === kind);
    expect(at("review.written")).toBeLessThan(at("check.created"));
    expect(at("check.created")).toBeLessThan(at("user.invited"));
    expect(problems).toEqual([]);
  });
});
