/**
 * The console's pages (worker/console/pages, shell in worker/console/view) as the Worker renders them:
 * signed out → the sign-in page, never a page for an API key; Simplified Chinese by default, English
 * by choice; the navigation by role; the security headers; no secret in any HTML; another account's
 * resource is the 404 page. What the pages do in a browser is test/node/console-pages.browser.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateTOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, call, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";
import { PASSWORD, consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { served } from "./static-assets";
import { cspDirectives as directives } from "./csp";

/** A page as the signed-in browser asks for it (the language cookie when one is chosen). */
function page(s: ConsoleSession | null, path: string, init: { lang?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const cookies = [s?.cookie, init.lang ? `console-lang=${init.lang}` : undefined].filter(Boolean).join("; ");
  return call(path, { redirect: "manual", headers: { ...(cookies ? { Cookie: cookies } : {}), ...init.headers } });
}

describe("the console's page guard", () => {
  it("sends a reader without a session to the sign-in page, keeping where they were going", async () => {
    for (const path of ["/console/", "/console/keys", "/console/audit?kind=key.created"]) {
      const res = await page(null, path);
      expect(res.status, path).toBe(303);
      const location = res.headers.get("Location") ?? "";
      expect(location, path).toMatch(/^\/console\/sign-in/);
      if (path !== "/console/") expect(new URL(location, "http://x").searchParams.get("next")).toBe(path);
    }
  });

  it("never renders a page for an API key, alone or beside a session", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const alone = await page(null, "/console/", { headers: { "X-Api-Key": a.key } });
    expect(alone.status).toBe(303);
    expect(alone.headers.get("Location")).toMatch(/^\/console\/sign-in/);
    const beside = await page(owner, "/console/", { headers: { "X-Api-Key": a.key } });
    expect(beside.status).toBe(303);
    expect(await beside.text()).not.toContain(a.key);
    expect((await page(owner, "/console/")).status).toBe(200);
  });

  it("treats a signed-out session's cookie as no session", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    expect((await call("/api/console/v1/session", { method: "DELETE", headers: { Cookie: owner.cookie, "X-CSRF-Token": owner.csrf } })).status).toBe(
      204,
    );
    expect((await page(owner, "/console/")).status).toBe(303);
  });

  it("accepts only a console path as where to go after signing in", async () => {
    const html = await (await page(null, "/console/sign-in?next=//evil.example/x")).text();
    expect(html).toContain('data-next="/console/"');
    const kept = await (await page(null, "/console/sign-in?next=%2Fconsole%2Fkeys")).text();
    expect(kept).toContain('data-next="/console/keys"');
  });
});

describe("the console's languages", () => {
  it("speaks Simplified Chinese by default and English by choice, remembered in a cookie", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const zh = await (await page(owner, "/console/")).text();
    expect(zh).toMatch(/<html lang="zh-CN"/);
    expect(zh).toContain("概览");
    const en = await (await page(owner, "/console/", { lang: "en" })).text();
    expect(en).toMatch(/<html lang="en"/);
    expect(en).toContain("Overview");
    expect(en).not.toContain("概览");

    const chosen = await page(null, "/console/language?to=en&next=%2Fconsole%2Fkeys");
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/console/keys");
    expect(chosen.headers.get("Set-Cookie")).toMatch(/^console-lang=en;.*Path=\/console/);
    const elsewhere = await page(null, "/console/language?to=en&next=https%3A%2F%2Fevil.example");
    expect(elsewhere.headers.get("Location")).toBe("/console/");
    expect(await (await page(null, "/console/sign-in", { lang: "fr" })).text()).toMatch(/<html lang="zh-CN"/);
  });
});

describe("the console's navigation", () => {
  it("offers users and audit to the owner only", async () => {
    const a = await newAccount();
    for (const role of ["owner", "analyst", "viewer"] as const) {
      const s = await consoleUser(a.accountId, role);
      const html = await (await page(s, "/console/")).text();
      const nav = [...(html.match(/<nav id="console-nav"[^]*?<\/nav>/)?.[0] ?? "").matchAll(/data-nav="(\w+)"/g)].map((m) => m[1]);
      const expected = ["overview", "keys", "queries", "checks", ...(role === "owner" ? ["users", "audit"] : []), "security"];
      expect(nav, role).toEqual(expected);
      expect(html, role).toContain(s.email);
    }
  });
});

