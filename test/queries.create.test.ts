/**
 * POST /queries: body and header validation, identity numbers (GB 11643), de-duplication,
 * Idempotency-Key replay and conflict, entitlement refusals and the creation rate. Every refusal
 * is checked for its envelope and for leaving nothing behind in D1.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { admin, adminJson, body, countRows, expectError, idempotencyKey, newAccount, open, type TestAccount } from "./helpers";

type Accepted = { queries: Array<{ id: string; subjectName: string; status: string }> };

function post(a: TestAccount, payload: unknown, key: string | null = idempotencyKey()): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (key !== null) headers["Idempotency-Key"] = key;
  return open("/queries", a.key, { method: "POST", headers, body: typeof payload === "string" ? payload : JSON.stringify(payload) });
}

async function createdNothing(a: TestAccount): Promise<void> {
  expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(0);
  expect(await countRows("allowance_ledger", "account_id = ?", a.accountId)).toBe(0);
}

// GB 11643-1999: weights 2^(17-i) mod 11, check characters "10X98765432" indexed by sum mod 11.
const WEIGHTS = Array.from({ length: 17 }, (_, i) => 2 ** (17 - i) % 11);
function checkChar(first17: string): string {
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0);
  return "10X98765432"[sum % 11]!;
}
/** A valid identity number born 1985-06-15 in Beijing Dongcheng whose check character satisfies `want`, with few registrations. */
function identityNumber(want: (check: string) => boolean): string {
  for (let seq = 100; seq < 1000; seq++) {
    const first17 = `11010119850615${seq}`;
    const id = first17 + checkChar(first17);
    if (want(checkChar(first17)) && sandboxRegistry.count(id) <= 2) return id;
  }
  throw new Error("no identity number found");
}
const fullWidth = (s: string) => s.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe("POST /queries validation", () => {
  it("requires an Idempotency-Key of 1 to 128 characters and never echoes it", async () => {
    const a = await newAccount();
    const missing = await expectError(await post(a, { subjectNames: ["无登记键测试有限公司"] }, null), 400, "VALIDATION_FAILED");
    expect(missing.details?.fields).toEqual([{ path: "Idempotency-Key", code: "REQUIRED", message: expect.any(String) }]);

    const longKey = `KEYMARKER${"k".repeat(120)}`;
    expect(longKey).toHaveLength(129);
    const long = await expectError(await post(a, { subjectNames: ["无登记键测试有限公司"] }, longKey), 400, "VALIDATION_FAILED", ["KEYMARKER"]);
    expect(long.details?.fields[0]).toMatchObject({ path: "Idempotency-Key", code: "OUT_OF_RANGE" });

    const blank = await expectError(await post(a, { subjectNames: ["无登记键测试有限公司"] }, "   "), 400, "VALIDATION_FAILED");
    expect(blank.details?.fields[0]?.path).toBe("Idempotency-Key");
    await createdNothing(a);

    const exact = await post(a, { subjectNames: ["无登记键测试有限公司"] }, "k".repeat(128));
    expect(exact.status).toBe(202);
  });

  it("rejects unknown fields, empty and oversized arrays, short subjects and wrong types with field codes", async () => {
    const a = await newAccount();
    const cases: Array<[unknown, string, string, string[]]> = [
      // An unknown field is refused, never silently dropped, and its value is not echoed.
      [{ subjectNames: ["无登记甲有限公司"], FIELDMARKER: "VALUEMARKER" }, "", "INVALID_VALUE", ["VALUEMARKER"]],
      [{ subjectNames: [] }, "subjectNames", "REQUIRED", []],
      [{ subjectNames: Array.from({ length: 101 }, (_, i) => `无登记第${i}号有限公司`) }, "subjectNames", "OUT_OF_RANGE", []],
      [{ subjectNames: ["无登记乙有限公司", "甲"] }, "subjectNames[1]", "OUT_OF_RANGE", []],
      [{ subjectNames: [`LONGMARKER${"长".repeat(91)}`] }, "subjectNames[0]", "OUT_OF_RANGE", ["LONGMARKER"]],
      [{ subjectNames: "无登记丙有限公司" }, "subjectNames", "INVALID_TYPE", []],
      [{ subjectNames: ["无登记丁有限公司", 12345678] }, "subjectNames[1]", "INVALID_TYPE", []],
      [{}, "subjectNames", "REQUIRED", []],
      [["无登记戊有限公司"], "$", "INVALID_TYPE", []],
    ];
    for (const [payload, path, code, secrets] of cases) {
      const err = await expectError(await post(a, payload), 400, "VALIDATION_FAILED", secrets);
      const field = err.details!.fields[0]!;
      if (path) expect(field.path, JSON.stringify(payload).slice(0, 80)).toBe(path);
      expect(field.code, JSON.stringify(payload).slice(0, 80)).toBe(code);
    }
    await createdNothing(a);
  });

  it("reports malformed JSON at path $", async () => {
    const a = await newAccount();
    for (const raw of ['{"subjectNames": ["无登记己有限公司"', "not json at all", '{"subjectNames": ["a",]}']) {
      const err = await expectError(await post(a, raw), 400, "VALIDATION_FAILED");
      expect(err.details?.fields).toEqual([{ path: "$", code: "INVALID_FORMAT", message: expect.any(String) }]);
    }
    await createdNothing(a);
  });
});

