/**
 * GET /api/console/v1/audit.csv (console-api.md, Audit trail): the owner's export of the trail, the
 * same events and filters as GET /audit, newest first, as RFC 4180 CSV a spreadsheet opens safely: a
 * cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe
 * (OWASP, CSV injection), and quotes, commas and line breaks are quoted.
 */
import { describe, expect, it } from "vitest";
import { toAuditCsvRow } from "../worker/serializers/console";
import { expectError, newAccount } from "./helpers";
import { PASSWORD, consoleCall, consoleUser, signIn } from "./console-helpers";

const HEADER = ["id", "at", "kind", "actorType", "actorId", "actorLabel", "targetType", "targetId", "requestId", "ip", "userAgent", "detail"];

/** RFC 4180: fields split at commas outside quotes, "" inside quotes is a quote, records end at CRLF outside quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += ch;
    } else if (ch === ",") {
      endField();
    } else if (ch === "\r" && text[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += ch;
    }
  }
  expect(field, "the last record ends with CRLF").toBe("");
  expect(record).toEqual([]);
  return records;
}

async function exportOf(session: Parameters<typeof consoleCall>[0], query = ""): Promise<string[][]> {
  const res = await consoleCall(session, `/audit.csv${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-acc_[\w-]+\.csv"$/);
  // The BOM as bytes: text() would drop it (the Encoding standard's UTF-8 decode strips one).
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.slice(3)));
}

describe("the audit trail as CSV", () => {
  it("is the owner's only: an analyst and a viewer are 403", async () => {
    const a = await newAccount();
    for (const role of ["analyst", "viewer"] as const)
      await expectError(await consoleCall(await consoleUser(a.accountId, role), "/audit.csv"), 403, "ROLE_FORBIDDEN");
  });

  it("has a header row, then one row per event newest first, the same as GET /audit, and honours the filters", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const analyst = await consoleUser(a.accountId, "analyst");
    expect((await consoleCall(analyst, "/keys", { method: "POST", json: { currentPassword: PASSWORD, name: "ci" } })).status).toBe(201);
    const [header, ...rows] = await exportOf(owner);
    expect(header).toEqual(HEADER);
    const listed = (await (await consoleCall(owner, "/audit?pageSize=100")).json()) as {
      items: { id: string; kind: string; at: string }[];
      total: number;
    };
    expect(rows.map((r) => r[0])).toEqual(listed.items.map((e) => e.id));
    expect(rows).toHaveLength(listed.total);
    for (const row of rows) expect(row).toHaveLength(HEADER.length);
    const times = rows.map((r) => Date.parse(r[1]!));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const keys = await exportOf(owner, "?kind=key.created");
    // The operator's key of newAccount and the analyst's, newest first.
    expect(keys.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ["key.created", "user", analyst.userId],
      ["key.created", "operator", "operator"],
    ]);
    const byAnalyst = await exportOf(owner, `?actor=${analyst.userId}`);
    expect(new Set(byAnalyst.slice(1).map((r) => r[4]))).toEqual(new Set([analyst.userId]));
    expect(byAnalyst.slice(1).map((r) => r[2])).toContain("key.created");
    const future = await exportOf(owner, "?from=2999-01-01");
    expect(future).toEqual([HEADER]);
    await expectError(await consoleCall(owner, "/audit.csv?from=yesterday"), 400, "VALIDATION_FAILED");
  });

  it("neutralises what a spreadsheet would run as a formula, and quotes quotes", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const agents = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1:A2)"];
    // Failed sign-ins record the client's User-Agent (and the reason), never the password.
    for (const agent of agents) expect((await signIn(owner.email, "wrong password!", {}, { "User-Agent": agent })).res.status).toBe(401);
    const rows = (await exportOf(owner, "?kind=session.failed")).slice(1);
    expect(rows.map((r) => r[10])).toEqual(agents.map((agent) => `'${agent}`).reverse());
    for (const row of rows) {
      expect(JSON.parse(row[11]!)).toEqual({ reason: "password" });
      expect(row.join()).not.toContain("wrong password!");
    }
  });

  it("quotes a cell with a line break, a comma or a quote, and prefixes one that starts with a tab", () => {
    const row = toAuditCsvRow({
      id: "aud_1",
      accountId: "acc_1",
      at: Date.UTC(2026, 0, 2, 3, 4, 5),
      kind: "session.failed",
      actorType: "user",
      actorId: "usr_1",
      actorLabel: "a,b@bank.example",
      requestId: "req_1",
      ip: null,
      userAgent: "line one\r\nline two",
      targetType: null,
      targetId: null,
      detail: '{"note":"say \\"hi\\""}',
    });
    const [record] = parseCsv(row);
    expect(record![5]).toBe("a,b@bank.example");
    expect(record![9]).toBe("");
    expect(record![10]).toBe("line one\r\nline two");
    expect(JSON.parse(record![11]!)).toEqual({ note: 'say "hi"' });
    expect(parseCsv(toAuditCsvRow({ ...baseRecord(), userAgent: "\t=1" }))[0]![10]).toBe("'\t=1");
  });
});

function baseRecord(): Parameters<typeof toAuditCsvRow>[0] {
  return {
    id: "aud_2",
    accountId: "acc_1",
    at: 0,
    kind: "session.failed",
    actorType: "user",
    actorId: "usr_1",
    actorLabel: "x@bank.example",
    requestId: "req_2",
    ip: null,
    userAgent: null,
    targetType: null,
    targetId: null,
    detail: null,
  };
}
