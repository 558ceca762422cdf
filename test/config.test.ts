/**
 * The deployment's configuration (worker/config.ts): every variable described once, checked once,
 * a malformed or missing value named in the error (its value never shown), no silent default.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, parseConfig, readConfig, VARIABLES, type VariableName } from "../worker/config";
import { createApp } from "../worker/app";
import { expectError } from "./helpers";

/** The problems a parse reports, by variable; fails the test when the parse succeeds. */
function problemsOf(vars: Partial<Record<VariableName, string>>): ConfigError {
  try {
    parseConfig(vars);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(vars)}`);
}

function named(error: ConfigError): VariableName[] {
  return error.problems.map((p) => p.variable);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("configuration", () => {
  it("describes every variable and secret this Worker is given", () => {
    // wrangler.toml's vars plus the test project's bindings: every string among them is a setting
    // (the test pool's own, named "__…", aside).
    const given = Object.entries(env)
      .filter(([name, value]) => typeof value === "string" && !name.startsWith("__"))
      .map(([name]) => name);
    expect(given.length).toBeGreaterThanOrEqual(6);
    for (const name of given) expect(Object.keys(VARIABLES), name).toContain(name);
  });

  it("reads the test project's values", () => {
    const config = readConfig(env);
    expect(config.checkSlice).toBe(Number(env.CHECK_SLICE));
    expect(config.checkChunk).toBe(Number(env.CHECK_CHUNK));
    expect(config.upstream).toEqual({ kind: "sandbox", slowCallMs: Number(env.SANDBOX_SLOW_MS) });
    expect(config.adminToken).toBe(env.ADMIN_TOKEN);
    expect(config.ocr).toBeNull();
    // Parsed once per env: the same object every time.
    expect(readConfig(env)).toBe(config);
  });

  it("takes the one documented default for every unset or empty variable", () => {
    const fallbacks = {
      upstreamSlots: VARIABLES.UPSTREAM_SLOTS.fallback,
      checkSlice: VARIABLES.CHECK_SLICE.fallback,
      checkChunk: VARIABLES.CHECK_CHUNK.fallback,
      passingFaultBoundMs: VARIABLES.PASSING_FAULT_BOUND_S.fallback * 1000,
      authCacheMs: VARIABLES.AUTH_CACHE_MS.fallback,
      shards: VARIABLES.SHARDS.fallback,
    };
    const unset = parseConfig({});
    expect(unset).toEqual({
      ...fallbacks,
      upstream: { kind: VARIABLES.UPSTREAM.fallback, slowCallMs: VARIABLES.SANDBOX_SLOW_MS.fallback },
      adminToken: null,
      ocr: null,
      consoleSecretKeys: null,
      inviteEmailFrom: null,
    });
    const empty = Object.fromEntries(Object.keys(VARIABLES).map((name) => [name, ""]));
    expect(parseConfig(empty)).toEqual(unset);
    // Each default is written once, in the table, and it is a value the rule accepts.
    for (const [name, variable] of Object.entries(VARIABLES)) {
      if (!("fallback" in variable)) continue;
      expect(() => parseConfig({ [name]: String(variable.fallback) }), name).not.toThrow();
    }
  });

  it("takes CONSOLE_SECRET_KEY only as 32 bytes in base64, and its previous key beside it", () => {
    const key = btoa("k".repeat(32));
    expect(parseConfig({ CONSOLE_SECRET_KEY: key }).consoleSecretKeys).toEqual({ current: key, previous: null });
    expect(parseConfig({ CONSOLE_SECRET_KEY: key, CONSOLE_SECRET_KEY_PREVIOUS: btoa("p".repeat(32)) }).consoleSecretKeys?.previous).toBe(
      btoa("p".repeat(32)),
    );
    for (const value of [btoa("k".repeat(16)), "not base64 at all", key.slice(0, -1), `${key}AAAA`]) {
      const error = problemsOf({ CONSOLE_SECRET_KEY: value });
      expect(named(error), value).toEqual(["CONSOLE_SECRET_KEY"]);
      expect(error.message).not.toContain(value);
    }
  });

  it("rejects a malformed number instead of running on a default, naming the variable", () => {
    for (const value of ["4x", "abc", "1.5", "-1", " 4", "1e3", "0x10"]) {
      const error = problemsOf({ UPSTREAM_SLOTS: value });
      expect(named(error), value).toEqual(["UPSTREAM_SLOTS"]);
      expect(error.message).toContain("UPSTREAM_SLOTS must be a whole number from 1 to 1000");
    }
    expect(named(problemsOf({ AUTH_CACHE_MS: "five seconds" }))).toEqual(["AUTH_CACHE_MS"]);
    expect(named(problemsOf({ CHECK_SLICE: "0" }))).toEqual(["CHECK_SLICE"]);
    expect(named(problemsOf({ SANDBOX_SLOW_MS: "60001" }))).toEqual(["SANDBOX_SLOW_MS"]);
    // In range, each end included.
    expect(parseConfig({ UPSTREAM_SLOTS: "1", AUTH_CACHE_MS: "0" })).toMatchObject({ upstreamSlots: 1, authCacheMs: 0 });
  });

  it("lists every problem at once", () => {
    const error = problemsOf({ UPSTREAM: "gateway", CHECK_SLICE: "lots", OCR_URL: "ocr.internal" });
    expect(named(error).sort()).toEqual(["CHECK_SLICE", "OCR_URL", "UPSTREAM"]);
    expect(error.message).toMatch(/^Configuration: /);
  });

  it("needs UPSTREAM_URL and UPSTREAM_TOKEN for the http upstream, and says so", () => {
    expect(named(problemsOf({ UPSTREAM: "http" }))).toEqual(["UPSTREAM_URL", "UPSTREAM_TOKEN"]);
    expect(named(problemsOf({ UPSTREAM: "http", UPSTREAM_URL: "https://gw.example" }))).toEqual(["UPSTREAM_TOKEN"]);
    expect(named(problemsOf({ UPSTREAM: "http", UPSTREAM_URL: "gw.example", UPSTREAM_TOKEN: "t" }))).toEqual(["UPSTREAM_URL"]);
    expect(parseConfig({ UPSTREAM: "http", UPSTREAM_URL: "https://gw.example/", UPSTREAM_TOKEN: "t" }).upstream).toEqual({
      kind: "http",
      url: "https://gw.example",
      token: "t",
      listTimeoutMs: VARIABLES.UPSTREAM_LIST_TIMEOUT_MS.fallback,
      fileTimeoutMs: VARIABLES.UPSTREAM_FILE_TIMEOUT_MS.fallback,
    });
  });

  it("never shows a value in its error", () => {
    const values = { UPSTREAM_URL: "https://user:hunter2@gw example", OCR_URL: "s3cr3t-ocr-host", CHECK_SLICE: "zz-marker-zz" };
    const error = problemsOf({ UPSTREAM: "http", UPSTREAM_TOKEN: "t", ...values });
    for (const value of Object.values(values)) expect(error.message).not.toContain(value);
    expect(named(error).sort()).toEqual(["CHECK_SLICE", "OCR_URL", "UPSTREAM_URL"]);
  });

  it("turns OCR off when OCR_URL is unset and keeps the token only when one is given", () => {
    expect(parseConfig({ OCR_TOKEN: "t" }).ocr).toBeNull();
    expect(parseConfig({ OCR_URL: "http://127.0.0.1:8790//" }).ocr).toEqual({ via: "http", url: "http://127.0.0.1:8790" });
    expect(parseConfig({ OCR_URL: "https://ocr.example", OCR_TOKEN: "t" }).ocr).toEqual({ via: "http", url: "https://ocr.example", token: "t" });
    expect(named(problemsOf({ OCR_URL: "ftp://ocr.example" }))).toEqual(["OCR_URL"]);
  });

  it("reaches OCR through a container binding when one is bound, spread over OCR_INSTANCES, and refuses OCR_URL beside it", () => {
    // Any Durable Object namespace has the binding's shape; the container's own is tested in test/ocr.container.test.ts.
    const namespace = env.ACCOUNT_GATE;
    expect(parseConfig({ OCR: namespace, OCR_INSTANCES: "12" }).ocr).toEqual({ via: "container", namespace, instances: 12 });
    expect(parseConfig({ OCR: namespace }).ocr).toMatchObject({ via: "container", instances: 1 });
    expect(parseConfig({ OCR: "not a binding", OCR_URL: "http://127.0.0.1:8790" }).ocr).toMatchObject({ via: "http" });
    let refused: unknown;
    try {
      parseConfig({ OCR: namespace, OCR_URL: "http://127.0.0.1:8790" });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    expect(named(refused as ConfigError)).toEqual(["OCR_URL"]);
    expect(named(problemsOf({ OCR_INSTANCES: "0" }))).toEqual(["OCR_INSTANCES"]);
  });

  it("fails a request on a malformed env with the plain 500, the log naming the variable", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    const broken = { ...env, AUTH_CACHE_MS: "soon-marker" };
    const res = await createApp().fetch(new Request("http://x/api/open/v1/account/entitlements"), broken);
    await expectError(res, 500, "INTERNAL_ERROR", ["AUTH_CACHE_MS", "soon-marker"]);
    expect(logged.join("\n")).toContain("AUTH_CACHE_MS must be a whole number");
    expect(logged.join("\n")).not.toContain("soon-marker");
    // The public document is no exception: every request reads the configuration first.
    const doc = await createApp().fetch(new Request("http://x/api/open/v1/openapi.json"), broken);
    expect(doc.status).toBe(500);
  });
});
