/**
 * Queries and checks started from the console (console-api.md: POST /queries, POST /checks), re-review
 * with the reviewer kept (GET /checks/{id}/reviews), who started each task (GET /creators), and the
 * export of a check (GET /checks/{id}/export; each format read back in console.export.test.ts), all through the console's JSON with a
 * session: the open API's rules, allowance and idempotency, the user as the audit events' actor.
 */
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { adminJson, body, expectError, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "天津示例物流有限公司";

interface AuditItem {
  kind: string;
  actor: { type: string; id: string; label: string };
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

/** The account's events of a kind, waiting for the outbox's delivery (after the response). */
async function eventsOf(accountId: string, kind: string, count: number): Promise<AuditItem[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { items } = await adminJson<{ items: AuditItem[] }>(`/accounts/${accountId}/audit?kind=${kind}`);
    if (items.length >= count) return items;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} ${kind} events`);
}

function post(s: ConsoleSession, path: string, json: unknown, key = idempotencyKey()): Promise<Response> {
  return consoleCall(s, path, { method: "POST", json, headers: { "Idempotency-Key": key } });
}

/** Invoice numbers printed in the descriptions of the subject's first `count` registrations that print one. */
function invoiceNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (const registration of sandboxRegistry.listing(SUBJECT)) {
    const fresh = sandboxRegistry.invoiceNumbersOf(SUBJECT, registration.certificateNumber, "description").find((n) => !numbers.includes(n));
    if (fresh) numbers.push(fresh);
    if (numbers.length === count) break;
  }
  return numbers;
}

async function finishedQuery(s: ConsoleSession): Promise<string> {
  const res = await post(s, "/queries", { subjectNames: [SUBJECT] });
  expect(res.status).toBe(202);
  const { queries } = await body<{ queries: Array<{ id: string }> }>(res);
  await waitForQuery(queries[0]!.id);
  return queries[0]!.id;
}

describe("queries and checks from the console", () => {
  it("starts a query with the open API's answer, replays it under the same Idempotency-Key, and charges the shared allowance once", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const before = await body<{ query: { available: number } }>(await open("/account/entitlements", a.key));
    const key = idempotencyKey();
    const first = await post(analyst, "/queries", { subjectNames: [SUBJECT, "上海示例贸易有限公司"] }, key);
    expect(first.status).toBe(202);
    const accepted = await body<{ queries: Array<{ id: string; subjectName: string }> }>(first);
    expect(accepted.queries.map((q) => q.subjectName)).toEqual([SUBJECT, "上海示例贸易有限公司"]);
    const again = await post(analyst, "/queries", { subjectNames: [SUBJECT, "上海示例贸易有限公司"] }, key);
    expect(again.status).toBe(202);
    expect((await body<typeof accepted>(again)).queries.map((q) => q.id)).toEqual(accepted.queries.map((q) => q.id));
    await expectError(await post(analyst, "/queries", { subjectNames: [SUBJECT] }, key), 409, "IDEMPOTENCY_CONFLICT");
    // The web and the API share one allowance: the open API sees the console's reservation.
    const after = await body<{ query: { available: number } }>(await open("/account/entitlements", a.key));
    expect(before.query.available - after.query.available).toBe(2);
    // The open API lists it: one account, one set of queries.
    const listed = await body<{ items: Array<{ id: string }> }>(await open("/queries", a.key));
    expect(listed.items.map((q) => q.id)).toEqual(expect.arrayContaining(accepted.queries.map((q) => q.id)));
    const events = await eventsOf(a.accountId, "query.created", 2);
    expect(events.map((e) => e.actor)).toEqual([0, 1].map(() => ({ type: "user", id: analyst.userId, label: analyst.email })));
    const creators = await body<{ items: Array<{ id: string; createdBy: { label: string } }> }>(
      await consoleCall(analyst, `/creators?ids=${accepted.queries.map((q) => q.id).join(",")}`),
    );
    expect(creators.items.map((c) => c.createdBy.label)).toEqual([analyst.email, analyst.email]);
  });

  it("refuses what the open API refuses, a viewer, a missing Idempotency-Key and a request without the CSRF token", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const viewer = await consoleUser(a.accountId, "viewer");
    await expectError(await post(viewer, "/queries", { subjectNames: [SUBJECT] }), 403, "ROLE_FORBIDDEN");
    await expectError(await post(viewer, "/checks", { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "钢材" }] }), 403, "ROLE_FORBIDDEN");
    await expectError(await post(analyst, "/queries", { subjectNames: [] }), 400, "VALIDATION_FAILED");
    await expectError(await consoleCall(analyst, "/queries", { method: "POST", json: { subjectNames: [SUBJECT] } }), 400, "VALIDATION_FAILED");
    await expectError(
      await consoleCall(analyst, "/queries", {
        method: "POST",
        json: { subjectNames: [SUBJECT] },
        csrf: false,
        headers: { "Idempotency-Key": idempotencyKey() },
      }),
      403,
      "CSRF_TOKEN_INVALID",
    );
    const bad = await post(analyst, "/checks", { applicant: SUBJECT, criteria: [{ kind: "invoice_no", value: "12ab" }] });
    await expectError(bad, 400, "VALIDATION_FAILED");
    const light = await newAccount("light");
    const lightAnalyst = await consoleUser(light.accountId, "analyst");
    await expectError(
      await post(lightAnalyst, "/checks", { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "钢材" }] }),
      403,
      "CHECK_PLAN_REQUIRED",
    );
    // No subscription in force: the open API's 402, before any allowance is touched.
    const lapsed = await newAccount(null);
    await expectError(
      await post(await consoleUser(lapsed.accountId, "analyst"), "/queries", { subjectNames: [SUBJECT] }),
      402,
      "SUBSCRIPTION_REQUIRED",
    );
    const other = await newAccount();
    const otherQuery = await finishedQuery(await consoleUser(other.accountId, "analyst"));
    await expectError(
      await post(analyst, "/checks", { applicant: SUBJECT, sourceRegistryQueryId: otherQuery, criteria: [{ kind: "keyword", value: "钢材" }] }),
      404,
      "NOT_FOUND",
    );
  });

  it("starts a check from a finished query, lets a decided result be reviewed again with every conclusion and its reviewer kept, and exports it", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const owner = await consoleUser(a.accountId, "owner");
    const queryId = await finishedQuery(analyst);
    const invoices = invoiceNumbers(2);
    const res = await post(analyst, "/checks", {
      applicant: SUBJECT,
      sourceRegistryQueryId: queryId,
      criteria: [...invoices.map((value) => ({ kind: "invoice_no", value })), { kind: "keyword", value: "=cmd" }],
    });
    expect(res.status).toBe(202);
    const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
    expect(check.sourceRegistryQueryId).toBe(queryId);
    await waitForCheck(check.id);
    const [created] = await eventsOf(a.accountId, "check.created", 1);
    expect(created).toMatchObject({ actor: { type: "user", id: analyst.userId }, target: { type: "check", id: check.id } });

    const results = await body<{ items: Array<{ registration: { id: string; certificateNumber: string }; matchStatus: string }> }>(
      await consoleCall(analyst, `/checks/${check.id}/results?matchStatus=matched`),
    );
    expect(results.items.length).toBeGreaterThanOrEqual(1);
    const target = results.items[0]!.registration;
    const review = (s: ConsoleSession, decision: string, note: string) =>
      consoleCall(s, `/checks/${check.id}/results/${target.id}/review`, { method: "PUT", json: { decision, note } });
    expect((await review(analyst, "confirmed", "发票重复融资")).status).toBe(200);
    expect((await review(owner, "false_positive", "Reviewed again: the invoice was repaid")).status).toBe(200);
    const history = await body<{
      items: Array<{ registrationId: string; decision: string; note: string; reviewer: { label: string }; reviewedAt: string }>;
    }>(await consoleCall(analyst, `/checks/${check.id}/reviews`));
    expect(history.items.map((h) => [h.registrationId, h.decision, h.reviewer.label])).toEqual([
      [target.id, "confirmed", analyst.email],
      [target.id, "false_positive", owner.email],
    ]);
    expect(history.items[0]!.reviewedAt).toMatch(/[+-]\d{2}:\d{2}$/);
    // Every conclusion stays in the audit trail, the earlier one included, with its reviewer.
    const written = await eventsOf(a.accountId, "review.written", 2);
    expect(written.map((e) => [e.detail?.decision, e.actor.label]).sort()).toEqual([
      ["confirmed", analyst.email],
      ["false_positive", owner.email],
    ]);
    const shown = await body<{ check: { manualReview: { decision: string; note: string } } }>(
      await consoleCall(analyst, `/checks/${check.id}/results/${target.id}`),
    );
    expect(shown.check.manualReview).toMatchObject({ decision: "false_positive", note: "Reviewed again: the invoice was repaid" });

    const csv = await consoleCall(analyst, `/checks/${check.id}/export?format=csv&lang=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "check_id,check_status,coverage_complete,certificate_number,registered_at,secured_parties,standing,match_status,matched_criteria,strength,system_decision,manual_decision,reviewer,reviewed_at,note",
    );
    const all = await body<{ total: number }>(await consoleCall(analyst, `/checks/${check.id}/results`));
    expect(lines.length - 1).toBe(all.total);
    const row = lines.find((l) => l.includes(`,${target.certificateNumber},`))!;
    expect(row.startsWith(`${check.id},`)).toBe(true);
    expect(row).toContain(",false_positive,");
    expect(row).toContain(owner.email);
    // …and when: the reviewed-at column holds the time of the last conclusion, in ISO 8601 with the offset.
    expect(row).toMatch(new RegExp(`${owner.email.replace(/\./g, "\\.")},\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00,`));
    expect(row).toContain("Reviewed again: the invoice was repaid");
    expect(row).toContain("invoice_exact_match");
    // A criterion typed as a formula is never run by a spreadsheet.
    expect(lines.join("\n")).not.toMatch(/(^|,)=cmd/);

    const pdf = await consoleCall(analyst, `/checks/${check.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = new TextDecoder("latin1").decode(await pdf.arrayBuffer());
    expect(text.startsWith("%PDF-")).toBe(true);
    // What the PDF says is read back by pdf.js in test/console.export.test.ts.

    const exported = await eventsOf(a.accountId, "check.exported", 2);
    expect(exported.map((e) => e.detail?.format).sort()).toEqual(["csv", "pdf"]);
    expect(exported.every((e) => e.actor.id === analyst.userId && e.target?.id === check.id)).toBe(true);
    await expectError(await consoleCall(analyst, `/checks/${check.id}/export?format=docx`), 400, "VALIDATION_FAILED");
    await expectError(await consoleCall(analyst, `/checks/${check.id}/export`), 400, "VALIDATION_FAILED");
    // Exporting is a read: a viewer may take the check to the credit file too.
    const viewer = await consoleUser(a.accountId, "viewer");
    expect((await consoleCall(viewer, `/checks/${check.id}/export?format=csv`)).status).toBe(200);

    // The list's search finds the check by what it looked for and by a certificate number it read, on both doors.
    const found = async (search: string) =>
      (await body<{ items: Array<{ id: string }> }>(await consoleCall(analyst, `/checks?search=${encodeURIComponent(search)}`))).items.map(
        (k) => k.id,
      );
    expect(await found(invoices[0]!)).toEqual([check.id]);
    expect(await found("=cmd")).toEqual([check.id]);
    expect(await found(target.certificateNumber)).toEqual([check.id]);
    expect(await found("99999999999999999999")).toEqual([]);
    const open_ = await body<{ items: Array<{ id: string }> }>(await open(`/checks?search=${encodeURIComponent(target.certificateNumber)}`, a.key));
    expect(open_.items.map((k) => k.id)).toEqual([check.id]);
  });

  it("answers 404 for another account's check on the reviews and the export", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const analyst = await consoleUser(mine.accountId, "analyst");
    const res = await open("/checks", theirs.key, {
      method: "POST",
      json: { applicant: SUBJECT, criteria: [{ kind: "keyword", value: "钢材" }] },
      headers: { "Idempotency-Key": idempotencyKey() },
    });
    const { id } = await body<{ id: string }>(res);
    for (const path of [`/checks/${id}/reviews`, `/checks/${id}/export?format=csv`, `/checks/${id}/export?format=pdf`])
      await expectError(await consoleCall(analyst, path), 404, "NOT_FOUND");
    const creators = await body<{ items: unknown[] }>(await consoleCall(analyst, `/creators?ids=${id}`));
    expect(creators.items).toEqual([]);
  });
});
