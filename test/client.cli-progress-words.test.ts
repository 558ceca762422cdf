/**
 * The CLI's progress words come from the one vocabulary (worker/schemas/vocabulary-words.ts, `progress`)
 * like its states: a check followed under a Chinese locale says 查询中 / 比对中 while its source query
 * runs and while it matches, never the English "querying" / "matching" (issue 37).
 */
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../cli/main.ts";
import { vocabulary } from "../worker/schemas/vocabulary-words";
import { newAccount } from "./helpers";
import { FAST_POLL, sandboxInvoice, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";

describe("registry-check's progress words", () => {
  it("are the vocabulary's in the user's language", async () => {
    const a = await newAccount();
    let stderr = "";
    const io: CliIo = {
      stdout: { write: () => undefined },
      stderr: { write: (text) => void (stderr += text) },
      env: { REGISTRY_API_URL: "http://api.test", REGISTRY_API_KEY: a.key, LANG: "zh_CN.UTF-8" },
      fetch: workerFetch,
      poll: FAST_POLL,
      openFile: async () => ({ write: () => undefined, close: () => undefined }),
    };
    const code = await main(["check", "--applicant", SUBJECT, "--invoice", sandboxInvoice(SUBJECT)], io);
    expect(code, stderr).toBe(0);
    const zh = vocabulary("zh-CN").progress;
    const lines = stderr.trim().split("\n");
    expect(lines.some((line) => line.includes(zh.querying) || line.includes(zh.matching))).toBe(true);
    expect(stderr).not.toMatch(/\b(querying|matching)\b/);
  });
});
