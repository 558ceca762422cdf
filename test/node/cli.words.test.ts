/**
 * The CLI as a user runs it: bin/registry-check.mjs under plain Node (type stripping, no build), against
 * a real local Worker (wrangler dev, sandbox upstream). Its states and kinds are the console's words
 * (worker/schemas/vocabulary-words.ts, read by Node as it is): English by default and under an English
 * locale, Chinese when the locale says so, `--lang` over the locale, the API's codes under `--json`.
 * Ports: a free one (CLI_WORDS_TEST_PORT to pin it); a minute or two on a loaded machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../scripts/lib/dev-server.mjs";
import { vocabulary } from "../../worker/schemas/vocabulary-words";

const load = (name: string) => import(/* @vite-ignore */ name);
const [{ spawnSync }] = (await Promise.all([load("node:child_process")])) as [
  { spawnSync(command: string, args: string[], options: object): { status: number | null; stdout: string; stderr: string } },
];
const nodeBinary = (globalThis as unknown as { process: { execPath: string } }).process.execPath;
const parentEnv = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

const SUBJECT = "上海示例供应链管理有限公司";
const SETUP_MS = 300_000;
const RUN_MS = 180_000;

let server: DevServer;
let key = "";

async function created<T>(path: string, json: unknown): Promise<T> {
  const res = await server.call<T>(`/api/admin/v1${path}`, { method: "POST", json, admin: true });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
  return res.body;
}

/** `registry-check …` with only the locale variables given (the machine's own are left out). */
function cli(args: string[], locale: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...parentEnv, REGISTRY_API_URL: server.base, REGISTRY_API_KEY: key, ...locale };
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) if (!(name in locale)) delete env[name];
  return spawnSync(nodeBinary, ["bin/registry-check.mjs", ...args], { env, encoding: "utf8", timeout: RUN_MS });
}

beforeAll(async () => {
  server = await startDevServer({
    name: "cli-words",
    vars: { SANDBOX_SLOW_MS: "0" },
    ...(parentEnv.CLI_WORDS_TEST_PORT ? { port: Number(parentEnv.CLI_WORDS_TEST_PORT) } : {}),
  });
  const account = await created<{ id: string }>("/accounts", { name: "CLI words" });
  await created(`/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
  key = (await created<{ key: string }>(`/accounts/${account.id}/keys`, {})).key;
}, SETUP_MS);

afterAll(() => server?.stop());

describe("registry-check's words, run by Node from bin/", () => {
  it(
    "prints a query's states in English by default, in Chinese under a Chinese locale or --lang zh, and codes with --json",
    () => {
      const english = cli(["query", SUBJECT]);
      expect(english.status, english.stderr).toBe(0);
      const en = vocabulary("en");
      const summary = english.stdout.split("\n").find((line) => line.startsWith("qry_"))!;
      expect(summary).toMatch(
        new RegExp(`${SUBJECT} +${en.query.succeeded} +\\d+ +\\d+/\\d+ +${en.coverage.complete} +${en.sourceStatus.available}$`),
      );
      expect(english.stdout).toMatch(new RegExp(`^\\d{20} +${en.registerType.initial} `, "m"));
      const queryId = /^(qry_\w+)/.exec(summary)![1]!;

      const zh = vocabulary("zh-CN");
      const chinese = cli(["status", queryId], { LANG: "zh_CN.UTF-8" });
      expect(chinese.status, chinese.stderr).toBe(0);
      expect(chinese.stdout).toMatch(
        new RegExp(`^${queryId} +${SUBJECT} +${zh.query.succeeded} +\\d+ +\\d+/\\d+ +${zh.coverage.complete} +${zh.sourceStatus.available}$`, "m"),
      );
      const registrations = cli(["registrations", queryId, "--lang", "zh"], { LC_ALL: "en_US.UTF-8" });
      expect(registrations.stdout).toMatch(new RegExp(`^\\d{20} +${zh.registerType.initial} .* ${zh.parse.completed} +\\d+ +doc_`, "m"));
      expect(registrations.stdout).not.toMatch(/\b(initial|completed)\b/);

      const json = cli(["status", queryId, "--json"], { LANG: "zh_CN.UTF-8" });
      expect(JSON.parse(json.stdout)).toMatchObject({ id: queryId, status: "succeeded", sourceStatus: "available" });
    },
    RUN_MS * 2,
  );
});
