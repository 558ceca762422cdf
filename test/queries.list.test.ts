/**
 * GET /queries: newest first, literal search, status filter, pagination bounds (400, never
 * clamped) and the 6-calendar-month history window (open-api-v1.md, Limits: history window rules).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { historyWindowStart } from "../worker/lib/time";
import { body, createQueries, expectError, newAccount, open, waitForQuery, type TestAccount } from "./helpers";

type Query = { id: string; subjectName: string; status: string; createdAt: string };
type Page = { items: Query[]; total: number; page: number; pageSize: number };

async function list(a: TestAccount, params = ""): Promise<Page> {
  const res = await open(`/queries${params ? `?${params}` : ""}`, a.key);
  expect(res.status, await res.clone().text()).toBe(200);
  return body<Page>(res);
}

/** Independent of worker/lib/time: Beijing calendar day of `now`, six months back, clamped, at 00:00 +08:00. */
function expectedWindowStart(now: number): number {
  const beijing = new Date(now + 8 * 3600_000);
  let year = beijing.getUTCFullYear();
  let month = beijing.getUTCMonth() + 1 - 6; // 1-based
  if (month < 1) {
    month += 12;
    year -= 1;
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(beijing.getUTCDate(), daysInMonth);
  const pad = (n: number) => String(n).padStart(2, "0");
  return Date.parse(`${year}-${pad(month)}-${pad(day)}T00:00:00.000+08:00`);
}

async function insertFinishedQuery(a: TestAccount, id: string, subject: string, createdAt: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO queries (id, account_id, subject_name, status, execution_status, source_status, coverage_complete, listed,
       created_at, updated_at, completed_at) VALUES (?, ?, ?, 'no_result', 'succeeded', 'available', 1, 1, ?, ?, ?)`,
  )
    .bind(id, a.accountId, subject, createdAt, createdAt, createdAt + 1000)
    .run();
}

describe("the history window boundary", () => {
  it.each([
    ["2026-08-31T10:00:00+08:00", "2026-02-28T00:00:00+08:00"],
    ["2024-08-31T10:00:00+08:00", "2024-02-29T00:00:00+08:00"],
    ["2026-03-31T23:59:59.999+08:00", "2025-09-30T00:00:00+08:00"],
    ["2026-01-15T00:00:00+08:00", "2025-07-15T00:00:00+08:00"],
    // 20:00 UTC on 31 August is already 1 September in Beijing.
    ["2026-08-31T20:00:00Z", "2026-03-01T00:00:00+08:00"],
    ["2026-06-30T16:00:00Z", "2026-01-01T00:00:00+08:00"],
    ["2026-06-30T15:59:59.999Z", "2025-12-30T00:00:00+08:00"],
  ])("now %s → %s", (now, start) => {
    expect(historyWindowStart(Date.parse(now))).toBe(Date.parse(start));
    expect(expectedWindowStart(Date.parse(now))).toBe(Date.parse(start));
  });

  it("agrees with the independent computation on every day of two years", () => {
    const from = Date.parse("2025-01-01T06:00:00+08:00");
    for (let d = 0; d < 731; d++) {
      const now = from + d * 86400_000;
      expect(historyWindowStart(now), new Date(now).toISOString()).toBe(expectedWindowStart(now));
    }
  });
});

describe("GET /queries", () => {
  it("lists newest first, searches literally, filters by status and keeps to the window", async () => {
    const a = await newAccount();
    const other = await newAccount();
    const res = await createQueries(a.key, ["无登记A%B有限公司", "无登记A_B有限公司", "无登记A!B有限公司", "无登记AXB有限公司"]);
    expect(res.status).toBe(202);
    const batch = (await body<{ queries: Query[] }>(res)).queries;
    const failing = (await body<{ queries: Query[] }>(await createQueries(a.key, ["不可用A%列表有限公司"]))).queries[0]!;
    await createQueries(other.key, ["无登记A%B有限公司"]);
    for (const q of [...batch, failing]) await waitForQuery(q.id);
    const [percent, underscore, bang, plain] = batch.map((q) => q.id);

    const now = Date.now();
    const start = historyWindowStart(now);
    expect(start).toBe(expectedWindowStart(now));
    await insertFinishedQuery(a, "qry_windowboundary01", "无登记边界有限公司", start);
    await insertFinishedQuery(a, "qry_windowoutside001", "无登记窗外有限公司", start - 1);
    await insertFinishedQuery(a, "qry_windowrecent0001", "无登记窗内有限公司", now - 86400_000);

    const all = await list(a, "pageSize=100");
    expect(all.total).toBe(7);
    expect(all.items.map((q) => q.id)).not.toContain("qry_windowoutside001");
    expect(all.items.at(-1)?.id).toBe("qry_windowboundary01");
    expect(all.items.at(-2)?.id).toBe("qry_windowrecent0001");
    const times = all.items.map((q) => Date.parse(q.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.items.some((q) => q.subjectName === "无登记A%B有限公司" && !batch.some((b) => b.id === q.id))).toBe(false);

    const ids = async (params: string) => (await list(a, params)).items.map((q) => q.id).sort();
    expect(await ids(`search=${encodeURIComponent("A%B")}`)).toEqual([percent]);
    expect(await ids(`search=${encodeURIComponent("a%b")}`)).toEqual([percent]);
    expect(await ids(`search=${encodeURIComponent("A_B")}`)).toEqual([underscore]);
    expect(await ids(`search=${encodeURIComponent("A!B")}`)).toEqual([bang]);
    expect(await ids(`search=${encodeURIComponent("%")}`)).toEqual([percent, failing.id].sort());
    // Query ids ("qry_…") hold an underscore themselves; next to a Chinese character only the name can match.
    expect(await ids(`search=${encodeURIComponent("_B有")}`)).toEqual([underscore]);
    expect(await ids(`search=${encodeURIComponent("%B有")}`)).toEqual([percent]);
    expect(await ids(`search=${encodeURIComponent("!B有")}`)).toEqual([bang]);
    expect(await ids(`search=${encodeURIComponent("!")}`)).toEqual([bang]);
    expect(await ids(`search=${encodeURIComponent("AXB")}`)).toEqual([plain]);
    expect(await ids(`search=${encodeURIComponent("!%")}`)).toEqual([]);
    expect(await ids("search=%E7%AA%97%E5%A4%96")).toEqual([]); // 窗外: outside the window, even by name

    expect(await ids("status=failed")).toEqual([failing.id]);
    const noResult = await list(a, "status=no_result&pageSize=100");
    expect(noResult.total).toBe(6);
    expect(noResult.items.map((q) => q.id)).not.toContain("qry_windowoutside001");
    expect((await list(a, "status=succeeded")).total).toBe(0);
    expect((await list(a, "status=")).total).toBe(7);
    const badStatus = await expectError(await open("/queries?status=finished", a.key), 400, "VALIDATION_FAILED", ["finished"]);
    expect(badStatus.details?.fields[0]).toMatchObject({ path: "status", code: "INVALID_CHOICE" });

    // Outside the window, still the owner's: readable by id.
    const old = await open("/queries/qry_windowoutside001", a.key);
    expect(old.status).toBe(200);
    expect(await body(old)).toMatchObject({ id: "qry_windowoutside001", subjectName: "无登记窗外有限公司", status: "no_result" });
    expect((await open("/queries/qry_windowoutside001/registrations", a.key)).status).toBe(200);
  });

  it("pages exactly and refuses out-of-range pagination instead of clamping it", async () => {
    const a = await newAccount();
    const now = Date.now();
    for (let i = 0; i < 5; i++) await insertFinishedQuery(a, `qry_paging0000000${i}`, `无登记分页${i}有限公司`, now - i * 60_000);
    const pages = [await list(a, "page=1&pageSize=2"), await list(a, "page=2&pageSize=2"), await list(a, "page=3&pageSize=2")];
    expect(pages.map((p) => p.items.map((q) => q.id))).toEqual([
      ["qry_paging00000000", "qry_paging00000001"],
      ["qry_paging00000002", "qry_paging00000003"],
      ["qry_paging00000004"],
    ]);
    for (const [i, p] of pages.entries()) expect(p).toMatchObject({ page: i + 1, pageSize: 2, total: 5 });
    expect(await list(a)).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    expect(await list(a, "pageSize=100")).toMatchObject({ pageSize: 100, total: 5 });
    expect(await list(a, "page=9&pageSize=2")).toMatchObject({ items: [], page: 9, total: 5 });

    const bad: Array<[string, string, string]> = [
      ["page=0", "page", "OUT_OF_RANGE"],
      ["page=-1", "page", "INVALID_TYPE"],
      ["pageSize=0", "pageSize", "OUT_OF_RANGE"],
      ["pageSize=101", "pageSize", "OUT_OF_RANGE"],
      ["pageSize=abc", "pageSize", "INVALID_TYPE"],
      ["page=abc", "page", "INVALID_TYPE"],
      ["pageSize=2.5", "pageSize", "INVALID_TYPE"],
    ];
    for (const [params, path, code] of bad) {
      const err = await expectError(await open(`/queries?${params}`, a.key), 400, "VALIDATION_FAILED");
      expect(err.details?.fields[0], params).toMatchObject({ path, code });
    }
  });
});
