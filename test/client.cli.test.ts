import { describe, expect, it } from "vitest";
import type { FetchLike } from "../client/index.ts";
import { main, type CliIo } from "../cli/main.ts";
import { newAccount, waitForCheck } from "./helpers";
import { FAST_POLL, sandboxInvoice, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";

/** Runs the CLI in-process against this Worker, capturing what it prints and writes. */
async function run(argv: string[], key: string | undefined, fetch: FetchLike = workerFetch, locale: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const files = new Map<string, Uint8Array[]>();
  const io: CliIo = {
    stdout: { write: (text) => void (stdout += text) },
    stderr: { write: (text) => void (stderr += text) },
    env: { REGISTRY_API_URL: "http://api.test", ...locale, ...(key ? { REGISTRY_API_KEY: key } : {}) },
    fetch,
    poll: FAST_POLL,
    openFile: async (path) => {
      const chunks: Uint8Array[] = [];
      files.set(path, chunks);
      return { write: (chunk) => void chunks.push(chunk), close: () => undefined };
    },
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files };
}

describe("registry-check", () => {
  it("query: progress per query while it runs, then tables of the query and its registrations", async () => {
    const a = await newAccount();
    const { code, stdout, stderr } = await run(["query", SUBJECT], a.key);
    expect(stderr).toMatch(/qry_\w+ +上海示例供应链管理有限公司 +\[[█░·]+\]/);
    const finalProgress = stderr.trim().split("\n").at(-1)!;
    expect(finalProgress).toMatch(/\[█+\] +(\d+)\/\1 documents +Completed$/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Accepted 1 query: qry_\w+$/m);
    expect(stdout).toMatch(/^QUERY +SUBJECT +STATUS +REGISTRATIONS +DOCUMENTS +COVERAGE +SOURCE$/m);
    expect(stdout).toMatch(/^qry_\w+ +上海示例供应链管理有限公司 +Completed +(\d+) +\1\/\1 +Complete +Available$/m);
    expect(stdout).toMatch(/^Registrations 1–\d+ of \d+$/m);
    expect(stdout).toMatch(/^CERTIFICATE +TYPE +REGISTERED/m);
    expect(stdout).toMatch(/^\d{20} +Initial /m);
  });

  it("check: the summary, each criterion's hits and the candidate table", async () => {
    const a = await newAccount();
    const invoice = sandboxInvoice(SUBJECT);
    const { code, stdout, stderr } = await run(["check", "--applicant", SUBJECT, "--invoice", invoice, "--keyword", "根本不存在的关键词"], a.key);
    expect(code, stderr).toBe(0);
    // The last progress line ends on the check's terminal status, with every document of its source query.
    const finalProgress = stderr.trim().split("\n").at(-1)!;
    expect(finalProgress).toMatch(/^chk_\w+ +上海示例供应链管理有限公司 +\[█+\] +(\d+)\/\1 documents +(Completed|Partly completed)$/);
    expect(stdout).toMatch(/^Accepted check chk_\w+ \(source query qry_\w+\)$/m);
    expect(stdout).toMatch(/^status Awaiting review · execution (Completed|Partly completed)/m);
    expect(stdout).toMatch(new RegExp(`^crt_\\w+ +Invoice number +${invoice} +[1-9]\\d*$`, "m"));
    expect(stdout).toMatch(/^crt_\w+ +Keyword +根本不存在的关键词 +0$/m);
    expect(stdout).toMatch(/^REGISTRATION +CERTIFICATE +MATCH +RESULT +STRENGTH/m);
    expect(stdout).toMatch(new RegExp(`^reg_\\w+ +\\d{20} +Matched +Awaiting review +Invoice number +${invoice}`, "m"));

    const checkId = /Accepted check (chk_\w+)/.exec(stdout)![1]!;
    const listed = await run(["results", checkId, "--match", "matched", "--json"], a.key);
    expect(listed.code).toBe(0);
    const parsed = JSON.parse(listed.stdout) as { check: { id: string }; results: { items: Array<{ matchStatus: string }> } };
    expect(parsed.check.id).toBe(checkId);
    expect(parsed.results.items.length).toBeGreaterThan(0);
    expect(parsed.results.items.every((r) => r.matchStatus === "matched")).toBe(true);
  });

  it("check: a check that ends between two polls still ends on its source query's final counts", async () => {
    const a = await newAccount();
    // The CLI's first read of the source query is handed over only once the check has ended: the next
    // round then sees the check terminal right after a query read that was not (the race of issue 16).
    let checkPath: string | undefined;
    let staleRead: { processedDocumentCount: number; totalDocumentCount: number; executionStatus: string } | undefined;
    const lateFetch: FetchLike = async (request) => {
      const response = await workerFetch(request);
      const path = new URL(request.url).pathname;
      if (request.method === "POST" && path.endsWith("/checks")) checkPath = `${path}/${((await response.clone().json()) as { id: string }).id}`;
      if (staleRead === undefined && checkPath && request.method === "GET" && /\/queries\/qry_\w+$/.test(path)) {
        staleRead = await response.clone().json();
        await waitForCheck(checkPath.split("/").at(-1)!);
      }
      return response;
    };
    const { code, stdout, stderr } = await run(["check", "--applicant", SUBJECT, "--keyword", "应收账款"], a.key, lateFetch);
    expect(code, stderr).toBe(0);
    // The race did happen: the query read the CLI got last was not final.
    expect(staleRead?.executionStatus).toMatch(/^(queued|processing|waiting_for_resources)$/);
    expect(staleRead!.processedDocumentCount).toBeLessThan(staleRead!.totalDocumentCount || 1);
    const sourceQueryId = /source query (qry_\w+)/.exec(stdout)![1]!;
    const source = JSON.parse((await run(["status", sourceQueryId, "--json"], a.key)).stdout) as {
      processedDocumentCount: number;
      totalDocumentCount: number;
    };
    const { processedDocumentCount: done, totalDocumentCount: total } = source;
    expect(done).toBe(total);
    expect(total).toBeGreaterThan(0);
    const finalProgress = stderr.trim().split("\n").at(-1)!;
    expect(finalProgress).toMatch(new RegExp(`^chk_\\w+ +${SUBJECT} +\\[█+\\] +${done}/${total} documents +(Completed|Partly completed)$`));
  });

  it("names states and kinds with the console's words: Chinese when the locale is, --lang over the locale, codes in --json", async () => {
    const a = await newAccount();
    const invoice = sandboxInvoice(SUBJECT);
    const zh = await run(["check", "--applicant", SUBJECT, "--invoice", invoice], a.key, workerFetch, { LANG: "zh_CN.UTF-8" });
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stdout).toMatch(/^status 待复核 · execution (已完成|部分完成) · source 可用 \(query qry_\w+\) · coverage /m);
    expect(zh.stdout).toMatch(new RegExp(`^crt_\\w+ +发票号 +${invoice} +[1-9]\\d*$`, "m"));
    expect(zh.stdout).toMatch(new RegExp(`^reg_\\w+ +\\d{20} +命中 +待复核 +发票号命中 +${invoice}`, "m"));
    expect(zh.stdout).toMatch(/ 财产描述 +\d+ +\d+–\d+ /);
    for (const code of ["review_pending", "invoice_no", "invoice_match", "property_description"]) expect(zh.stdout).not.toContain(code);
    const checkId = /Accepted check (chk_\w+)/.exec(zh.stdout)![1]!;

    // LC_ALL outranks LANG, as setlocale(3) reads them; --lang outranks both.
    const byLcAll = await run(["status", checkId], a.key, workerFetch, { LANG: "zh_CN.UTF-8", LC_ALL: "en_GB.UTF-8" });
    expect(byLcAll.stdout).toMatch(/^status Awaiting review · execution /m);
    const byOption = await run(["status", checkId, "--lang", "zh"], a.key, workerFetch, { LC_ALL: "en_GB.UTF-8" });
    expect(byOption.stdout).toMatch(/^status 待复核 · /m);
    const unset = await run(["entitlements"], a.key);
    expect(unset.stdout).toMatch(/^Query +\d+/m);
    expect(unset.stdout).toMatch(/^Check +\d+/m);

    const json = await run(["status", checkId, "--json"], a.key, workerFetch, { LANG: "zh_CN.UTF-8" });
    expect((JSON.parse(json.stdout) as { status: string }).status).toBe("review_pending");
    const wrong = await run(["status", checkId, "--lang", "fr"], a.key);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--lang takes zh or en");
  });

  it("--json prints the finished queries only, progress aside", async () => {
    const a = await newAccount();
    const { code, stdout } = await run(["query", "--json", SUBJECT], a.key);
    expect(code).toBe(0);
    const { queries } = JSON.parse(stdout) as { queries: Array<{ subjectName: string; executionStatus: string }> };
    expect(queries).toMatchObject([{ subjectName: SUBJECT, executionStatus: "succeeded" }]);
  });

  it("download: saves the file under its own name, or a range of it", async () => {
    const a = await newAccount();
    const queried = JSON.parse((await run(["query", "--json", SUBJECT], a.key)).stdout) as { queries: Array<{ id: string }> };
    const regs = JSON.parse((await run(["registrations", queried.queries[0]!.id, "--page-size", "1", "--json"], a.key)).stdout) as {
      items: Array<{ pdfUrl: string; certificateNumber: string }>;
    };
    const documentId = /documents\/([^/]+)\/content/.exec(regs.items[0]!.pdfUrl)![1]!;
    const whole = await run(["download", documentId], a.key);
    expect(whole.code, whole.stderr).toBe(0);
    const [name, chunks] = [...whole.files][0] ?? ["", []];
    expect(name).toMatch(/\.pdf$/);
    expect(new TextDecoder().decode(chunks![0]!.slice(0, 5))).toBe("%PDF-");
    expect(whole.stdout).toMatch(/^Saved [\d.]+ KiB of .+\.pdf to .+\.pdf \(application\/pdf\)$/m);

    const part = await run(["download", documentId, "--range", "0-99", "-o", "head.bin", "--json"], a.key);
    expect(part.code).toBe(0);
    expect(JSON.parse(part.stdout)).toMatchObject({ file: "head.bin", bytes: 100, status: 206, range: { start: 0, end: 99 } });
  });

  it("explains errors in words, with the exit status of their kind", async () => {
    const a = await newAccount();
    const noKey = await run(["entitlements"], undefined);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("REGISTRY_API_KEY");

    const badKey = await run(["entitlements"], "rk_v1_not_a_real_key_at_all_000000");
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/^error: UNAUTHENTICATED \(HTTP 401\)\. The API key was refused/m);
    expect(badKey.stderr).toMatch(/^request id: req_\w+$/m);

    const badSubject = await run(["query", "110105194912310021"], a.key);
    expect(badSubject.code).toBe(1);
    expect(badSubject.stderr).toContain("INVALID_SUBJECT");
    expect(badSubject.stderr).toMatch(/^ {2}subjectNames\[0\]: .+ \(INVALID_VALUE\)$/m);

    const missing = await run(["results", "chk_doesnotexist000"], a.key);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Not found: the id does not exist or belongs to another account.");

    const noCriteria = await run(["check", "--applicant", SUBJECT], a.key);
    expect(noCriteria.code).toBe(2);
    expect(noCriteria.stderr).toContain("--invoice");

    const unknown = await run(["query", SUBJECT, "--colour"], a.key);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option --colour");
  });
});
