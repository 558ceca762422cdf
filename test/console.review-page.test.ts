/**
 * The review screen's page (/console/checks/{checkId}/review) as the Worker answers it: only for a
 * signed-in user of the check's account (signed out or with an API key alone: the sign-in page;
 * another account's check: 404), the review form only for a role that may review, the evidence
 * viewer's headers (strict CSP, nosniff, no CORS), the script's words in the reader's language, and
 * the modules it loads served. What the page does in a browser is test/node/console-review.browser.test.ts.
 */
import { describe, expect, it } from "vitest";
import { consoleUser, type ConsoleSession } from "./console-helpers";
import { call, idempotencyKey, newAccount, open } from "./helpers";
import { cspDirectives } from "./csp";
import { served } from "./static-assets";

const SUBJECT = "深圳前海示例商业保理有限公司";

async function newCheck(key: string): Promise<string> {
  const res = await open("/checks", key, {
    method: "POST",
    json: { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "应收账款" }] },
    headers: { "Idempotency-Key": idempotencyKey() },
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

function reviewPage(checkId: string, session?: ConsoleSession, headers: Record<string, string> = {}): Promise<Response> {
  return call(`/console/checks/${checkId}/review`, { headers: { ...(session ? { Cookie: session.cookie } : {}), ...headers }, redirect: "manual" });
}

describe("the review screen's page", () => {
  it("sends a signed-out reader, or one with an API key alone, to the sign-in page and back", async () => {
    const a = await newAccount();
    const checkId = await newCheck(a.key);
    for (const res of [await reviewPage(checkId), await reviewPage(checkId, undefined, { "X-Api-Key": a.key })]) {
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get("Location")!, "http://api.test");
      expect(to.pathname).toBe("/console/sign-in");
      expect(to.searchParams.get("next")).toBe(`/console/checks/${checkId}/review`);
      expect(await res.text()).not.toContain(SUBJECT);
    }
  });

  it("answers 404 for another account's check and for an unknown one, without showing anything of it", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const analyst = await consoleUser(mine.accountId, "analyst");
    const otherCheck = await newCheck(theirs.key);
    for (const id of [otherCheck, "chk_unknown000000000000"]) {
      const res = await reviewPage(id, analyst);
      expect(res.status, id).toBe(404);
      const html = await res.text();
      expect(html).not.toContain(SUBJECT);
      expect(html).not.toContain('id="review"');
    }
  });

  it("gives an analyst the review form, and a viewer the evidence without it", async () => {
    const a = await newAccount();
    const checkId = await newCheck(a.key);
    const analyst = await reviewPage(checkId, await consoleUser(a.accountId, "analyst"));
    expect(analyst.status).toBe(200);
    const withForm = await analyst.text();
    expect(withForm).toContain('id="review-form"');
    expect(withForm).toContain(`data-check-id="${checkId}"`);
    for (const decision of ["confirmed", "false_positive"]) expect(withForm).toContain(`value="${decision}"`);

    const viewer = await reviewPage(checkId, await consoleUser(a.accountId, "viewer"));
    expect(viewer.status).toBe(200);
    const readOnly = await viewer.text();
    expect(readOnly).not.toContain('id="review-form"');
    expect(readOnly).not.toContain('name="decision"');
    expect(readOnly).toContain('id="read-only"');
    expect(readOnly).toContain('id="page-frame"');
  });

  it("has the evidence viewer's headers: a strict CSP, nosniff, no caching, no CORS", async () => {
    const a = await newAccount();
    const checkId = await newCheck(a.key);
    const res = await reviewPage(checkId, await consoleUser(a.accountId, "analyst"), { Origin: "https://elsewhere.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    for (const [name] of res.headers) expect(name.toLowerCase().startsWith("access-control-"), name).toBe(false);
    const policy = cspDirectives(res.headers.get("Content-Security-Policy") ?? "");
    expect(policy.get("default-src")).toEqual(["'none'"]);
    for (const name of ["script-src", "worker-src", "connect-src", "style-src"]) expect(policy.get(name), name).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("speaks Simplified Chinese by default and English by choice, to the page and to its script", async () => {
    const a = await newAccount();
    const checkId = await newCheck(a.key);
    const analyst = await consoleUser(a.accountId, "analyst");
    const chinese = await (await reviewPage(checkId, analyst)).text();
    expect(chinese).toContain('<html lang="zh-CN"');
    expect(chinese).toContain("确认风险");
    expect(chinese).toContain('data-key="review.saved"');
    expect(chinese).toContain('data-key="evidence.pageOnly"');
    const english = await (await reviewPage(checkId, { ...analyst, cookie: `${analyst.cookie}; console-lang=en` })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain("Risk confirmed");
    expect(english).toContain("The exact place on the page is not known");
  });

  it("loads its scripts and styles from this origin, and every one of them is served", async () => {
    const a = await newAccount();
    const checkId = await newCheck(a.key);
    const html = await (await reviewPage(checkId, await consoleUser(a.accountId, "analyst"))).text();
    const sources = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.some((s) => s.endsWith("/review.js"))).toBe(true);
    expect(sources.some((s) => s.endsWith("/review.css"))).toBe(true);
    for (const source of sources) {
      expect(source.startsWith("/"), source).toBe(true);
      const res = await served(source);
      expect(res.status, source).toBe(200);
      expect(res.headers.get("X-Content-Type-Options"), source).toBe("nosniff");
    }
    // The evidence pane's stylesheet, which review.css imports from the viewer's assets.
    const style = await (await served("/console/assets/review.css")).text();
    const styleImports = [...style.matchAll(/@import url\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(styleImports).toEqual(["/viewer/assets/evidence-pane.css"]);
    for (const path of styleImports) expect((await served(path)).status, path).toBe(200);
    // The modules review.js imports: the evidence viewer's own, and the console's.
    const script = await (await served("/console/assets/review.js")).text();
    const imports = [...script.matchAll(/from "([^"]+)"/g)].map((m) => new URL(m[1]!, "http://x/console/assets/review.js").pathname);
    expect(imports).toEqual(expect.arrayContaining(["/viewer/assets/api.js", "/viewer/assets/evidence-pane.js", "/console/assets/console-api.js"]));
    for (const path of imports) {
      const res = await served(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type"), path).toMatch(/^text\/javascript/);
      expect(await res.text(), path).not.toMatch(/https?:\/\/|localStorage|sessionStorage|document\.cookie|innerHTML|eval\(/);
    }
  });
});
