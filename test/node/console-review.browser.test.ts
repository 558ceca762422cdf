/**
 * The console's review screen in a real browser (Playwright driving the system Chromium) against a
 * real local server (wrangler dev, sandbox upstream): an analyst signs in, opens a check with several
 * candidates awaiting review, decides each one by keyboard with a note and lands on the next each
 * time, sees the hit boxed on the drawn page, and ends on the check completed (read back through the
 * JSON API); a result that cannot be reviewed gets no form, and a conclusion the API refuses (409) is said in
 * words with the typed note kept; on a
 * phone the page comes above the form and nothing is wider than the screen.
 *
 * Gated like test/node/viewer.browser.test.ts (`npm run test:browser`, VIEWER_BROWSER_TEST=1): one
 * wrangler dev, one browser, one signed-in context for every test.
 */
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { BROWSER_TESTS, launchChromium } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../scripts/lib/dev-server.mjs";
import { drawnHit, horizontalOverflow, reviewSettled, reviewState, signInHere, windowScroll } from "./console-review.probes.js";
import { activeUser, checkAwaitingReview, PASSWORD, reviewAccount } from "./console-review.fixture";
import { currentBoxes, storedItems } from "./viewer.probes.js";

/** wrangler dev, migrations, a query and a check: minutes when six agents share two cores. */
const SETUP_MS = 480_000;
const CANDIDATES = 3;
/** Where the phone and desk screenshots go (…-phone.png, …-desk.png). */
const SCREENSHOT = process.env.REVIEW_SCREENSHOT ?? "bench/out/console-review.png";

let server: DevServer;
let browser: Browser;
let context: BrowserContext;
let key: string;
let checkId: string;
let unmatched: string[];
let viewerEmail: string;
const problems: string[] = [];

interface Candidate {
  registrationId: string;
  resultStatus: string;
  reviewNote?: string;
}

async function results(filter: string): Promise<Candidate[]> {
  const page = await server.call<{ items: Array<{ registration: { id: string }; resultStatus: string; reviewNote?: string }> }>(
    `/api/open/v1/checks/${checkId}/results?pageSize=100&${filter}`,
    { key },
  );
  return page.body.items.map((r) => ({ registrationId: r.registration.id, resultStatus: r.resultStatus, reviewNote: r.reviewNote }));
}

async function openReview(page: Page, registrationId?: string, check = checkId): Promise<void> {
  const query = registrationId ? `?registration=${registrationId}` : "";
  await page.goto(`${server.base}/console/checks/${check}/review${query}`);
  await page.waitForFunction(reviewSettled, undefined, { timeout: 30_000 });
}

async function settledAfter(page: Page, leaving: string): Promise<void> {
  await page.waitForFunction(reviewSettled, leaving, { timeout: 30_000 });
}

