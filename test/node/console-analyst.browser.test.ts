/**
 * The console as an analyst's workplace, walked in Chromium in both languages against a real local
 * server (wrangler dev, sandbox upstream): sign in through the page, start a query (a list over 100
 * subjects refused with a message, not cut) and watch its page follow it to the end, open a certificate
 * from it (as parsed, drawn, downloadable), start a check from it, review one candidate (a note over
 * 2,000 characters refused, not cut), change that conclusion, export the check as CSV, XLSX and PDF and
 * read each file back (RFC 4180, SheetJS, pdf.js), do the same for a partial check (a 部分 subject: some
 * certificates missing), whose PDF must say so on every page, and read the audit trail in words. Each
 * step keeps a screenshot and each export its file (CONSOLE_ANALYST_SCREENSHOTS, default
 * bench/out/console-analyst/<lang>-<step>.png|csv|xlsx|pdf).
 *
 * One server and one browser, a few minutes on the shared machine: it runs with `npm run test:browser`
 * (VIEWER_BROWSER_TEST=1) and is reported as skipped otherwise.
 */
import { read as readWorkbook, utils as sheetUtils, type WorkBook } from "@e965/xlsx";
import { type Browser, type Page } from "playwright-core";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../scripts/lib/dev-server.mjs";
import { vocabulary } from "../../worker/schemas/vocabulary-words";
import { sandboxRegistry } from "../../worker/upstream/sandbox";
import { BROWSER_TESTS, launchChromium } from "./browser";
import { previousReviewBy } from "./console-analyst.probes.js";
import { PASSWORD, REVIEW_SUBJECT } from "./console-review.fixture";

// The project's types are the Workers runtime's: Node's modules are loaded untyped, as in viewer.assets.test.ts.
const load = (name: string) => import(/* @vite-ignore */ name);
const [fs] = await Promise.all([load("node:fs")]);
const readFileSync = (path: string): Uint8Array => new Uint8Array(fs.readFileSync(path));
const join = (...parts: string[]) => parts.join("/");

const PORT = Number(process.env.CONSOLE_ANALYST_TEST_PORT ?? 8831);
const SHOTS = process.env.CONSOLE_ANALYST_SCREENSHOTS ?? "bench/out/console-analyst";
const SETUP_MS = 480_000;
/** A query and a check through the sandbox pipeline, then the page's next reload. */
const TASK_MS = 240_000;
const STEP_MS = 300_000;
/** A subject some of whose certificates the sandbox cannot give: its query and its checks end partial. */
const PARTIAL_SUBJECT = "部分规模5导出示例有限公司";
/** The export's headings for machines: the same in both languages. */
const CSV_HEAD = "check_id,check_status,coverage_complete,certificate_number,registered_at";
/** The open API's limits a person can paste past: subjects in one request, characters in a review note. */
const SUBJECTS_MAX = 100;
const NOTE_MAX = 2000;

let server: DevServer;
let browser: Browser;
let email: string;
const problems: string[] = [];

async function created<T>(path: string, json: unknown): Promise<T> {
  const res = await server.call<T>(`/api/admin/v1${path}`, { method: "POST", json, admin: true });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
  return res.body;
}

/** Invoice numbers printed in the descriptions of the subject's first registrations that print one. */
function invoiceNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (const registration of sandboxRegistry.listing(REVIEW_SUBJECT)) {
    const fresh = sandboxRegistry.invoiceNumbersOf(REVIEW_SUBJECT, registration.certificateNumber, "description").find((n) => !numbers.includes(n));
    if (fresh) numbers.push(fresh);
    if (numbers.length === count) break;
  }
  return numbers;
}

/** Each page's text as pdf.js reads it, and whether every font it uses is embedded. */
async function readPdf(bytes: Uint8Array): Promise<{ pages: string[]; fontsEmbedded: boolean }> {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const pages: string[] = [];
  let fontsEmbedded = true;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
    const ops = await page.getOperatorList();
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.setFont) return;
      const font = page.commonObjs.get((ops.argsArray[i] as [string])[0]) as { missingFile: boolean };
      if (font.missingFile) fontsEmbedded = false;
    });
  }
  await doc.destroy();
  return { pages, fontsEmbedded };
}

/** The workbook's two sheets: the summary as label → value, and the results' cells. */
function readXlsx(bytes: Uint8Array): { summary: Map<string, string>; book: WorkBook } {
  const book = readWorkbook(bytes, { type: "array" });
  const rows = sheetUtils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  return { summary: new Map(rows.map((r) => [String(r[0]), String(r[1])])), book };
}

