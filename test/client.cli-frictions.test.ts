/**
 * The CLI frictions a newcomer met (issue 16): evidence and document ids in the tables, progress
 * within 80 columns, a fast and plain answer when no server runs, the completeness note's wording,
 * and the two "pending" counts explained.
 */
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../cli/main.ts";
import { displayWidth } from "../cli/render.ts";
import type { FetchLike, Sleep } from "../client/index.ts";
import { vocabulary } from "../worker/schemas/vocabulary-words.ts";
import { body, newAccount, open } from "./helpers";
import { FAST_POLL, sandboxInvoice, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";

interface RunOptions {
  fetch?: FetchLike;
  sleep?: Sleep;
  /** Standard error as a terminal of this many columns. */
  columns?: number;
  baseUrl?: string;
}

/** Runs the CLI in-process against this Worker (or the given fetch), capturing what it prints. */
async function run(argv: string[], key: string, options: RunOptions = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text) => void (stdout += text) },
    stderr: { write: (text) => void (stderr += text), ...(options.columns ? { isTTY: true, columns: options.columns } : {}) },
    env: { REGISTRY_API_URL: options.baseUrl ?? "http://api.test", REGISTRY_API_KEY: key },
    fetch: options.fetch ?? workerFetch,
    poll: FAST_POLL,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** A terminal control sequence such as cursor up or erase line: ESC, "[", a count, a letter. */
const CONTROL_SEQUENCE = new RegExp(`${String.fromCharCode(27)}\\[\\d*[A-Za-z]`, "g");

/** The text a terminal shows for each drawn line: escape sequences (cursor up, erase line) removed. */
function drawnLines(output: string): string[] {
  return output
    .replace(CONTROL_SEQUENCE, "")
    .split("\n")
    .filter((line) => line !== "");
}

type Evidence = {
  documentId?: string;
  pageNumber?: number;
  start: number;
  end: number;
  termValue: string;
  certificateNumber: string;
  fileName: string;
  sourceField: keyof ReturnType<typeof vocabulary>["source"];
};

