/**
 * The console's last doors (issues 32 and 36): enrolling, replacing or removing a second factor and
 * changing the password need the current password or a current code, not only a session and its CSRF
 * token (5 failures end the session that makes them), and end the
 * user's other sessions, each with its audit event; a request that changes something (sign-in
 * included) from another origin is 403; every JSON answer and download says nosniff.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverAuditOutbox, readAuditEvents } from "../worker/db/audit";
import { BASE, call, expectError, newAccount, shardOfAccount } from "./helpers";
import { CONSOLE, PASSWORD, awayFromStepEdge, consoleCall, consoleUser, signIn, totpCode, type ConsoleSession } from "./console-helpers";

const NEW_PASSWORD = "a quite different passphrase 7391";

/**
 * Enrols a factor with step-up (`proof` on POST, the password on PUT), confirmed with its code of step
 * `offset` (a code counts once: later uses need later steps).
 */
async function enrolled(user: ConsoleSession, offset: number, proof: Record<string, string> = { currentPassword: PASSWORD }): Promise<string> {
  const start = await consoleCall(user, "/me/totp", { method: "POST", json: proof });
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  expect((await consoleCall(user, "/me/totp", { method: "PUT", json: { code: totpCode(secret, offset), currentPassword: PASSWORD } })).status).toBe(
    204,
  );
  return secret;
}

/** A second session of the same user (another browser, or a thief's copy of the cookie). */
async function secondSession(user: ConsoleSession, extra: Record<string, unknown> = {}): Promise<ConsoleSession> {
  const { res, cookie } = await signIn(user.email, PASSWORD, extra);
  expect(res.status).toBe(200);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { ...user, cookie, csrf: csrfToken };
}

/** The account's audit trail (delivered from the outbox first), oldest first. */
async function auditKinds(accountId: string): Promise<string[]> {
  await deliverAuditOutbox(env, accountId);
  const { rows } = await readAuditEvents(await shardOfAccount(accountId), accountId, {}, { offset: 0, limit: 200 });
  return rows.map((r) => r.kind).reverse();
}

describe("step-up for the security settings", () => {
  it("a stolen session cannot replace, remove the factor or change the password; the user can, with the password or a code, and other sessions end", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    // Codes of the previous, this and the next 30 s step count: the whole sequence stays within them.
    await awayFromStepEdge(10_000);
    const secret = await enrolled(user, -1);
    const thief = await secondSession(user, { totp: totpCode(secret) });

    // The session and its CSRF token alone: refused, whatever is guessed.
    await expectError(await consoleCall(thief, "/me/totp", { method: "POST" }), 401, "INVALID_CREDENTIALS");
    await expectError(
      await consoleCall(thief, "/me/totp", { method: "POST", json: { currentPassword: "not the password 123" } }),
      401,
      "INVALID_CREDENTIALS",
    );
    await expectError(await consoleCall(thief, "/me/totp", { method: "DELETE", json: {} }), 401, "INVALID_CREDENTIALS");
    await expectError(await consoleCall(thief, "/me/totp", { method: "DELETE", json: { totp: "000000" } }), 401, "INVALID_CREDENTIALS");
    // The fifth failure ends the session: it gets no more guesses, not even the right one.
    await expectError(await consoleCall(thief, "/me/password", { method: "PUT", json: { newPassword: NEW_PASSWORD } }), 401, "UNAUTHENTICATED");
    await expectError(await consoleCall(thief, "/me/totp", { method: "DELETE", json: { currentPassword: PASSWORD } }), 401, "UNAUTHENTICATED");
    // The user's own session goes on.
    expect((await consoleCall(user, "/me")).status).toBe(200);

    // The user replaces the factor with a current code: the thief's session ends.
    const replaced = await enrolled(user, 0, { totp: totpCode(secret, 1) });
    expect(replaced).not.toBe(secret);
    await expectError(await consoleCall(thief, "/me"), 401, "UNAUTHENTICATED");
    expect((await consoleCall(user, "/me")).status).toBe(200);

    // Removing it needs the password too; another session of the user ends with it.
    const other = await secondSession(user, { totp: totpCode(replaced, 1) });
    expect((await consoleCall(user, "/me/totp", { method: "DELETE", json: { currentPassword: PASSWORD } })).status).toBe(204);
    await expectError(await consoleCall(other, "/me"), 401, "UNAUTHENTICATED");
    const me = (await (await consoleCall(user, "/me")).json()) as { user: { totpEnabled: boolean } };
    expect(me.user.totpEnabled).toBe(false);

    // The password, with the current one: a weak new one is refused; the old one signs in no more.
    const third = await secondSession(user);
    await expectError(
      await consoleCall(user, "/me/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: "short" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect((await consoleCall(user, "/me/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(
      204,
    );
    await expectError(await consoleCall(third, "/me"), 401, "UNAUTHENTICATED");
    expect((await consoleCall(user, "/me")).status).toBe(200);
    await expectError((await signIn(user.email, PASSWORD)).res, 401, "INVALID_CREDENTIALS");
    expect((await signIn(user.email, NEW_PASSWORD)).res.status).toBe(200);

    const kinds = await auditKinds(a.accountId);
    expect(kinds.filter((k) => k === "user.step_up_failed")).toHaveLength(5);
    expect(kinds.filter((k) => k === "user.totp_enrolled")).toHaveLength(2);
    expect(kinds).toContain("user.totp_removed");
    expect(kinds).toContain("user.password_changed");
  });
});

describe("requests from another origin", () => {
  it("are 403 on every change and on sign-in; reads and same-origin changes pass", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "owner");
    const foreign: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "null" },
    ];
    for (const headers of foreign) {
      const label = JSON.stringify(headers);
      await expectError(
        await consoleCall(user, "/keys", { method: "POST", json: { currentPassword: PASSWORD }, headers }),
        403,
        "CSRF_TOKEN_INVALID",
      );
      await expectError(await consoleCall(user, "/session", { method: "DELETE", headers }), 403, "CSRF_TOKEN_INVALID");
      await expectError((await signIn(user.email, PASSWORD, {}, headers)).res, 403, "CSRF_TOKEN_INVALID");
      expect((await consoleCall(user, "/keys", { headers })).status, label).toBe(200);
    }
    const same = { Origin: new URL(BASE).origin, "Sec-Fetch-Site": "same-origin" };
    expect((await consoleCall(user, "/keys", { method: "POST", json: { currentPassword: PASSWORD }, headers: same })).status).toBe(201);
    expect((await signIn(user.email, PASSWORD, {}, same)).res.status).toBe(200);
  });
});

describe("X-Content-Type-Options", () => {
  it("is nosniff on JSON answers (errors included) of every door, on pages and on downloads", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "owner");
    const answers = [
      await call("/api/open/v1/account/entitlements", { headers: { "X-Api-Key": a.key } }),
      await call("/api/open/v1/queries/qry_nothing", { headers: { "X-Api-Key": a.key } }),
      await call("/api/open/v1/account/entitlements"),
      await call("/api/admin/v1/accounts", { headers: { Authorization: "Bearer wrong" } }),
      await consoleCall(user, "/me"),
      await call(`${CONSOLE}/session`, { method: "POST", json: {} }),
      await call("/console/"),
      await call("/api/open/v1/openapi.json"),
    ];
    for (const res of answers) expect(res.headers.get("X-Content-Type-Options"), `${res.url} ${res.status}`).toBe("nosniff");
  });
});
