/**
 * The console's pages in a real browser (Playwright driving the system Chromium) against a real local
 * server (wrangler dev, sandbox upstream): an owner invited by the operator accepts the invitation
 * (the token only in the URL's fragment), signs in through the page, sees the overview, creates an
 * API key and sees it once (the key works on the open API and is gone from the page after reloading),
 * switches the language, on a 390×844 phone no page scrolls sideways, and sets up a second factor on
 * the security page with the current password (step-up).
 *
 * One server and one browser, ~40–80 s on the shared machine: it runs with `npm run test:browser`
 * (VIEWER_BROWSER_TEST=1) and is reported as skipped otherwise.
 */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { BROWSER_TESTS, launchChromium } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../scripts/lib/dev-server.mjs";

const PORT = Number(process.env.CONSOLE_PAGES_TEST_PORT ?? 8821);
const PASSWORD = "a long enough passphrase 42";
const SETUP_MS = 240_000;

let server: DevServer;
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let email: string;
const problems: string[] = [];

async function created<T>(path: string, json: unknown): Promise<T> {
  const res = await server.call<T>(`/api/admin/v1${path}`, { method: "POST", json, admin: true });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
  return res.body;
}

/** The page scrolls sideways when its content is wider than the viewport (evaluated in the page). */
const SIDEWAYS_OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth";

describe.runIf(BROWSER_TESTS)("the console's pages in Chromium", () => {
  beforeAll(async () => {
    // CONSOLE_SECRET_KEY seals the TOTP secret the last test enrols (a test key, as in vitest.config.ts).
    server = await startDevServer({
      name: "console-pages",
      port: PORT,
      vars: { SANDBOX_SLOW_MS: "0", CONSOLE_SECRET_KEY: "dGVzdC1jb25zb2xlLXNlY3JldC1rZXktMzJieXRlcyE=" },
    });
    const account = await created<{ id: string }>("/accounts", { name: "示例银行 · 贸易融资部" });
    await created(`/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
    email = `owner.${Date.now()}@bank.example`;
    const owner = await created<{ inviteUrl: string }>(`/accounts/${account.id}/users`, { email, role: "owner" });
    browser = await launchChromium();
    desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await desk.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
    });
    // Failed loads by URL: the wrong password below is answered 401 on purpose, and the browser asks
    // for /favicon.ico, which the console does not have.
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (response.status() >= 400 && pathname !== "/favicon.ico" && !(response.status() === 401 && pathname === "/api/console/v1/session"))
        problems.push(`${response.status()} ${pathname}`);
    });
    await page.goto(`${server.base}/console/invite${new URL(owner.inviteUrl).hash}`);
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it("accepts the invitation with the token from the fragment, which leaves the address bar", async () => {
    expect(new URL(page.url()).hash).toBe("");
    await page.fill("#invite-password", PASSWORD);
    await page.fill("#invite-password-again", PASSWORD);
    await page.click("#invite-submit");
    await page.waitForSelector("#invite-done:not([hidden])");
    expect(await page.textContent("#invite-email")).toBe(email);
  });

  it("signs in through the page and shows the overview in Simplified Chinese", async () => {
    await page.click("#invite-sign-in");
    await page.waitForURL(/\/console\/sign-in/);
    await page.fill("#email", email);
    await page.fill("#password", "not the password at all");
    await page.click("#sign-in-submit");
    await page.waitForSelector("#sign-in-error:not([hidden])");
    await page.fill("#password", PASSWORD);
    await page.click("#sign-in-submit");
    await page.waitForURL(`${server.base}/console/`);
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    expect(await page.textContent("#account-name")).toBe("示例银行 · 贸易融资部");
    expect(await page.textContent("#plan")).toBeTruthy();
    expect(await page.locator("#allowance tr[data-kind]").count()).toBe(2);
  });

  it("creates an API key and shows it once, with a copy button", async () => {
    await page.click('#console-nav a[data-nav="keys"]');
    await page.waitForURL(/\/console\/keys$/);
    await page.fill("#key-name", "批量核查");
    await page.fill("#key-password", PASSWORD);
    await page.click("#key-create-submit");
    await page.waitForSelector("#new-key:not([hidden])");
    const key = (await page.textContent("#new-key-value")) ?? "";
    expect(key.length).toBeGreaterThan(20);
    expect((await server.call("/api/open/v1/account/entitlements", { key })).status).toBe(200);
    await page.click("#copy-key");
    await page.waitForSelector("#copy-done:not([hidden])");
    await page.click("#new-key-done");
    await page.waitForSelector('#keys tr[data-key-id] td[data-field="name"]:has-text("批量核查")');
    expect(await page.content()).not.toContain(key);
  });

  it("switches to English and remembers it", async () => {
    await page.click("#lang-switch");
    await page.waitForSelector(`html[lang="en"]`, { state: "attached" });
    expect(new URL(page.url()).pathname).toBe("/console/keys");
    await page.click('#console-nav a[data-nav="overview"]');
    await page.waitForURL(`${server.base}/console/`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.textContent("h1")).toBe("Overview");
  });

  it("does not scroll sideways on a phone, on any page of the navigation", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await desk.storageState() });
    const small = await phone.newPage();
    for (const path of [
      "/console/",
      "/console/keys",
      "/console/queries",
      "/console/checks",
      "/console/users",
      "/console/audit",
      "/console/security",
    ]) {
      await small.goto(`${server.base}${path}`);
      expect(new URL(small.url()).pathname, path).toBe(path);
      expect(await small.evaluate<number>(SIDEWAYS_OVERFLOW), path).toBeLessThanOrEqual(0);
    }
    await phone.close();
    expect(problems).toEqual([]);
  });

  it("sets up a second factor on the security page, confirmed with the current password", async () => {
    await page.goto(`${server.base}/console/security`);
    expect(await page.getAttribute("#totp-state", "data-enabled")).toBe("false");
    // Enrolling and confirming a factor are changes to the user's security: the page asks for the password.
    await page.fill("#step-up-password", PASSWORD);
    await page.click("#totp-enrol");
    await page.waitForSelector("#totp-setup:not([hidden])");
    const secret = ((await page.textContent("#totp-secret")) ?? "").trim();
    const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
    await page.fill("#totp-code", code);
    await Promise.all([page.waitForEvent("load"), page.click("#totp-confirm-submit")]);
    expect(await page.getAttribute("#totp-state", "data-enabled")).toBe("true");
    expect(problems).toEqual([]);
  });
});
