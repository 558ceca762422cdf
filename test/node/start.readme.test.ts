/**
 * The README's Quickstart names every setting `npm start` reads from the environment (scripts/start.mjs
 * and the sidecars it runs): a newcomer whose port 8787 or 8790 is taken finds there how to move it.
 */
import { describe, expect, it } from "vitest";

const load = (name: string) => import(/* @vite-ignore */ name);
const { readFileSync } = (await load("node:fs")) as { readFileSync(path: string, encoding: "utf8"): string };

const SOURCES = ["scripts/start.mjs", "scripts/ocr-sidecar.mjs", "scripts/sweep-ticker.mjs"];
/**
 * Read by npm start but not settings of it: they pass through to the services (wrangler, the OCR service's
 * own settings are in docs/ocr.md), or npm run start:direct hands them to npm start to name its upstream.
 */
const PASSED_THROUGH = new Set(["OCR_TOKEN", "START_UPSTREAM_LABEL", "START_UPSTREAM_LINE"]);

describe("the README's Quickstart", () => {
  it("says how to set every variable npm start reads (PORT, OCR_PORT, SWEEP_EVERY_SECONDS)", () => {
    const read = new Set(SOURCES.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!)));
    for (const name of PASSED_THROUGH) read.delete(name);
    expect([...read].sort()).toEqual(["OCR_PORT", "PORT", "SWEEP_EVERY_SECONDS"]);
    const readme = readFileSync("README.md", "utf8");
    const quickstart = readme.slice(readme.indexOf("## Quickstart"), readme.indexOf("\n## ", readme.indexOf("## Quickstart") + 1));
    for (const name of read) expect(quickstart, name).toMatch(new RegExp(`\\b${name}=\\d+ npm start|${name}=…`));
    expect(quickstart).toMatch(/OCR_PORT=\d+ npm start/);
  });

  it("says where the console is and whom to sign in as (the owner npm start makes)", async () => {
    const readme = readFileSync("README.md", "utf8");
    const quickstart = readme.slice(readme.indexOf("## Quickstart"), readme.indexOf("\n## ", readme.indexOf("## Quickstart") + 1));
    const { DEMO_OWNER_EMAIL, DEMO_FILE } = (await load(`${process.cwd()}/scripts/demo-account.mjs`)) as {
      DEMO_OWNER_EMAIL: string;
      DEMO_FILE: string;
    };
    expect(quickstart).toContain("http://127.0.0.1:8787/console/");
    expect(quickstart).toContain(DEMO_OWNER_EMAIL);
    expect(quickstart).toContain(DEMO_FILE);
  });
});
