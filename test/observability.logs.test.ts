/**
 * Workers Logs and the Analytics Engine datapoints come from one call (worker/observability/record.ts):
 * across a whole run (queries, a check over documents, admin routes, unknown paths), every structured
 * line is a signal of the table with every one of its fields, and no line the Worker prints (structured
 * or not) holds a key, the admin token, a subject name or a value a client sent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGNALS, type SignalName } from "../worker/observability/signals";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { ADMIN_TOKEN, admin, body, call, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "深圳前海示例商业保理有限公司";
const KEYWORD = "应收账款质押";
const FIXTURE_SUBJECT = "日志测试专用主体有限公司";

const printed: string[] = [];
const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    printed.push(
      args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack ?? ""}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "),
    );
  }),
);

function pickInvoice(): string {
  for (const reg of sandboxRegistry.listing(SUBJECT)) {
    const numbers = sandboxRegistry.invoiceNumbersOf(SUBJECT, reg.certificateNumber, "description");
    if (numbers.length > 0) return numbers[0]!;
  }
  throw new Error("the sandbox subject prints no invoice number");
}

type Line = Record<string, unknown> & { signal: SignalName };

function structured(): Line[] {
  return printed.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Line);
}

describe("structured logs across a run", () => {
  let key = "";
  const invoice = pickInvoice();

  beforeAll(async () => {
    const a = await newAccount();
    key = a.key;
    const res = await open("/checks", key, {
      method: "POST",
      json: {
        applicant: SUBJECT,
        criteria: [
          { kind: "invoice_no", value: invoice },
          { kind: "keyword", value: KEYWORD },
        ],
      },
      headers: { "Idempotency-Key": idempotencyKey() },
    });
    expect(res.status).toBe(202);
    const created = await body<{ id: string; sourceRegistryQueryId: string }>(res);
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    expect((await open(`/checks/${created.id}`, key)).status).toBe(200);
    expect((await open(`/queries/${created.sourceRegistryQueryId}`, key)).status).toBe(200);
    // A subject name in a path, a wrong key, an unknown path.
    expect((await admin(`/upstream/subjects/${encodeURIComponent(FIXTURE_SUBJECT)}`, { method: "PUT", json: { registrations: [] } })).status).toBe(
      200,
    );
    expect((await open("/queries/qry_nothing", "rk_v1_not_a_key_at_all_0000000000")).status).toBe(401);
    expect((await call(`/nowhere/${encodeURIComponent(SUBJECT)}`)).status).toBe(404);
  });

  afterAll(() => {
    for (const spy of spies) spy.mockRestore();
  });

  it("writes one line per request and per step, each with every field of its signal", () => {
    const lines = structured();
    const seen = new Set(lines.map((l) => l.signal));
    for (const signal of ["request", "step", "parse"] as const) expect(seen).toContain(signal);
    for (const line of lines) {
      expect(Object.keys(SIGNALS)).toContain(line.signal);
      const shape: { blobs: readonly string[]; doubles: readonly string[] } = SIGNALS[line.signal];
      for (const blob of shape.blobs) expect(typeof line[blob], `${line.signal}.${blob}`).toBe("string");
      for (const double of shape.doubles) expect(Number.isFinite(line[double]), `${line.signal}.${double}`).toBe(true);
    }
    const requests = lines.filter((l) => l.signal === "request");
    for (const r of requests) expect(r.requestId).toMatch(/^req_/);
    expect(requests.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        "/api/open/v1/checks",
        "/api/open/v1/checks/:id",
        "/api/open/v1/queries/:id",
        "/api/admin/v1/upstream/subjects/:subjectName",
        "unmatched",
      ]),
    );
    const read = requests.find((r) => r.route === "/api/open/v1/queries/:id" && r.status === 200);
    expect(read?.shard).toMatch(/^\d+$/);
    const steps = lines.filter((l) => l.signal === "step");
    expect(new Set(steps.map((s) => s.step))).toEqual(new Set(["list", "document", "check"]));
    for (const s of steps) {
      expect(s.outcome).toBe("done");
      expect(s.shard).toMatch(/^\d+$/);
      expect(s.attempt).toBeGreaterThanOrEqual(1);
      expect(s.messageId).toEqual(expect.any(String));
      expect(s.taskId).toMatch(/^(qry|chk)_/);
    }
    // The sandbox's certificates are written by the product's own writer: its Producer names it.
    const parses = lines.filter((l) => l.signal === "parse");
    expect(parses.length).toBeGreaterThan(0);
    expect(parses.every((p) => p.outcome === "completed" && p.producer === "registry-check-api sandbox")).toBe(true);
  });

  it("never prints a key, the admin token, a subject name or a value a client sent", () => {
    expect(printed.length).toBeGreaterThan(0);
    const secrets = [key, key.slice(0, 16), ADMIN_TOKEN, "rk_v1_not_a_key_at_all", SUBJECT, FIXTURE_SUBJECT, KEYWORD, invoice];
    const encoded = [SUBJECT, FIXTURE_SUBJECT].map(encodeURIComponent);
    for (const line of printed) for (const secret of [...secrets, ...encoded]) expect(line).not.toContain(secret);
  });
});
