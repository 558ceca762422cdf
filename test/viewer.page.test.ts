/**
 * The evidence viewer's page (the Worker) and files (static assets) as a browser gets them (what it does
 * with them is test/node/viewer.browser.test.ts): public, same-origin only, a strict CSP, no CORS, no
 * key anywhere.
 */
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { cspDirectives } from "./csp";
import { served } from "./static-assets";

/** The viewer's own files (worker/routes/viewer/browser/; test/node/viewer.assets.test.ts checks they are all built). */
const VIEWER_FILES = [
  "api.js",
  "evidence-pane.css",
  "evidence-pane.js",
  "evidence-words.js",
  "geometry.js",
  "render.js",
  "view.js",
  "viewer.css",
  "viewer.js",
];
describe("the evidence viewer page", () => {
  it("is public HTML with a strict CSP, no CORS headers, and scripts and styles from this origin only", async () => {
    const res = await call("/viewer", { headers: { Origin: "https://elsewhere.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const policy = cspDirectives(res.headers.get("Content-Security-Policy") ?? "");
    expect(policy.get("default-src")).toEqual(["'none'"]);
    for (const name of ["script-src", "worker-src", "connect-src", "style-src"]) expect(policy.get(name), name).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'none'"]);

    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(["/viewer/assets/viewer.css", "/viewer/assets/viewer.js"]);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);
    // The key field has no name: no form submission could ever carry it into a URL.
    const keyField = html.match(/<input id="api-key"[^>]*>/)?.[0] ?? "";
    expect(keyField).toContain('type="password"');
    expect(keyField).not.toMatch(/\bname=/);
    for (const source of sources) expect((await served(source)).status, source).toBe(200);
  });

  it("serves every module the page imports, and nothing that reaches off this origin", async () => {
    const imports = new Set<string>();
    for (const name of VIEWER_FILES) {
      const res = await served(`/viewer/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("Content-Type"), name).toMatch(name.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
      const text = await res.text();
      expect(text, name).not.toMatch(/https?:\/\//);
      expect(text, name).not.toMatch(/localStorage|sessionStorage|document\.cookie|innerHTML|eval\(/);
      for (const m of text.matchAll(/(?:from|import\()\s*"\.\/([^"]+)"/g)) imports.add(m[1]!);
    }
    expect([...imports].sort()).toEqual(["api.js", "evidence-pane.js", "evidence-words.js", "geometry.js", "pdf.min.mjs", "render.js", "view.js"]);
    for (const name of imports) expect((await served(`/viewer/assets/${name}`)).status, name).toBe(200);
  });

  it("serves pdf.js as a cacheable script, revalidated by ETag, and its worker under its own CSP", async () => {
    const script = await served("/viewer/assets/pdf.min.mjs");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(script.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const text = await script.text();
    expect(text).toContain("Mozilla Foundation");
    expect(text).toContain("GlobalWorkerOptions");
    expect(text).not.toContain("sourceMappingURL");

    const worker = await served("/viewer/assets/pdf.worker.min.mjs");
    expect(worker.headers.get("Content-Security-Policy")).toBe("default-src 'none'; connect-src 'self'");
    expect((await worker.text()).length).toBeGreaterThan(1_000_000);

    const again = await served("/viewer/assets/pdf.min.mjs", { headers: { "If-None-Match": script.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("serves the bundled GB CMaps pdf.js asks for, and a clear 404 for anything else", async () => {
    const cmap = await served("/viewer/cmaps/UniGB-UCS2-H.bcmap");
    expect(cmap.status).toBe(200);
    const bytes = new Uint8Array(await cmap.arrayBuffer());
    // A packed CMap opens with its type byte and the Adobe copyright comment.
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 40))).toContain("Copyright");

    for (const path of [
      "/viewer/cmaps/Nope-H.bcmap",
      "/viewer/cmaps/..%2F..%2Fwrangler.toml",
      "/viewer/assets/secret.js",
      "/viewer/assets/__proto__",
      "/viewer/assets/toString",
    ]) {
      const res = await served(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
      expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
  });
});
