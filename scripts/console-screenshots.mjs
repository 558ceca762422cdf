#!/usr/bin/env node
/**
 * The review screen's pictures in docs/console.md, in Simplified Chinese and in English
 * (docs/console-review.zh-CN.png, docs/console-review.en.png): a local wrangler dev on the sandbox
 * upstream (scripts/lib/dev-server.mjs), an account and an analyst made as the operator makes them, a
 * check with candidates awaiting review, and the system Chromium through playwright-core
 * (CHROMIUM_PATH, default /usr/bin/chromium). The page names "Noto Sans CJK SC" among its fonts; a bare
 * machine has no Chinese font, so the script hands the page Noto Sans SC (scripts/cjk-font.mjs, from
 * npm) under that name. Usage: `node scripts/console-screenshots.mjs` (a few minutes).
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { cjkFontBytes } from "./cjk-font.mjs";
import { startDevServer } from "./lib/dev-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** All text PDFs (complete coverage without OCR); these invoice numbers are printed in three of its registrations' descriptions. */
const SUBJECT = "天津示例物流有限公司";
const INVOICES = ["72311635", "00091583", "11701407"];
const EMAIL = "analyst@bank.example";
const PASSWORD = "a long enough password 1";
const FONT_PATH = "/__screenshot-font/noto-sans-sc.ttf";

const server = await startDevServer({ name: "console-shots", vars: { SANDBOX_SLOW_MS: "0", OCR_URL: "" } });

async function call(path, options) {
  const res = await server.call(path, options);
  if (res.status >= 300) throw new Error(`${options?.method ?? "GET"} ${path}: ${res.status}`);
  return res.body;
}

async function finished(key, path) {
  for (let i = 0; i < 120; i++) {
    const { executionStatus } = await call(`/api/open/v1${path}`, { key });
    if (["succeeded", "partial", "failed", "cancelled"].includes(executionStatus)) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${path} did not finish`);
}

try {
  const account = await call("/api/admin/v1/accounts", { method: "POST", admin: true, json: { name: "示例银行" } });
  await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, {
    method: "POST",
    admin: true,
    json: { planId: "professional", cycle: "annual" },
  });
  const { key } = await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", admin: true, json: { name: "screenshots" } });
  const invited = await call(`/api/admin/v1/accounts/${account.id}/users`, {
    method: "POST",
    admin: true,
    json: { email: EMAIL, name: "王分析", role: "analyst" },
  });
  await call(`/api/console/v1/invites/${new URL(invited.inviteUrl).hash.slice(1)}`, { method: "POST", json: { password: PASSWORD } });
  const query = await call("/api/open/v1/queries", { method: "POST", key, json: { subjectNames: [SUBJECT] } });
  const queryId = query.queries[0].id;
  await finished(key, `/queries/${queryId}`);
  const criteria = INVOICES.map((value) => ({ kind: "invoice_no", value }));
  const check = await call("/api/open/v1/checks", { method: "POST", key, json: { applicant: SUBJECT, criteria, sourceRegistryQueryId: queryId } });
  await finished(key, `/checks/${check.id}`);

  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    // bypassCSP: the page's CSP (style-src 'self') would refuse the font rule this script adds; nothing else changes.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, bypassCSP: true });
    const font = cjkFontBytes();
    await context.route(`**${FONT_PATH}`, (route) => route.fulfill({ body: Buffer.from(font), contentType: "font/ttf" }));
    const page = await context.newPage();
    await page.goto(`${server.base}/console/sign-in`);
    await page.fill("#email", EMAIL);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(`${server.base}/console/`), page.click("#sign-in-submit")]);
    for (const lang of ["zh-CN", "en"]) {
      await page.goto(`${server.base}/console/language?to=${lang}&next=${encodeURIComponent(`/console/checks/${check.id}/review`)}`);
      await page.addStyleTag({ content: `@font-face { font-family: "Noto Sans CJK SC"; src: url(${FONT_PATH}); }` });
      // Expressions as text: they run in the page, where `document` is.
      await page.waitForFunction('document.getElementById("review")?.dataset.state === "ready"', undefined, { timeout: 60_000 });
      await page.evaluate("document.fonts.ready");
      const file = `docs/console-review.${lang}.png`;
      writeFileSync(file, await page.screenshot({ fullPage: false }));
      console.log(`wrote ${file}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  server.stop();
}
