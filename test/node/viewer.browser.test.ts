/**
 * The evidence viewer in a real browser (Playwright driving the system Chromium) against a real local
 * server (wrangler dev, sandbox upstream): the page is drawn, the hit is boxed where evidence-locations
 * says (or the page is framed where only the page is known), previous / next walk every evidence of
 * the check in order, another account's result is a 404, and the key never appears in a URL or in
 * the page's storage. A screenshot is left at VIEWER_SCREENSHOT (default bench/out/viewer-evidence.png).
 *
 * It starts its own wrangler dev and a browser, 70–120 s on the shared 2-core machine (the tests
 * themselves ~25 s): over the budget of `npm test`, so it runs with `npm run test:browser`
 * (VIEWER_BROWSER_TEST=1) and is reported as skipped otherwise.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../bench/lib/dev-server.mjs";
import { boxOnPage } from "../../worker/routes/viewer/browser/geometry.js";
import { currentBoxes, inkShare, pageState, settledOn, storedItems } from "./viewer.probes.js";
import { demoCheck, evidenceOf, locationsOf, newKey, startViewerServer, type Evidence } from "./viewer.fixture";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENSHOT = process.env.VIEWER_SCREENSHOT ?? "bench/out/viewer-evidence.png";
const SETUP_MS = 180_000;

let server: DevServer;
let browser: Browser;
let key: string;
let checkId: string;
/** Every evidence of the check's matched results, in the order the viewer walks them. */
let walk: Array<{ registrationId: string; evidence: Evidence }>;

interface Session {
  page: Page;
  urls: string[];
  problems: string[];
}

async function openViewer(registrationId: string, apiKey: string): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const urls: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
  });
  await page.goto(`${server.base}/viewer#check=${checkId}&result=${registrationId}`);
  await page.fill("#api-key", apiKey);
  await page.click("#key-form button[type=submit]");
  return { page, urls, problems };
}

async function settled(page: Page, evidenceId?: string): Promise<void> {
  await page.waitForFunction(settledOn, evidenceId, { timeout: 30_000 });
}

describe.runIf(process.env.VIEWER_BROWSER_TEST === "1")("the evidence viewer in Chromium", () => {
  beforeAll(async () => {
    server = await startViewerServer();
    key = await newKey(server, "viewer reviewer");
    const check = await demoCheck(server, key);
    checkId = check.checkId;
    walk = [];
    for (const registrationId of check.matched) {
      for (const evidence of await evidenceOf(server, key, checkId, registrationId)) walk.push({ registrationId, evidence });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it("draws the page, boxes the hit where evidence-locations puts it, and walks every evidence with next and previous", async () => {
    expect(walk.length).toBeGreaterThanOrEqual(3);
    const first = walk[0]!;
    const { page, urls, problems } = await openViewer(first.registrationId, key);
    const seen: string[] = [];
    for (let step = 0; step < walk.length; step++) {
      const { registrationId, evidence } = walk[step]!;
      await settled(page, evidence.id);
      expect(await page.evaluate(pageState)).toBe("ready");
      expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get("result")).toBe(registrationId);
      seen.push(evidence.id);

      // The page is drawn: a canvas with printed matter on it.
      const canvas = (await page.locator("#page-canvas").boundingBox())!;
      expect(canvas.width).toBeGreaterThan(300);
      expect(await page.evaluate(inkShare, undefined)).toBeGreaterThan(0.002);

      // The snippet is shown with the hit marked.
      expect(await page.locator("#details mark").allTextContents()).toContain(evidence.termValue);

      const located = (await locationsOf(server, key, checkId, registrationId, evidence)).locations.find((l) => l.evidenceId === evidence.id)!;
      expect(located).toBeDefined();
      const boxes = await page.evaluate(currentBoxes);
      const frame = page.locator("#page-frame");
      if ((located.precision === "word" || located.precision === "region") && located.quads.length > 0) {
        expect(await frame.getAttribute("data-precision")).toBe(located.precision);
        expect(boxes).toHaveLength(located.quads.length);
        for (const [i, quad] of located.quads.entries()) {
          const want = boxOnPage(quad, canvas.width, canvas.height)!;
          const got = boxes[i]!;
          // Each box lies on the canvas, over the quad the API gave, and over printed ink (the number).
          expect(got.left).toBeGreaterThanOrEqual(canvas.x - 0.5);
          expect(got.right).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
          expect(got.top).toBeGreaterThanOrEqual(canvas.y - 0.5);
          expect(got.bottom).toBeLessThanOrEqual(canvas.y + canvas.height + 0.5);
          expect(Math.abs(got.left - canvas.x - want.left)).toBeLessThan(1.5);
          expect(Math.abs(got.top - canvas.y - want.top)).toBeLessThan(1.5);
          expect(Math.abs(got.width - want.width)).toBeLessThan(1.5);
          expect(Math.abs(got.height - want.height)).toBeLessThan(1.5);
          expect(await page.evaluate(inkShare, want)).toBeGreaterThan(0.03);
        }
      } else {
        // Only the page is known: no box pretends to know more, the whole page is framed.
        expect(boxes).toHaveLength(0);
        expect(await frame.getAttribute("class")).toContain("page-hit");
        expect(await page.locator("#status").textContent()).toContain("not known");
      }
      if (step === 0) await page.screenshot({ path: SCREENSHOT });
      if (step < walk.length - 1) await page.click("#next");
    }
    expect(seen).toEqual(walk.map((w) => w.evidence.id));
    expect(await page.locator("#next").isDisabled()).toBe(true);

    // Back to the start, by keyboard this time.
    for (let step = walk.length - 2; step >= 0; step--) {
      await page.keyboard.press("ArrowLeft");
      await settled(page, walk[step]!.evidence.id);
    }
    expect(await page.locator("#previous").isDisabled()).toBe(true);

    // The key went out in headers only: in no URL, not in storage, not left in the page.
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.includes(key) || url.includes(encodeURIComponent(key))).toBe(false);
    expect(await page.evaluate(storedItems)).toBe(0);
    expect(await page.inputValue("#api-key")).toBe("");
    expect(await page.content()).not.toContain(key);
    // Nothing refused by the CSP, no script error.
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows another account's result as not found, and sends an unknown key back to the key form", async () => {
    const other = await newKey(server, "another bank");
    const stranger = await openViewer(walk[0]!.registrationId, other);
    await settled(stranger.page);
    expect(await stranger.page.evaluate(pageState)).toBe("error");
    expect(await stranger.page.locator("#status").textContent()).toContain("Not found");
    expect(await stranger.page.locator("#page-canvas").count()).toBe(0);
    await stranger.page.context().close();

    const wrong = await openViewer(walk[0]!.registrationId, `${key.slice(0, -4)}zzzz`);
    await settled(wrong.page);
    expect(await wrong.page.evaluate(pageState)).toBe("locked");
    expect(await wrong.page.locator("#key-form").isVisible()).toBe(true);
    await wrong.page.context().close();
  });
});