describe.runIf(BROWSER_TESTS)("the console's review screen in Chromium", () => {
  beforeAll(async () => {
    const source = process.env.VIEWER_TEST_SOURCE === "HEAD" ? "HEAD" : "worktree";
    server = await startDevServer({ name: "review", source, vars: { SANDBOX_SLOW_MS: "0", OCR_URL: "" } });
    const account = await reviewAccount(server, "review bank");
    key = account.key;
    const email = await activeUser(server, account.accountId, "analyst");
    viewerEmail = await activeUser(server, account.accountId, "viewer");
    ({ checkId, unmatched } = await checkAwaitingReview(server, key, CANDIDATES));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.on("page", (page) => {
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !/status of 40[49]/.test(message.text())) problems.push(message.text());
      });
    });
    const page = await context.newPage();
    await page.goto(`${server.base}/console/sign-in`);
    expect(await page.evaluate(signInHere, { email, password: PASSWORD })).toBe(200);
    await page.close();
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it("offers no form for a result that cannot be reviewed, and when the API refuses a conclusion (409) says why in words and keeps the note", async () => {
    expect(unmatched.length).toBeGreaterThan(0);
    const page = await context.newPage();
    // Asked for by its URL, a result that was not matched gets no form: there is nothing to review.
    await page.goto(`${server.base}/console/checks/${checkId}/review?registration=${unmatched[0]}`);
    await page.waitForSelector(`#unreviewable[data-registration-id="${unmatched[0]}"]`);
    expect(await page.locator("#review-form").count()).toBe(0);

    // A candidate that stops being reviewable while it is on screen (its source withdrawn, say): the
    // API's 409 stands in for that moment, the one answer the screen cannot foresee.
    await openReview(page);
    const shown = (await page.evaluate(reviewState)).registrationId;
    const note = "发票号与合同一致，已电话核实";
    await page.route(`**/checks/${checkId}/results/${shown}/review`, (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          code: "REVIEW_NOT_ALLOWED",
          message: "Only a matched candidate whose source is available can be reviewed.",
          requestId: "req_test",
        }),
      }),
    );
    await page.keyboard.press("c");
    await page.fill("#review-note", note);
    await page.keyboard.press("Control+Enter");
    await page.waitForSelector('#review-message[data-kind="refused"]');
    const after = await page.evaluate(reviewState);
    expect(after.registrationId).toBe(shown);
    expect(after.message).not.toContain("REVIEW_NOT_ALLOWED");
    expect(after.message).toContain("备注仍保留");
    expect(await page.inputValue("#review-note")).toBe(note);
    expect(await page.isDisabled("#review-submit")).toBe(true);
    await page.unroute(`**/checks/${checkId}/results/${shown}/review`);
    expect((await results("matchStatus=matched&resultStatus=pending")).map((c) => c.registrationId)).toContain(shown);
    await page.close();
  });

  it("does not write over a decision someone else made while the candidate was on screen, and moves on", async () => {
    // A check of its own: the decision made behind the screen's back must not touch the other tests' check.
    const own = (await checkAwaitingReview(server, key, 1)).checkId;
    const page = await context.newPage();
    await openReview(page, undefined, own);
    const shown = (await page.evaluate(reviewState)).registrationId;
    const elsewhere = await server.call(`/api/admin/v1/checks/${own}/results/${shown}/review`, {
      method: "PUT",
      admin: true,
      json: { decision: "false_positive", note: "decided elsewhere" },
    });
    expect(elsewhere.status).toBe(200);
    await page.keyboard.press("c");
    await page.keyboard.press("Control+Enter");
    await settledAfter(page, shown);
    const after = await page.evaluate(reviewState);
    expect(after.messageKind).toBe("refused");
    expect(after.message).toContain("已由他人复核");
    const stored = await server.call<{ resultStatus: string; check: { manualReview?: { note: string } } }>(
      `/api/open/v1/checks/${own}/results/${shown}`,
      { key },
    );
    expect(stored.body.resultStatus).toBe("excluded");
    expect(stored.body.check.manualReview?.note).toBe("decided elsewhere");
    await page.close();
  });

  it("lets an analyst decide every candidate by keyboard with a note, one after another, until the check is completed", async () => {
    const awaiting = await results("matchStatus=matched&resultStatus=pending");
    expect(awaiting.length).toBeGreaterThanOrEqual(CANDIDATES);
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await openReview(page);
    // Simplified Chinese by default.
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");

    const decided = new Map<string, { decision: string; note: string }>();
    for (let step = 0; step < awaiting.length; step++) {
      const shown = await page.evaluate(reviewState);
      expect(shown.state).toBe("ready");
      expect(decided.has(shown.registrationId), "a decided candidate is never shown again").toBe(false);
      expect(awaiting.map((c) => c.registrationId)).toContain(shown.registrationId);

      // The page is drawn and the hit boxed on it.
      const { canvas, boxes, styled } = await page.evaluate(drawnHit);
      expect(canvas!.width).toBeGreaterThan(300);
      expect(boxes.length).toBeGreaterThanOrEqual(1);
      expect(styled).toBe(true);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(canvas!.left - 0.5);
        expect(box.right).toBeLessThanOrEqual(canvas!.right + 0.5);
        expect(box.top).toBeGreaterThanOrEqual(canvas!.top - 0.5);
        expect(box.bottom).toBeLessThanOrEqual(canvas!.bottom + 0.5);
      }
      expect(await page.locator("#details mark").count()).toBeGreaterThanOrEqual(1);

      const decision = step === 0 ? "confirmed" : "false_positive";
      await page.keyboard.press(decision === "confirmed" ? "c" : "f");
      await page.keyboard.press("n");
      // Letters typed into the note are text, not shortcuts: no decision changes, nothing is skipped.
      const note = `核对发票原件 ${step}: ${decision === "confirmed" ? "fsjk" : "csjk"}`;
      await page.keyboard.type(note);
      expect(await page.inputValue("#review-note")).toBe(note);
      const typing = await page.evaluate(reviewState);
      expect(typing.decision).toBe(decision);
      expect(typing.registrationId).toBe(shown.registrationId);

      await page.keyboard.press("Control+Enter");
      decided.set(shown.registrationId, { decision, note });
      await settledAfter(page, shown.registrationId);
      expect((await page.evaluate(reviewState)).messageKind).toBe("saved");
    }

    const end = await page.evaluate(reviewState);
    expect(end.state).toBe("done");
    expect(end.checkStatus).toBe("completed");
    expect(await page.locator("#review-done").isVisible()).toBe(true);
    expect(await page.locator("#done-status").textContent()).toContain("已完成");

    // Read back through the JSON API: every decision and note stored, the check completed.
    const check = (
      await server.call<{ status: string; pendingReviewCount: number; confirmedRiskCount: number; excludedCount: number }>(
        `/api/open/v1/checks/${checkId}`,
        { key },
      )
    ).body;
    expect(check).toMatchObject({ status: "completed", pendingReviewCount: 0, confirmedRiskCount: 1, excludedCount: awaiting.length - 1 });
    const stored = await results("matchStatus=matched");
    expect(stored).toHaveLength(decided.size);
    for (const candidate of stored) {
      const want = decided.get(candidate.registrationId)!;
      expect(candidate.resultStatus).toBe(want.decision === "confirmed" ? "confirmed" : "excluded");
      expect(candidate.reviewNote).toBe(want.note);
    }

    // The session went out as its cookie, the CSRF token as a header: neither in a URL or in storage.
    const cookies = await context.cookies(server.base);
    const session = cookies.find((c) => c.name.startsWith("__Host-"))!;
    expect(session.httpOnly).toBe(true);
    for (const url of urls) expect(url).not.toContain(session.value);
    const token = (await page.getAttribute('meta[name="csrf-token"]', "content"))!;
    for (const url of urls) expect(url).not.toContain(token);
    expect(await page.evaluate(storedItems)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the page above the form on a phone, nothing wider than the screen, and side by side at 1280×800", async () => {
    const [first] = await results("matchStatus=matched");
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await openReview(phone, first!.registrationId);
    expect(await phone.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    const canvas = (await phone.locator("#page-canvas").boundingBox())!;
    const form = (await phone.locator("#review-form").boundingBox())!;
    expect(canvas.width).toBeLessThanOrEqual(390);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(form.y);
    expect((await phone.evaluate(currentBoxes)).length).toBeGreaterThanOrEqual(1);
    await phone.screenshot({ path: SCREENSHOT.replace(/\.png$/, "-phone.png"), fullPage: true });
    await phone.close();

    const desk = await context.newPage();
    await openReview(desk, first!.registrationId);
    expect(await desk.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    const page = (await desk.locator("#page").boundingBox())!;
    const side = (await desk.locator("#review-form").boundingBox())!;
    expect(side.x).toBeGreaterThanOrEqual(page.x + page.width - 1);
    // The form is in view without scrolling, and the hit too (inside the page's own scroll box).
    expect(await desk.evaluate(windowScroll)).toBe(0);
    expect(side.y).toBeGreaterThanOrEqual(0);
    expect(side.y + side.height).toBeLessThanOrEqual(800);
    const hit = await desk.evaluate(drawnHit);
    expect(hit.boxes[0]!.top).toBeGreaterThanOrEqual(page.y);
    expect(hit.boxes[0]!.bottom).toBeLessThanOrEqual(Math.min(800, page.y + page.height));
    await desk.screenshot({ path: SCREENSHOT.replace(/\.png$/, "-desk.png") });

    // The shortcuts are documented behind "?", and "?" closes the help again.
    await desk.keyboard.press("?");
    const help = desk.locator("#shortcuts");
    expect(await help.isVisible()).toBe(true);
    const listed = await help.locator("kbd").allTextContents();
    for (const key of ["j", "k", "c", "f", "n", "s", "Ctrl+Enter", "?"]) expect(listed, key).toContain(key);
    await desk.keyboard.press("?");
    expect(await help.isVisible()).toBe(false);
    await desk.close();
  });

  it("shows a viewer the evidence without the form, and writes nothing on a decision key", async () => {
    const viewing = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await viewing.newPage();
    await page.goto(`${server.base}/console/sign-in`);
    expect(await page.evaluate(signInHere, { email: viewerEmail, password: PASSWORD })).toBe(200);
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    });
    const [first] = await results("matchStatus=matched");
    await openReview(page, first!.registrationId);
    expect(await page.locator("#review-form").count()).toBe(0);
    expect(await page.locator("#read-only").isVisible()).toBe(true);
    const { boxes, styled } = await page.evaluate(drawnHit);
    expect(boxes.length).toBeGreaterThanOrEqual(1);
    expect(styled).toBe(true);
    for (const key of ["c", "f", "Enter", "Control+Enter"]) await page.keyboard.press(key);
    expect((await page.evaluate(reviewState)).registrationId).toBe(first!.registrationId);
    expect(writes).toEqual([]);
    await viewing.close();
  });
});