describe("identity numbers", () => {
  it("accepts a valid 18-digit number and normalises a lower-case x and full-width digits", async () => {
    const a = await newAccount();
    const digit = identityNumber((c) => c !== "X");
    const withX = identityNumber((c) => c === "X");
    expect(withX.endsWith("X")).toBe(true);
    const res = await post(a, {
      subjectNames: [digit, fullWidth(digit), ` ${digit.slice(0, 6)} ${digit.slice(6)} `, withX.toLowerCase(), fullWidth(withX.toLowerCase())],
    });
    expect(res.status).toBe(202);
    const { queries } = await body<Accepted>(res);
    expect(queries.map((q) => q.subjectName)).toEqual([digit, withX]);
    expect(await countRows("allowance_ledger", "account_id = ? AND entry = 'reserve'", a.accountId)).toBe(2);
  });

  it("rejects the whole batch for a bad check digit, a bad birth date or a 15-digit number, reserving nothing", async () => {
    const a = await newAccount();
    const valid = identityNumber(() => true);
    const first17 = valid.slice(0, 17);
    const wrongCheck = first17 + "10X98765432".replace(checkChar(first17), "")[0];
    const badDate17 = "11010119990230123"; // 30 February
    const badDate = badDate17 + checkChar(badDate17);
    const future17 = `110101${new Date().getUTCFullYear() + 1}0101123`;
    const future = future17 + checkChar(future17);
    const fifteen = "110101850615123";
    for (const bad of [wrongCheck, badDate, future, fifteen]) {
      const err = await expectError(await post(a, { subjectNames: ["无登记庚有限公司", valid, bad] }), 400, "INVALID_SUBJECT", [bad]);
      expect(err.details?.fields).toEqual([{ path: "subjectNames[2]", code: "INVALID_VALUE", message: expect.any(String) }]);
    }
    await createdNothing(a);
  });
});