describe("registry-check, as a newcomer meets it", () => {
  it("results: shows each hit's document id, file, page and offsets, as the API gives them", async () => {
    const a = await newAccount();
    const invoice = sandboxInvoice(SUBJECT);
    const checked = await run(["check", "--applicant", SUBJECT, "--invoice", invoice], a.key);
    expect(checked.code, checked.stderr).toBe(0);
    const checkId = /Accepted check (chk_\w+)/.exec(checked.stdout)![1]!;
    expect(checked.stdout).toMatch(/^Evidence \(open a file with: registry-check download <document>\)$/m);

    const shown = await run(["results", checkId, "--match", "matched"], a.key);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^CERTIFICATE +TERM +DOCUMENT +FILE +READ FROM +PAGE +OFFSETS +SNIPPET$/m);
    const page = await body<{ items: Array<{ registration: { id: string } }> }>(await open(`/checks/${checkId}/results?matchStatus=matched`, a.key));
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      const detail = await body<{ check: { evidence: Evidence[] } }>(await open(`/checks/${checkId}/results/${item.registration.id}`, a.key));
      for (const e of detail.check.evidence) {
        expect(e.documentId).toMatch(/^doc_/);
        // The term is as printed (it may span lines), so it is not spelled out here.
        const row = new RegExp(
          `^${e.certificateNumber} +.+ +${e.documentId} +${e.fileName.replace(/\./g, "\\.")} +${vocabulary("en").source[e.sourceField].replace(/[()]/g, "\\$&")} +${e.pageNumber} +${e.start}–${e.end} +\\S`,
          "m",
        );
        expect(shown.stdout).toMatch(row);
      }
    }
  });

  it("registrations: carry each certificate's document id, the one `download` takes", async () => {
    const a = await newAccount();
    const queried = await run(["query", SUBJECT], a.key);
    expect(queried.code, queried.stderr).toBe(0);
    const queryId = /Accepted 1 query: (qry_\w+)/.exec(queried.stdout)![1]!;
    expect(queried.stdout).toMatch(/^CERTIFICATE +TYPE +REGISTERED +EXPIRES +DEBTORS +SECURED PARTIES +PARSE +ATTACHMENTS +DOCUMENT$/m);
    const listed = await body<{ items: Array<{ certificateNumber: string; pdfUrl: string }> }>(
      await open(`/queries/${queryId}/registrations`, a.key),
    );
    for (const r of listed.items) {
      const documentId = /documents\/([^/]+)\/content$/.exec(r.pdfUrl)![1]!;
      expect(queried.stdout).toMatch(new RegExp(`^${r.certificateNumber} .* ${documentId}$`, "m"));
    }
  });

  it("progress: every line drawn on an 80- or 60-column terminal fits in it", async () => {
    const a = await newAccount();
    for (const columns of [80, 60]) {
      const { code, stderr } = await run(["query", `${SUBJECT}`, "深圳市宽度测试电子科技有限公司"], a.key, { columns });
      expect(code, stderr).toBe(0);
      const lines = drawnLines(stderr);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(displayWidth(line), `${columns}: ${line}`).toBeLessThan(columns);
      // Still a progress bar, with its count, once done.
      expect(lines.at(-1)).toMatch(/\[█+\] +(\d+)\/\1/);
    }
  });

  it("says at once that no server runs at the address, and sends nothing", async () => {
    let attempts = 0;
    const waits: number[] = [];
    const refused: FetchLike = async () => {
      attempts++;
      // What Node's fetch (undici) throws when nothing listens on the port.
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8787"), { code: "ECONNREFUSED" }) });
    };
    const sleep: Sleep = async (ms) => void waits.push(ms);
    for (const argv of [["entitlements"], ["query", SUBJECT]]) {
      attempts = 0;
      const { code, stderr } = await run(argv, "rk_v1_whatever", { fetch: refused, sleep, baseUrl: "http://127.0.0.1:8787" });
      expect(code).toBe(5);
      expect(stderr).toContain("error: the server is not running at http://127.0.0.1:8787 (connection refused). Nothing was sent.");
      expect(stderr).toContain("npm start");
      expect(attempts).toBe(1);
    }
    expect(waits).toEqual([]);
  });

  it("still retries a connection that drops mid-request, and an unknown host is named as such", async () => {
    const a = await newAccount();
    let attempts = 0;
    const waits: number[] = [];
    const flaky: FetchLike = async (request) => {
      if (++attempts === 1) throw new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
      return workerFetch(request);
    };
    const recovered = await run(["entitlements"], a.key, { fetch: flaky, sleep: async (ms) => void waits.push(ms) });
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(attempts).toBe(2);
    expect(waits).toHaveLength(1);

    const unknownHost: FetchLike = async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }) });
    };
    const lost = await run(["entitlements"], a.key, { fetch: unknownHost, baseUrl: "http://registry.example.invalid" });
    expect(lost.code).toBe(5);
    expect(lost.stderr).toContain("error: the host of http://registry.example.invalid is not known.");
  });

  it("names only the reasons that hold when a miss proves nothing", async () => {
    const a = await newAccount();
    const partial = await run(["query", "部分规模5提示测试有限公司"], a.key);
    expect(partial.stdout).toMatch(/^qry_\w+: coverage is incomplete: a registration missing here is not proof that none exists\.$/m);
    expect(partial.stdout).not.toContain("the source is available");
    const quarantined = await run(["query", "隔离规模2提示测试有限公司"], a.key);
    expect(quarantined.stdout).toMatch(/^qry_\w+: coverage is incomplete and the source is quarantined: a registration missing here/m);
  });

  it("explains why 'pending' and 'awaiting review' differ when they do", async () => {
    const a = await newAccount();
    // A quarantined source: its hits are matched and pending, but none can be reviewed.
    const checked = await run(["check", "--applicant", "隔离规模3待审测试有限公司", "--keyword", "有限公司"], a.key);
    expect(checked.code, checked.stderr).toBe(0);
    const checkId = /Accepted check (chk_\w+)/.exec(checked.stdout)![1]!;
    const counts = /^candidates (\d+) · awaiting review (\d+)/m.exec(checked.stdout)!;
    expect(Number(counts[1])).toBeGreaterThan(0);
    expect(counts[2]).toBe("0");
    const shown = await run(["results", checkId], a.key);
    const pending = /· pending (\d+) ·/.exec(shown.stdout)![1]!;
    expect(Number(pending)).toBeGreaterThan(0);
    expect(shown.stdout).toContain(
      `pending ${pending} = 0 awaiting review (matched, source available) + ${pending} that cannot be reviewed (matching could not finish, or the source is not available)`,
    );
    // Where they agree, nothing is added: said exactly when the API's two counts differ.
    const plain = await run(["check", "--applicant", "规模3待审对照测试有限公司", "--keyword", "有限公司"], a.key);
    const plainId = /Accepted check (chk_\w+)/.exec(plain.stdout)![1]!;
    const api = await body<{ counts: { pending: number }; reviewableCount: number }>(await open(`/checks/${plainId}/results`, a.key));
    const plainShown = await run(["results", plainId], a.key);
    expect(plainShown.stdout.includes("that cannot be reviewed")).toBe(api.counts.pending !== api.reviewableCount);
  });
});