describe("the console's pages as a browser gets them", () => {
  it("have a strict CSP, nosniff, no caching, no CORS, and scripts from this origin only", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    for (const [who, path] of [
      [owner, "/console/"],
      [null, "/console/sign-in"],
    ] as const) {
      const res = await page(who, path, { headers: { Origin: "https://elsewhere.example" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
      const policy = directives(res.headers.get("Content-Security-Policy") ?? "");
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      const html = await res.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/);
      for (const m of html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)) expect((await served(m[1]!)).status, m[1]).toBe(200);
    }
  });

  it("hand the scripts the session's CSRF token and never the session token, a password hash or a TOTP secret", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const html = await (await page(owner, "/console/")).text();
    expect(html).toContain(`<meta name="csrf-token" content="${owner.csrf}"`);
    const token = owner.cookie.split("=")[1]!;
    expect(html).not.toContain(token);
    const user = await env.DB.prepare("SELECT password_hash AS p FROM users WHERE id = ?").bind(owner.userId).first<{ p: string }>();
    expect(user?.p).toBeTruthy();
    expect(html).not.toContain(user!.p);
  });

  it("serve the console's modules as static assets, same origin only, with nothing stored in the browser", async () => {
    for (const name of ["console-api.js", "copy.js", "invite.js", "keys.js", "security.js", "shell.js", "sign-in.js", "users.js", "console.css"]) {
      const res = await served(`/console/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Content-Type"), name).toMatch(name.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
      const text = await res.text();
      expect(text, name).not.toMatch(/https?:\/\//);
      expect(text, name).not.toMatch(/localStorage|sessionStorage|document\.cookie|innerHTML|eval\(/);
    }
  });
});

const SUBJECT = "深圳前海示例商业保理有限公司";

/** A check of the sandbox subject on an invoice number one of its registrations prints: a candidate awaiting review. */
async function checkAwaitingReview(key: string): Promise<{ checkId: string; queryId: string }> {
  const reg = sandboxRegistry.listing(SUBJECT).find((r) => sandboxRegistry.invoiceNumbersOf(SUBJECT, r.certificateNumber, "description").length > 0)!;
  const invoice = sandboxRegistry.invoiceNumbersOf(SUBJECT, reg.certificateNumber, "description")[0]!;
  const res = await open("/checks", key, {
    method: "POST",
    json: { applicant: SUBJECT, criteria: [{ kind: "invoice_no", value: invoice }] },
    headers: { "Idempotency-Key": idempotencyKey() },
  });
  expect(res.status).toBe(202);
  const created = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  await waitForQuery(created.sourceRegistryQueryId);
  await waitForCheck(created.id);
  return { checkId: created.id, queryId: created.sourceRegistryQueryId };
}

describe("the console's pages of an account's work", () => {
  it("show a query with its registrations and a check with its results, review links on those awaiting review; another account's are 404", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const { checkId, queryId } = await checkAwaitingReview(a.key);

    const queries = await (await page(analyst, "/console/queries")).text();
    expect(queries).toContain(`data-query-id="${queryId}"`);
    const query = await page(analyst, `/console/queries/${queryId}`);
    expect(query.status).toBe(200);
    const queryHtml = await query.text();
    expect(queryHtml).toContain(SUBJECT);
    expect(queryHtml).toMatch(/<tr data-registration-id="reg_/);
    // Each certificate opens in the viewer (the console's certificate page) as well as downloading.
    const opened = /<a class="certificate-open" href="(\/console\/queries\/[^"]+\/registrations\/reg_[^"]+)">/.exec(queryHtml);
    expect(opened).not.toBeNull();
    const certificatePath = opened![1];
    expect(queryHtml).toMatch(/<a class="certificate-download" href="\/api\/console\/v1\/documents\/[^"]+\/content" download>/);
    const certificate = await page(analyst, certificatePath!);
    expect(certificate.status).toBe(200);
    const certificateHtml = await certificate.text();
    const shown = /<section id="certificate-view" data-document="([^"]+)"/.exec(certificateHtml)?.[1];
    expect(shown).toMatch(/^\/api\/console\/v1\/documents\/[^/]+\/content$/);
    expect(certificateHtml).toContain("/console/assets/certificate.js");
    expect(certificateHtml).toContain(`data-document-id="`);
    const file = await call(shown!, { headers: { Cookie: analyst.cookie } });
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await page(analyst, `${certificatePath}?document=doc_unknown`)).status).toBe(404);
    expect((await page(analyst, `/console/queries/${queryId}/registrations/reg_unknown`)).status).toBe(404);

    expect(await (await page(analyst, "/console/checks")).text()).toContain(`data-check-id="${checkId}"`);
    const check = await (await page(analyst, `/console/checks/${checkId}`)).text();
    const pending = [...check.matchAll(/<tr data-registration-id="(reg_[^"]+)" data-result-status="pending"/g)].map((m) => m[1]!);
    expect(pending.length).toBeGreaterThan(0);
    for (const id of pending) expect(check).toContain(`href="/console/checks/${checkId}/review?registration=${id}"`);
    expect(check).toContain(`id="review-next" class="button" href="/console/checks/${checkId}/review"`);
    // The filters are the open API's: only confirmed results → none yet.
    const confirmed = await (await page(analyst, `/console/checks/${checkId}?resultStatus=confirmed`)).text();
    expect(confirmed).toContain('id="no-results"');
    expect(confirmed).toMatch(/<option value="confirmed"\s+selected/);

    const other = await newAccount();
    const stranger = await consoleUser(other.accountId, "owner");
    for (const path of [`/console/queries/${queryId}`, certificatePath!, `/console/checks/${checkId}`, "/console/checks/chk_unknown"]) {
      const res = await page(stranger, path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).not.toContain(SUBJECT);
      expect(html, path).not.toContain("certificate-view");
    }
    expect((await call(shown!, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
  });
});

describe("the console's pages by role", () => {
  it("let owners and analysts create and revoke keys, a viewer only read them", async () => {
    const a = await newAccount();
    for (const role of ["owner", "analyst", "viewer"] as const) {
      const s = await consoleUser(a.accountId, role);
      const html = await (await page(s, "/console/keys")).text();
      expect(html.includes('id="key-create-form"'), role).toBe(role !== "viewer");
      expect(html.includes('class="danger revoke"'), role).toBe(role !== "viewer");
      expect(html.includes("/console/assets/keys.js"), role).toBe(role !== "viewer");
      expect(html, role).toContain(`data-key-id="${a.keyId}"`);
      expect(html, role).not.toContain(a.key);
    }
  });

  it("open users and audit to the owner only (403 page for the others)", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    for (const role of ["analyst", "viewer"] as const) {
      const s = await consoleUser(a.accountId, role);
      for (const path of ["/console/users", "/console/audit"]) expect((await page(s, path)).status, `${role} ${path}`).toBe(403);
    }
    const users = await (await page(owner, "/console/users")).text();
    expect(users).toContain('id="user-invite-form"');
    expect(users).toContain(`<tr data-user-id="${owner.userId}"`);
    const audit = await (await page(owner, "/console/audit?kind=session.created")).text();
    expect(audit).toMatch(/<tr data-event-id="[^"]+" data-kind="session.created"/);
    expect(audit).not.toMatch(/data-kind="(?!session.created)[a-z_.]+"/);
    expect(audit).toContain('href="/api/console/v1/audit.csv?kind=session.created"');
  });

  it("name a subscription change's fields and values in words, its times in the page's format, and let an actor's address wrap between its parts", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    /** The page once the outbox has delivered the event (it is written after the response). */
    const auditOf = async (query: string, lang: string) => {
      for (let attempt = 0; ; attempt++) {
        const html = await (await page(owner, `/console/audit?${query}`, { lang })).text();
        if (html.includes("<tr data-event-id=") || attempt === 50) return html;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const detailOf = (html: string) => /<td data-field="detail"[^>]*>([\s\S]*?)<\/td>/.exec(html)?.[1] ?? "";
    const zh = detailOf(await auditOf("kind=subscription.changed", "zh-CN"));
    const en = detailOf(await auditOf("kind=subscription.changed", "en"));
    expect(zh).toMatch(/<dt>计费周期<\/dt>\s*<dd class="long-text">按月<\/dd>/);
    expect(zh).toMatch(/<dt>开始时间<\/dt>\s*<dd class="long-text">\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d<\/dd>/);
    expect(en).toMatch(/<dt>Billing cycle<\/dt>\s*<dd class="long-text">Monthly<\/dd>/);
    expect(en).toMatch(/<dt>Plan<\/dt>/);
    expect(en).toMatch(/<dt>Ends<\/dt>\s*<dd class="long-text">[A-Z][a-z]{2} \d{1,2}, \d{4}, /);
    for (const detail of [zh, en]) {
      expect(detail).not.toMatch(/<dt>(planId|cycle|startsAt|endsAt)<\/dt>/);
      expect(detail).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    }
    // The owner's own sign-in: the email may break after its "@" and before each "." of its domain, nowhere else.
    const signedIn = await auditOf("kind=session.created", "en");
    const [local, domain] = owner.email.split("@") as [string, string];
    expect(signedIn).toContain(`<span class="address">${local}@<wbr />${domain.split(".").join("<wbr />.")}</span>`);
  });

  it("show the security page without the TOTP secret, before and after enrolment, and send users there when the account requires one", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const enrolment = await body<{ secret: string; uri: string }>(
      await consoleCall(owner, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } }),
    );
    expect((await page(owner, "/console/security")).status).toBe(200);
    expect(await (await page(owner, "/console/security")).text()).not.toContain(enrolment.secret);
    const code = generateTOTP(decodeBase32IgnorePadding(enrolment.secret), 30, 6);
    expect((await consoleCall(owner, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code } })).status).toBe(204);
    const after = await (await page(owner, "/console/security")).text();
    expect(after).toContain('data-enabled="true"');
    expect(after).not.toContain(enrolment.secret);

    const analyst = await consoleUser(a.accountId, "analyst");
    expect((await consoleCall(owner, "/account/security", { method: "PUT", json: { requireTotp: true } })).status).toBe(200);
    const sent = await page(analyst, "/console/keys");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/console/security");
    expect(await (await page(analyst, "/console/security")).text()).toContain('id="totp-required-notice"');
  });

  it("render the invitation page without a session, the token left to the script", async () => {
    const res = await page(null, "/console/invite");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="invite-form"');
    expect(html).toContain('id="password-rules"');
    expect(html).toContain("/console/assets/invite.js");
  });
});