describe("de-duplication and idempotency", () => {
  it("counts a company written with extra spaces or full-width letters once, and charges once", async () => {
    const a = await newAccount();
    const res = await post(a, {
      subjectNames: [
        "无登记ABC去重有限公司",
        "  无登记ABC去重有限公司 ",
        "无登记 ABC 去重有限公司",
        "无登记ＡＢＣ去重有限公司",
        "无登记去重二号有限公司",
      ],
    });
    expect(res.status).toBe(202);
    const { queries } = await body<Accepted>(res);
    expect(queries.map((q) => q.subjectName)).toEqual(["无登记ABC去重有限公司", "无登记去重二号有限公司"]);
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(2);
    expect(await countRows("allowance_ledger", "account_id = ? AND entry = 'reserve'", a.accountId)).toBe(2);
    const e = await body<{ query: { used: number; reserved: number } }>(await open("/account/entitlements", a.key));
    expect(e.query.used + e.query.reserved).toBe(2);
  });

  it("replays the byte-identical first response without charging; another body is a 409", async () => {
    const a = await newAccount();
    const key = `IDEMMARKER-${idempotencyKey()}`;
    const payload = { subjectNames: ["无登记重放测试有限公司", "无登记重放测试二有限公司"] };
    const first = await post(a, payload, key);
    expect(first.status).toBe(202);
    const firstText = await first.text();
    const ledgerAfterFirst = await countRows("allowance_ledger", "account_id = ?", a.accountId);

    const replay = await post(a, payload, key);
    expect(replay.status).toBe(202);
    expect(await replay.text()).toBe(firstText);
    // The same intent written differently (whitespace) is the same body.
    const spaced = await post(a, JSON.stringify(payload, null, 2), key);
    expect(spaced.status).toBe(202);
    expect(await spaced.text()).toBe(firstText);
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(2);
    expect(await countRows("allowance_ledger", "account_id = ? AND entry = 'reserve'", a.accountId)).toBe(2);
    expect(await countRows("allowance_ledger", "account_id = ?", a.accountId)).toBeLessThanOrEqual(ledgerAfterFirst + 2);

    await expectError(await post(a, { subjectNames: ["无登记重放测试有限公司"] }, key), 409, "IDEMPOTENCY_CONFLICT", ["IDEMMARKER"]);
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(2);

    // All keys of one account share one idempotency space.
    const second = await adminJson<{ key: string; id: string }>(`/accounts/${a.accountId}/keys`, { method: "POST", json: {} });
    const viaSecond = await post({ ...a, key: second.key }, payload, key);
    expect(viaSecond.status).toBe(202);
    expect(await viaSecond.text()).toBe(firstText);
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(2);
  });

  it("creates exactly one task for 10 concurrent identical requests", async () => {
    const a = await newAccount();
    const key = idempotencyKey();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(a, { subjectNames: ["无登记并发测试有限公司"] }, key)));
    const texts = await Promise.all(responses.map((r) => r.clone().text()));
    const accepted = responses.map((r, i) => ({ status: r.status, text: texts[i]! })).filter((r) => r.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(accepted.map((r) => r.text)).size).toBe(1);
    for (const r of responses.filter((r) => r.status !== 202)) {
      expect(r.headers.get("Retry-After")).toBeTruthy();
      await expectError(r, 409, "IDEMPOTENCY_IN_FLIGHT");
    }
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(1);
    expect(await countRows("allowance_ledger", "account_id = ? AND entry = 'reserve'", a.accountId)).toBe(1);
  });

  it("replays a successful request after the subscription has ended, but refuses a new one", async () => {
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: "过期重放" } });
    const now = Date.now();
    await adminJson(`/accounts/${account.id}/subscriptions`, {
      method: "POST",
      json: { planId: "light", cycle: "monthly", startsAt: new Date(now - 1000).toISOString(), endsAt: new Date(now + 2500).toISOString() },
    });
    const key = await adminJson<{ key: string; id: string }>(`/accounts/${account.id}/keys`, { method: "POST", json: {} });
    const a: TestAccount = { accountId: account.id, key: key.key, keyId: key.id };
    const idem = idempotencyKey();
    const first = await post(a, { subjectNames: ["无登记过期测试有限公司"] }, idem);
    expect(first.status).toBe(202);
    const firstText = await first.text();
    await new Promise((r) => setTimeout(r, Math.max(0, now + 2600 - Date.now())));
    const replay = await post(a, { subjectNames: ["无登记过期测试有限公司"] }, idem);
    expect(replay.status).toBe(202);
    expect(await replay.text()).toBe(firstText);
    await expectError(await post(a, { subjectNames: ["无登记过期测试有限公司"] }), 402, "SUBSCRIPTION_REQUIRED");
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(1);
  });
});