const WORDS = {
  "zh-CN": {
    switchTo: null,
    queryDone: "已完成",
    excluded: "已排除",
    exported: "导出核查",
    checkId: "核查编号",
    status: "状态",
    partial: "部分完成（覆盖不完整）",
    footer: "覆盖不完整 · 未命中某一条件并不证明不存在风险",
    notEvidence: "未命中某一核查条件，并不证明不存在风险。",
    reviewed: "复核结论",
    tooManySubjects: `共 ${SUBJECTS_MAX + 1} 条，超过 ${SUBJECTS_MAX} 条的上限`,
    noteTooLong: `备注共 ${NOTE_MAX + 1} 个字符，超过 ${NOTE_MAX} 个的上限`,
  },
  en: {
    switchTo: "en",
    queryDone: "Completed",
    excluded: "Excluded",
    exported: "Check exported",
    checkId: "Check ID",
    status: "Status",
    partial: "Partly completed (coverage incomplete)",
    footer: "Coverage incomplete · a criterion not found is not evidence that there is no risk",
    notEvidence: "A criterion not found is not evidence that there is no risk.",
    reviewed: "Review conclusion",
    tooManySubjects: `${SUBJECTS_MAX + 1} entered, over the limit of ${SUBJECTS_MAX}`,
    noteTooLong: `The note has ${NOTE_MAX + 1} characters, over the limit of ${NOTE_MAX}`,
  },
} as const;

