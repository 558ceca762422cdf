/**
 * The doors say nothing (issue 36, items 3 and 5d): a known and an unknown email get the same answer
 * and the same work when slowed (429: no audit write for either); a password that is the account's
 * name or the user's own name is refused; an email failed from many addresses paces every address
 * (a distributed guesser is slowed) without locking the owner out, and a correct second factor lifts it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminJson, call, expectError, newAccount } from "./helpers";
import {
  CONSOLE,
  PASSWORD,
  awayFromStepEdge,
  consoleCall,
  consoleUser,
  inviteToken,
  signIn,
  totpCode,
  uniqueEmail,
  type ConsoleSession,
} from "./console-helpers";

let lastOctet = 0;
/** A client address of its own for each call site (the per-address limits never mix between tests). */
function address(): string {
  lastOctet += 1;
  return `203.0.${Math.floor(lastOctet / 250)}.${lastOctet % 250}`;
}

function from(ip: string): Record<string, string> {
  return { "CF-Connecting-IP": ip };
}

async function auditTotal(owner: ConsoleSession): Promise<number> {
  const res = await consoleCall(owner, "/audit?pageSize=1");
  expect(res.status).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** The answer's words without its request id: what a prober compares. */
async function answerOf(res: Response): Promise<{ status: number; code: string; message: string; retryAfter: number }> {
  const body = (await res.json()) as { code: string; message: string };
  return { status: res.status, code: body.code, message: body.message, retryAfter: Number(res.headers.get("Retry-After")) };
}

describe("the slowed sign-in path", () => {
  it("answers a known and an unknown email alike and writes nothing for either", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const known = await consoleUser(a.accountId, "analyst");
    const unknown = uniqueEmail("nobody");
    const [knownFrom, unknownFrom] = [address(), address()];
    for (let i = 0; i < 5; i++) {
      await expectError((await signIn(known.email, `wrong password ${i}`, {}, from(knownFrom))).res, 401, "INVALID_CREDENTIALS");
      await expectError((await signIn(unknown, `wrong password ${i}`, {}, from(unknownFrom))).res, 401, "INVALID_CREDENTIALS");
    }
    const before = await auditTotal(owner);
    const slowedKnown = await answerOf((await signIn(known.email, "wrong again", {}, from(knownFrom))).res);
    const slowedUnknown = await answerOf((await signIn(unknown, "wrong again", {}, from(unknownFrom))).res);
    expect(slowedKnown.status).toBe(429);
    expect({ ...slowedKnown, retryAfter: 0 }).toEqual({ ...slowedUnknown, retryAfter: 0 });
    expect(Math.abs(slowedKnown.retryAfter - slowedUnknown.retryAfter)).toBeLessThanOrEqual(2);
    // The known email's slowed attempt wrote no event (it used to write session.failed "rate_limited").
    expect(await auditTotal(owner)).toBe(before);
    // The unknown email's failures ran the outbox statement and inserted nothing.
    const stray = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_outbox WHERE account_id = ''").first<{ n: number }>();
    expect(stray?.n).toBe(0);
  });
});

describe("the password's words to avoid", () => {
  it("refuses the account's name and the user's own name as a password, on the invitation and on a change", async () => {
    const accountName = "上海示例供应链管理有限公司";
    const account = await adminJson<{ id: string }>("/accounts", { method: "POST", json: { name: accountName } });
    const name = "Margaret Thornbury-Castellane";
    const invited = await adminJson<{ inviteUrl: string; email: string }>(`/accounts/${account.id}/users`, {
      method: "POST",
      json: { email: uniqueEmail("named"), name, role: "owner" },
    });
    const accept = (password: string) => call(`${CONSOLE}/invites/${inviteToken(invited.inviteUrl)}`, { method: "POST", json: { password } });
    for (const password of [accountName, name, "margaret thornbury-castellane", `${accountName}2026`]) {
      const refused = await expectError(await accept(password), 400, "VALIDATION_FAILED");
      expect(refused.details?.fields[0]?.path).toBe("password");
    }
    expect((await accept(PASSWORD)).status).toBe(200);
    const { res, cookie } = await signIn(invited.email);
    const session = { userId: "", email: invited.email, cookie, csrf: ((await res.json()) as { csrfToken: string }).csrfToken };
    await expectError(
      await consoleCall(session, "/me/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: accountName } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("one email failed from many addresses", () => {
  /** One wrong password from each of `n` fresh addresses; their addresses. */
  async function distributedGuesses(email: string, n: number): Promise<string[]> {
    const addresses = Array.from({ length: n }, () => address());
    for (const ip of addresses) await signIn(email, "a distributed guess 1", {}, from(ip));
    return addresses;
  }

  it("paces every address that tried it, never a fresh one, and the owner's password still opens from there", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const [first] = await distributedGuesses(owner.email, 10);
    // One failure from this address, far below its own limit of 5: the email's pace answers.
    const paced = await answerOf((await signIn(owner.email, "a distributed guess 2", {}, from(first!))).res);
    expect(paced).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(paced.retryAfter).toBeGreaterThan(0);
    expect(paced.retryAfter).toBeLessThanOrEqual(15);
    // Paced, even the right password is not heard without a second factor.
    await expectError((await signIn(owner.email, PASSWORD, {}, from(first!))).res, 429, "RATE_LIMITED");
    // An address that has not tried the email is heard at once: the owner is never locked out.
    expect((await signIn(owner.email, PASSWORD, {}, from(address()))).res.status).toBe(200);
    // An unknown email failed the same way gets the same answer.
    const unknown = uniqueEmail("nobody");
    const [unknownFirst] = await distributedGuesses(unknown, 10);
    const unknownPaced = await answerOf((await signIn(unknown, "a distributed guess 2", {}, from(unknownFirst!))).res);
    expect({ ...unknownPaced, retryAfter: 0 }).toEqual({ ...paced, retryAfter: 0 });
  });

  it("lets a correct password with a correct code through the pace, and that ends it", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    await awayFromStepEdge(8000);
    const start = await consoleCall(owner, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } });
    const { secret } = (await start.json()) as { secret: string };
    expect((await consoleCall(owner, "/me/totp", { method: "PUT", json: { code: totpCode(secret, -1), currentPassword: PASSWORD } })).status).toBe(
      204,
    );
    const [first, second] = await distributedGuesses(owner.email, 10);
    // Without a code, or with a wrong one: 429 alike, so a guess of the password learns nothing.
    await expectError((await signIn(owner.email, PASSWORD, {}, from(first!))).res, 429, "RATE_LIMITED");
    await expectError((await signIn(owner.email, PASSWORD, { totp: "000000" }, from(first!))).res, 429, "RATE_LIMITED");
    await expectError((await signIn(owner.email, "a wrong password 3", { totp: totpCode(secret) }, from(first!))).res, 429, "RATE_LIMITED");
    // Both right: signed in, and the pace is over for every address.
    expect((await signIn(owner.email, PASSWORD, { totp: totpCode(secret, 1) }, from(first!))).res.status).toBe(200);
    await expectError((await signIn(owner.email, "a wrong password 4", {}, from(second!))).res, 401, "INVALID_CREDENTIALS");
  });
});