describe("the console's inputs", () => {
  it("never cut what a person typed: no maxlength, the API's limit on the field, a longer value refused with a message", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const pages = ["/console/keys", "/console/users", "/console/queries", "/console/checks", "/console/audit", "/console/security"];
    for (const path of pages) {
      const html = await (await page(owner, path)).text();
      expect(html, path).not.toMatch(/\smaxlength=/i);
      expect(html, path).toContain('<li data-key="input.tooLong">');
    }
    for (const path of ["/console/sign-in", "/console/invite"]) expect(await (await page(null, path)).text(), path).not.toMatch(/\smaxlength=/i);
    expect(await (await page(owner, "/console/keys")).text()).toMatch(/<input id="key-name"[^>]*data-max-length="100"/);
    expect(await (await page(owner, "/console/queries")).text()).toMatch(/<input id="queries-search"[^>]*data-max-length="200"/);

    // The API refuses a longer key name, naming the field and the limit; nothing is stored cut.
    const refused = await consoleCall(owner, "/keys", { method: "POST", json: { currentPassword: PASSWORD, name: "k".repeat(101) } });
    expect(refused.status).toBe(400);
    const problem = await body<{ code: string; details: { fields: Array<{ path: string; message: string }> } }>(refused);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.details.fields).toContainEqual(expect.objectContaining({ path: "name", message: "Must be at most 100 characters." }));

    // A search longer than the API takes is a page that says so (400), not a 404 and not a cut search.
    for (const path of ["/console/queries", "/console/checks"]) {
      const res = await page(owner, `${path}?search=${"查".repeat(201)}`, { lang: "en" });
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html, path).toMatch(/<p id="filter-refused" role="alert">Nothing was searched: a search has at most 200 characters/);
      expect(html, path).toContain(`<a href="${path}">Clear the search and filters</a>`);
    }
    const audit = await (await page(owner, `/console/audit?actor=${"a".repeat(101)}`)).text();
    expect(audit).toMatch(/<p id="audit-error" class="error" role="alert">未执行此搜索：搜索最多 100 个字符/);
  });
});
