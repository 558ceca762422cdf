/**
 * The second factor (console-api.md, Session): once an owner requires one for the account, a user
 * without TOTP reaches only who they are, their session, and the enrolment of a factor, until a code
 * confirms it; a user with TOTP signs in only with a code.
 */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { expectError, newAccount } from "./helpers";
import { PASSWORD, consoleCall, consoleUser, signIn, type ConsoleSession } from "./console-helpers";

async function enrol(user: ConsoleSession): Promise<() => string> {
  const res = await consoleCall(user, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } });
  expect(res.status).toBe(200);
  const { secret } = (await res.json()) as { secret: string };
  return () => generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
}

/** Paths beyond enrolment: each a read or change the user's role allows once the factor is there. */
const BEYOND = [
  ["GET", "/keys"],
  ["GET", "/checks"],
  ["GET", "/queries"],
  ["POST", "/keys"],
] as const;

describe("a second factor the owner requires", () => {
  it("holds a user without one to the enrolment paths until a code confirms it", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const analyst = await consoleUser(a.accountId, "analyst");
    expect((await consoleCall(analyst, "/keys")).status).toBe(200);

    const ownerCode = await enrol(owner);
    expect((await consoleCall(owner, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: ownerCode() } })).status).toBe(204);
    const required = await consoleCall(owner, "/account/security", { method: "PUT", json: { requireTotp: true } });
    expect(required.status).toBe(200);
    expect(await required.json()).toEqual({ requireTotp: true });

    // The analyst's session, made before the rule, is held from the next request on.
    for (const [method, path] of BEYOND)
      await expectError(await consoleCall(analyst, path, { method, ...(method === "POST" ? { json: {} } : {}) }), 403, "ROLE_FORBIDDEN");
    const me = await consoleCall(analyst, "/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { totpEnabled: false }, account: { requireTotp: true } });
    expect((await consoleCall(analyst, "/session")).status).toBe(200);

    // A user who signs in afresh without a factor is held the same way (a password still opens the session).
    const viewer = await consoleUser(a.accountId, "viewer");
    await expectError(await consoleCall(viewer, "/checks"), 403, "ROLE_FORBIDDEN");
    expect((await consoleCall(viewer, "/session", { method: "DELETE" })).status).toBe(204);

    const analystCode = await enrol(analyst);
    await expectError(await consoleCall(analyst, "/keys"), 403, "ROLE_FORBIDDEN");
    await expectError(
      await consoleCall(analyst, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: "12345" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect((await consoleCall(analyst, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: analystCode() } })).status).toBe(204);
    for (const [method, path] of BEYOND) {
      const res = await consoleCall(analyst, path, { method, ...(method === "POST" ? { json: { currentPassword: PASSWORD } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(method === "POST" ? 201 : 200);
    }
  });

  it("lets the rule go: a user without a factor reaches everything again", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const ownerCode = await enrol(owner);
    expect((await consoleCall(owner, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: ownerCode() } })).status).toBe(204);
    const analyst = await consoleUser(a.accountId, "analyst");
    expect((await consoleCall(owner, "/account/security", { method: "PUT", json: { requireTotp: true } })).status).toBe(200);
    await expectError(await consoleCall(analyst, "/keys"), 403, "ROLE_FORBIDDEN");
    expect((await consoleCall(owner, "/account/security", { method: "PUT", json: { requireTotp: false } })).status).toBe(200);
    expect((await consoleCall(analyst, "/keys")).status).toBe(200);
    await expectError(await consoleCall(analyst, "/account/security", { method: "PUT", json: { requireTotp: true } }), 403, "ROLE_FORBIDDEN");
  });

  it("asks a user with a factor for its code at sign-in: without it or with a wrong one, 401 TOTP_REQUIRED", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const code = await enrol(analyst);
    // Enrolled but not confirmed: the password alone still signs in.
    expect((await signIn(analyst.email)).res.status).toBe(200);
    expect((await consoleCall(analyst, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: code() } })).status).toBe(204);
    await expectError((await signIn(analyst.email)).res, 401, "TOTP_REQUIRED");
    const wrong = String((Number(code()) + 1) % 1_000_000).padStart(6, "0");
    await expectError((await signIn(analyst.email, PASSWORD, { totp: wrong })).res, 401, "TOTP_REQUIRED", [wrong]);
    // A code without the right password is the password's failure, told as such.
    await expectError((await signIn(analyst.email, "not the password", { totp: code() })).res, 401, "INVALID_CREDENTIALS");
  });
});