describe("entitlement refusals and the creation rate", () => {
  it("QUERY_ALLOWANCE_INSUFFICIENT when a grant-only light account cannot cover the batch; nothing is created", async () => {
    const a = await newAccount("light");
    // Grant-only: the light plan's own buckets are removed, a gift of 2 remains.
    await env.DB.prepare("DELETE FROM allowance_buckets WHERE account_id = ? AND source = 'plan'").bind(a.accountId).run();
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, { method: "POST", json: { kind: "query", amount: 2, source: "gift" } });
    await expectError(
      await post(a, { subjectNames: ["无登记额度一有限公司", "无登记额度二有限公司", "无登记额度三有限公司"] }),
      402,
      "QUERY_ALLOWANCE_INSUFFICIENT",
    );
    await createdNothing(a);
    // Duplicates do not count against the allowance: three names, two subjects.
    const fits = await post(a, { subjectNames: ["无登记额度一有限公司", "无登记额度二有限公司", " 无登记额度一有限公司"] });
    expect(fits.status).toBe(202);
    await expectError(await post(a, { subjectNames: ["无登记额度三有限公司"] }), 402, "QUERY_ALLOWANCE_INSUFFICIENT");
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(2);
    expect(await countRows("allowance_ledger", "account_id = ? AND entry = 'reserve'", a.accountId)).toBe(2);
  });

  it("SUBSCRIPTION_REQUIRED without a subscription, even with a grant; nothing is created", async () => {
    const a = await newAccount(null);
    await adminJson(`/accounts/${a.accountId}/allowance-grants`, { method: "POST", json: { kind: "query", amount: 5, source: "gift" } });
    await expectError(await post(a, { subjectNames: ["无登记无订阅有限公司"] }), 402, "SUBSCRIPTION_REQUIRED");
    await createdNothing(a);
  });

  it("ACCOUNT_DISABLED for a disabled account, on creation and reads", async () => {
    const a = await newAccount();
    const res = await admin(`/accounts/${a.accountId}`, { method: "PATCH", json: { disabled: true } });
    expect(res.status).toBe(200);
    await expectError(await post(a, { subjectNames: ["无登记停用有限公司"] }), 403, "ACCOUNT_DISABLED");
    await expectError(await open("/queries", a.key), 403, "ACCOUNT_DISABLED");
    await createdNothing(a);
  });

  it("refuses the 11th creation in a minute with 429 and Retry-After; refused bodies count too", async () => {
    const a = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(a, { subjectNames: [`无登记限速${i}有限公司`] })).status);
    statuses.push((await post(a, "{broken")).status);
    statuses.push((await post(a, { subjectNames: ["无登记限速有限公司"] }, null)).status);
    statuses.push((await post(a, { subjectNames: ["甲"] })).status);
    statuses.push((await post(a, { subjectNames: ["110101850615123"] })).status);
    statuses.push((await post(a, { subjectNames: ["无登记限速有限公司"], extra: 1 })).status);
    statuses.push((await post(a, { subjectNames: [] })).status);
    statuses.push((await post(a, { subjectNames: "x" })).status);
    expect(statuses).toEqual([202, 202, 202, 400, 400, 400, 400, 400, 400, 400]);

    const limited = await post(a, { subjectNames: ["无登记限速十一有限公司"] });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    await expectError(limited, 429, "RATE_LIMITED");
    const limitedInvalid = await post(a, "{broken");
    expect(limitedInvalid.headers.get("Retry-After")).toBeTruthy();
    await expectError(limitedInvalid, 429, "RATE_LIMITED");
    expect(await countRows("queries", "account_id = ?", a.accountId)).toBe(3);
    // Reads have their own window.
    expect((await open("/queries", a.key)).status).toBe(200);
  });
});