describe.runIf(BROWSER_TESTS)("the analyst's day in the console, in Chromium", () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startDevServer({ name: "console-analyst", port: PORT, vars: { SANDBOX_SLOW_MS: "0" } });
    const account = await created<{ id: string }>("/accounts", { name: "示例银行 · 授信审查部" });
    await created(`/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
    email = `owner.${Date.now()}@bank.example`;
    const invited = await created<{ inviteUrl: string }>(`/accounts/${account.id}/users`, { email, role: "owner" });
    const token = new URL(invited.inviteUrl).hash.slice(1);
    const accepted = await server.call(`/api/console/v1/invites/${token}`, { method: "POST", json: { password: PASSWORD } });
    if (accepted.status !== 200) throw new Error(`invite acceptance: ${accepted.status}`);
    browser = await launchChromium();
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  for (const lang of ["zh-CN", "en"] as const) {
    it(
      `signs in, queries, checks, reviews twice, exports and reads the trail (${lang})`,
      async () => {
        const words = WORDS[lang];
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
        const page: Page = await context.newPage();
        page.on("pageerror", (error) => problems.push(`${lang} page error: ${error.message}`));
        const shot = (step: string) => page.screenshot({ path: join(SHOTS, `${lang}-${step}.png`), fullPage: true });
        // What the page did around a download, said when the browser gives one up (it was once cancelled).
        const around: string[] = [];
        page.on("framenavigated", (frame) => frame === page.mainFrame() && around.push(`navigated ${new URL(frame.url()).pathname}`));
        page.on("requestfailed", (request) => around.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`));
        page.on("response", (response) => around.push(`${response.status()} ${new URL(response.url()).pathname}`));
        const downloaded = async (click: () => Promise<unknown>) => {
          around.length = 0;
          const [download] = await Promise.all([page.waitForEvent("download"), click()]);
          const failure = await download.failure();
          if (failure) {
            const again = await page.request.get(download.url());
            throw new Error(
              `download ${failure}; asked again: ${again.status()} ${(await again.text()).slice(0, 300)}; around it: ${around.join(" | ")}`,
            );
          }
          return readFileSync((await download.path())!);
        };

        await page.goto(`${server.base}/console/sign-in`);
        if (words.switchTo) {
          await page.click("#lang-switch");
          await page.waitForSelector(`html[lang="en"]`, { state: "attached" });
        }
        await page.fill("#email", email);
        await page.fill("#password", PASSWORD);
        await shot("1-sign-in");
        await page.click("#sign-in-submit");
        await page.waitForURL(`${server.base}/console/`);
        expect(await page.getAttribute("html", "lang")).toBe(lang);

        // A pasted list over the limit is refused with a message, nothing sent and nothing cut.
        await page.click('#console-nav a[data-nav="queries"]');
        const tooMany = Array.from({ length: SUBJECTS_MAX + 1 }, (_, i) => `示例贸易有限公司${i + 1}`).join("\n");
        await page.fill("#query-subjects", tooMany);
        await page.click("#query-create-submit");
        await page.waitForSelector("#query-create-error:not([hidden])");
        expect(await page.textContent("#query-create-error")).toContain(words.tooManySubjects);
        expect(await page.inputValue("#query-subjects")).toBe(tooMany);
        expect(page.url()).toBe(`${server.base}/console/queries`);
        await shot("2a-too-many-subjects");

        // A query, typed into the form; its page follows it until it is done.
        await page.fill("#query-subjects", REVIEW_SUBJECT);
        await page.click("#query-create-submit");
        await page.waitForURL(/\/console\/queries\/qry_/);
        await page.waitForSelector('#query dd[data-field="status"][data-value="succeeded"]', { timeout: TASK_MS });
        expect(await page.textContent('#query dd[data-field="status"]')).toBe(words.queryDone);
        expect(await page.textContent('#query dd[data-field="createdBy"]')).toBe(email);
        expect(await page.locator("#registrations tr[data-registration-id]").count()).toBeGreaterThan(0);
        // Types and states in words, never the API's codes.
        const typeCells = await page.locator('#registrations td[data-field="registerType"]').allTextContents();
        expect(typeCells.some((t) => /initial|extension|change/.test(t))).toBe(false);
        await shot("2-query-done");

        // A certificate opened from the query page: as parsed (in words), its pages drawn, and a download.
        const queryUrl = page.url();
        await page.locator("#registrations a.certificate-open").first().click();
        await page.waitForURL(/\/console\/queries\/qry_\w+\/registrations\/reg_\w+$/);
        expect(await page.textContent("#certificate-number")).toMatch(/^\d{20}$/);
        const parsedType = await page.textContent('#certificate-parsed dd[data-field="registerType"]');
        expect(Object.values(vocabulary(lang).registerType)).toContain(parsedType);
        expect(await page.textContent('#certificate-parsed dd[data-field="debtors"]')).toContain(REVIEW_SUBJECT);
        expect((await page.textContent('#certificate-parsed dd[data-field="propertyDescription"]'))!.trim().length).toBeGreaterThan(0);
        await page.waitForSelector("#certificate-view[data-state=ready]", { timeout: STEP_MS });
        expect(await page.locator("#certificate-pages [data-page]").count()).toBeGreaterThan(0);
        const certificate = await downloaded(() => page.locator("#certificate-files a.file-download").first().click());
        expect(new TextDecoder("latin1").decode(certificate.subarray(0, 5))).toBe("%PDF-");
        await shot("2b-certificate");
        await page.click("#back-to-query");
        await page.waitForURL(queryUrl);

        // A check on that query's result: invoice numbers pasted as a list.
        await page.click("#start-check");
        await page.waitForURL(/\/console\/checks\/new\?query=qry_/);
        await page.fill("#check-invoices", invoiceNumbers(2).join("\n"));
        await page.fill("#check-keywords", "钢材\n仓单");
        await shot("3-check-form");
        await page.click("#check-create-submit");
        await page.waitForURL(/\/console\/checks\/chk_/);
        const checkUrl = page.url();
        await page.waitForSelector('#check dd[data-field="status"][data-value="review_pending"]', { timeout: TASK_MS });
        expect(await page.textContent('#check dd[data-field="createdBy"]')).toBe(email);
        await shot("4-check-done");

        // Review one candidate: confirmed, with a note.
        const firstRow = page.locator('#results tr[data-result-status="pending"][data-reviewable="true"]').first();
        const registrationId = (await firstRow.getAttribute("data-registration-id")) ?? "";
        await firstRow.locator("a.review-link").click();
        await page.waitForSelector("#review[data-state=ready]", { timeout: STEP_MS });
        await page.click("#decision-confirmed");
        // A pasted note over the limit: said beside the form, the note kept whole, nothing saved.
        const longNote = "发票已在他行融资。".repeat(Math.ceil((NOTE_MAX + 1) / 9)).slice(0, NOTE_MAX + 1);
        await page.fill("#review-note", longNote);
        await page.click("#review-submit");
        await page.waitForSelector('#review-message[data-kind="refused"]');
        expect(await page.textContent("#review-message")).toContain(words.noteTooLong);
        expect(await page.getAttribute("#note-count", "data-over")).toBe("true");
        expect((await page.inputValue("#review-note")).length).toBe(NOTE_MAX + 1);
        await shot("5a-note-too-long");
        await page.fill("#review-note", "发票已在他行融资");
        await page.click("#review-submit");
        await page.waitForSelector('#review-message[data-kind="saved"]');
        await shot("5-reviewed");

        // Change that conclusion: the decided row links back to the review screen, which names the earlier one and its reviewer.
        await page.goto(checkUrl);
        await page.locator(`#results tr[data-registration-id="${registrationId}"] a.review-again-link`).click();
        await page.waitForFunction(previousReviewBy, email, { timeout: STEP_MS });
        await page.click("#decision-false-positive");
        await page.fill("#review-note", "Repaid: the earlier financing was settled");
        await page.click("#review-submit");
        await page.waitForSelector('#review-message[data-kind="saved"]');
        await shot("6-changed");

        await page.goto(checkUrl);
        const row = page.locator(`#results tr[data-registration-id="${registrationId}"]`);
        expect(await row.locator('td[data-field="resultStatus"]').textContent()).toBe(words.excluded);
        expect(await row.locator('td[data-field="reviewedBy"]').textContent()).toContain(email);

        // The export, all three formats, as the browser downloads them, each read back.
        const exportAll = async (checkId: string, step: string) => {
          // Each file is kept beside the screenshots, for a person to open.
          const kept = async (format: "csv" | "xlsx" | "pdf") => {
            const bytes = await downloaded(() => page.click(`#export-${format}`));
            fs.writeFileSync(join(SHOTS, `${lang}-${step}.${format}`), bytes);
            return bytes;
          };
          const csv = await kept("csv");
          expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          const [head, ...rows] = new TextDecoder().decode(csv.subarray(3)).trimEnd().split("\r\n");
          expect(head!.startsWith(CSV_HEAD)).toBe(true);
          // The check's id, status and coverage on every row (no row of this walk holds a line break).
          const checkCells = new Set(rows.map((r) => r.split(",").slice(0, 3).join(",")));
          expect(checkCells.size).toBe(1);
          const [id, status, coverage] = [...checkCells][0]!.split(",");
          expect(id).toBe(checkId);
          const xlsx = readXlsx(await kept("xlsx"));
          expect(xlsx.summary.get(words.checkId)).toBe(checkId);
          const results = xlsx.book.Sheets[xlsx.book.SheetNames[1]!]!;
          // Certificate numbers are text (20 digits survive), registration times are dates.
          expect(results.A2).toMatchObject({ t: "s", v: expect.stringMatching(/^\d{20}$/) });
          expect(results.B2?.t).toBe("n");
          const pdf = await readPdf(await kept("pdf"));
          expect(pdf.fontsEmbedded).toBe(true);
          expect(pdf.pages[0]).toContain(checkId);
          expect(pdf.pages[0]).toContain(`${words.status}: `);
          // Incomplete coverage is said on the first page and on every page, and only then.
          const incomplete = coverage === "false";
          expect(pdf.pages[0]!.includes(words.notEvidence)).toBe(incomplete);
          pdf.pages.forEach((text, i) => expect(text.includes(words.footer), `page ${i + 1}`).toBe(incomplete));
          await shot(step);
          return { status, coverage, summary: xlsx.summary };
        };
        await exportAll(new URL(checkUrl).pathname.split("/").pop()!, "7-check-exported");
        expect(await page.locator("#export-csv").getAttribute("href")).toMatch(/[?&]tz=/);

        // A partial check: some certificates could not be had. Every file says so.
        await page.click('#console-nav a[data-nav="queries"]');
        await page.fill("#query-subjects", PARTIAL_SUBJECT);
        await page.click("#query-create-submit");
        await page.waitForURL(/\/console\/queries\/qry_/);
        await page.waitForSelector("#start-check", { timeout: TASK_MS });
        await page.click("#start-check");
        await page.waitForURL(/\/console\/checks\/new\?query=qry_/);
        // A keyword printed nowhere: no candidate awaits review, so the check ends partial.
        await page.fill("#check-keywords", "无此字样之关键词");
        await page.click("#check-create-submit");
        await page.waitForURL(/\/console\/checks\/chk_/);
        await page.waitForSelector('#check dd[data-field="status"][data-value="partial"]', { timeout: TASK_MS });
        const partial = await exportAll(new URL(page.url()).pathname.split("/").pop()!, "7b-partial-exported");
        expect([partial.status, partial.coverage]).toEqual(["partial", "false"]);
        expect(partial.summary.get(words.status)).toBe(words.partial);

        // The audit trail: kinds in words, the review's note readable.
        await page.click('#console-nav a[data-nav="audit"]');
        await page.waitForSelector('#audit tr[data-kind="check.exported"]');
        expect(await page.locator('#audit tr[data-kind="review.written"]').count()).toBeGreaterThanOrEqual(2);
        expect(await page.locator('#audit tr[data-kind="check.exported"] td[data-field="kind"]').first().textContent()).toBe(words.exported);
        expect(await page.locator('#audit tr[data-kind="review.written"] td[data-field="kind"]').first().textContent()).toBe(words.reviewed);
        expect(await page.locator("#audit").textContent()).not.toContain('{"');
        await shot("8-audit");
        await context.close();
        expect(problems).toEqual([]);
      },
      STEP_MS * 2,
    );
  }
});
