/**
 * A stolen session takes nothing (issue 36, item 1): with only the cookie and its CSRF token, a thief
 * cannot enrol a first second factor, confirm one, change the password or mint an API key; the user's
 * own password keeps signing them in. Step-up failures end the session that makes them (5) and slow the
 * user's step-ups across sessions (10); every change's event names the session that made it.
 */
import { describe, expect, it } from "vitest";
import { expectError, newAccount } from "./helpers";
import { PASSWORD, awayFromStepEdge, consoleCall, consoleUser, signIn, totpCode, type ConsoleSession } from "./console-helpers";

const THIEF_PASSWORD = "the thief's own long passphrase 4471";

interface AuditItem {
  kind: string;
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

async function audit(owner: ConsoleSession, kind: string): Promise<AuditItem[]> {
  const res = await consoleCall(owner, `/audit?kind=${kind}&pageSize=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: AuditItem[] }).items;
}

/** Another session of the same user, signed in with the password (and a code when given). */
async function anotherSession(user: ConsoleSession, extra: Record<string, unknown> = {}): Promise<ConsoleSession> {
  const { res, cookie } = await signIn(user.email, PASSWORD, extra);
  expect(res.status).toBe(200);
  return { ...user, cookie, csrf: ((await res.json()) as { csrfToken: string }).csrfToken };
}

describe("the takeover of issue 36, replayed", () => {
  it("a stolen cookie and its CSRF token enrol no factor, confirm none, change no password and mint no key", async () => {
    const a = await newAccount();
    const victim = await consoleUser(a.accountId, "owner");
    const thief: ConsoleSession = { ...victim };

    // Step 1 of the takeover: POST /me/totp answered a secret with no proof of the user.
    await expectError(await consoleCall(thief, "/me/totp", { method: "POST" }), 401, "INVALID_CREDENTIALS");

    // Step 2: PUT /me/totp confirmed a pending secret with its code alone. The victim starts an
    // enrolment (with the password); the thief, who sees the page, sends the code without the password.
    await awayFromStepEdge(5000);
    const started = await consoleCall(victim, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } });
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    await expectError(await consoleCall(thief, "/me/totp", { method: "PUT", json: { code: totpCode(secret) } }), 401, "INVALID_CREDENTIALS");

    // Step 3: the password change, and a key minted for later.
    await expectError(await consoleCall(thief, "/me/password", { method: "PUT", json: { newPassword: THIEF_PASSWORD } }), 401, "INVALID_CREDENTIALS");
    await expectError(await consoleCall(thief, "/keys", { method: "POST", json: { name: "mine" } }), 401, "INVALID_CREDENTIALS");

    // Nothing changed: the victim's password alone still signs in; the account's one key (the
    // operator's, from newAccount) is the only key.
    expect((await signIn(victim.email, PASSWORD)).res.status).toBe(200);
    const keys = ((await (await consoleCall(victim, "/keys")).json()) as { items: Array<{ name: string | null }> }).items;
    expect(keys.map((k) => k.name)).not.toContain("mine");
    expect(keys).toHaveLength(1);
    const me = (await (await consoleCall(victim, "/me")).json()) as { user: { totpEnabled: boolean } };
    expect(me.user.totpEnabled).toBe(false);

    // The fifth failure ended the session the thief holds (and the victim's copy of it).
    await expectError(
      await consoleCall(thief, "/keys", { method: "POST", json: { currentPassword: "a guess at the password" } }),
      401,
      "UNAUTHENTICATED",
    );
    await expectError(await consoleCall(thief, "/me"), 401, "UNAUTHENTICATED");

    const fresh = await anotherSession(victim);
    const failures = await audit(fresh, "user.step_up_failed");
    expect(failures).toHaveLength(5);
    expect(new Set(failures.map((f) => f.detail?.session)).size).toBe(1);
    const ended = await audit(fresh, "session.ended");
    expect(ended.map((e) => e.detail?.reason)).toContain("step_up_failures");
  });

  it("the user, with the password, enrols, confirms and mints; each event names the session and the proof", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    await awayFromStepEdge(5000);
    const start = await consoleCall(owner, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } });
    const { secret } = (await start.json()) as { secret: string };
    expect((await consoleCall(owner, "/me/totp", { method: "PUT", json: { code: totpCode(secret), currentPassword: PASSWORD } })).status).toBe(204);
    // Now the factor's code is proof too (a later step: a code counts once).
    const minted = await consoleCall(owner, "/keys", { method: "POST", json: { name: "ci", totp: totpCode(secret, 1) } });
    expect(minted.status).toBe(201);
    const { id: keyId } = (await minted.json()) as { id: string };

    const sessions = await audit(owner, "session.created");
    const sessionId = sessions[0]?.target?.id;
    expect(sessionId).toMatch(/^ses_/);
    const [enrolled] = await audit(owner, "user.totp_enrolled");
    expect(enrolled?.detail).toEqual({ session: sessionId, provenBy: "password" });
    const created = (await audit(owner, "key.created")).find((e) => e.target?.id === keyId);
    expect(created?.detail?.fromSession).toEqual({ session: sessionId, provenBy: "totp" });
  });

  it("slows the user's step-ups after 10 failures across sessions (429), not the user's sign-in or work", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const sessions = [user, await anotherSession(user), await anotherSession(user)];
    for (const s of sessions.slice(0, 2))
      for (let i = 0; i < 4; i++)
        await expectError(
          await consoleCall(s, "/keys", { method: "POST", json: { currentPassword: `guess ${i} of many` } }),
          401,
          "INVALID_CREDENTIALS",
        );
    // Eight failures so far, four per session: two more in the third session reach the user's limit.
    const third = sessions[2]!;
    for (let i = 0; i < 2; i++)
      await expectError(
        await consoleCall(third, "/keys", { method: "POST", json: { currentPassword: `guess ${i} again` } }),
        401,
        "INVALID_CREDENTIALS",
      );
    const slowed = await consoleCall(third, "/keys", { method: "POST", json: { currentPassword: PASSWORD } });
    await expectError(slowed, 429, "RATE_LIMITED");
    expect(Number(slowed.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await consoleCall(third, "/keys")).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).res.status).toBe(200);
  });
});
