/**
 * The second factor's hardening: the TOTP secret is stored only sealed under CONSOLE_SECRET_KEY
 * (AES-256-GCM, bound to its user), a rotation keeps sealed secrets readable and seals them again, a
 * deployment without the key refuses the factor (503) rather than store it in the clear, and a code is
 * accepted once (RFC 6238 §5.2): the confirming code, a code already used to sign in, and the loser of
 * two sign-ins racing with one code are all 401 TOTP_REQUIRED.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../worker/errors";
import { seal, secretKeys, unseal } from "../worker/console/auth/secret-box";
import { acceptTotpCode, startTotpEnrolment } from "../worker/console/auth/second-factor";
import { expectError, newAccount } from "./helpers";
import { PASSWORD, awayFromStepEdge, consoleCall, consoleUser, signIn, totpCode, type ConsoleSession } from "./console-helpers";

const OTHER_KEY = btoa("another-32-byte-key-for-rotation");

async function storedTotp(userId: string): Promise<{ totp_secret: string | null; totp_pending_secret: string | null }> {
  return (await env.DB.prepare("SELECT totp_secret, totp_pending_secret FROM users WHERE id = ?").bind(userId).first())!;
}

/** Enrols and confirms with the previous step's code, leaving now's code unused; the base32 secret. */
async function enrolled(user: ConsoleSession): Promise<string> {
  const { secret } = (await (await consoleCall(user, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } })).json()) as {
    secret: string;
  };
  await awayFromStepEdge();
  expect((await consoleCall(user, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: totpCode(secret, -1) } })).status).toBe(204);
  return secret;
}

describe("the TOTP secret at rest", () => {
  it("is stored sealed, pending and confirmed alike, never in the clear", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const { secret } = (await (await consoleCall(user, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } })).json()) as {
      secret: string;
    };
    const pending = (await storedTotp(user.userId)).totp_pending_secret!;
    expect(pending).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(pending).not.toContain(secret);
    expect((await consoleCall(user, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: totpCode(secret) } })).status).toBe(204);
    const stored = await storedTotp(user.userId);
    expect(stored.totp_pending_secret).toBeNull();
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_secret).not.toContain(secret);
    const keys = await secretKeys(env.CONSOLE_SECRET_KEY, null);
    expect(await unseal(keys, stored.totp_secret!, user.userId)).toEqual({ plaintext: secret, stale: false });
  });

  it("opens only for its user, under a key it names, unaltered", async () => {
    const keys = await secretKeys(env.CONSOLE_SECRET_KEY, null);
    const sealed = await seal(keys, "JBSWY3DPEHPK3PXP", "usr_a");
    expect(await seal(keys, "JBSWY3DPEHPK3PXP", "usr_a")).not.toBe(sealed);
    expect(await unseal(keys, sealed, "usr_b")).toBeNull();
    const [v, id, iv, ciphertext] = sealed.split(".");
    const flipped = `${ciphertext!.slice(0, -2)}${ciphertext!.endsWith("AA") ? "BA" : "AA"}`;
    expect(await unseal(keys, [v, id, iv, flipped].join("."), "usr_a")).toBeNull();
    expect(await unseal(await secretKeys(OTHER_KEY, null), sealed, "usr_a")).toBeNull();
    expect(await unseal(keys, "JBSWY3DPEHPK3PXP", "usr_a")).toBeNull();
  });

  it("survives a rotation: sealed under the previous key it still signs in, and is sealed again under the new one", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const secret = await enrolled(user);
    const before = (await storedTotp(user.userId)).totp_secret!;
    const rotated = { ...env, CONSOLE_SECRET_KEY: OTHER_KEY, CONSOLE_SECRET_KEY_PREVIOUS: env.CONSOLE_SECRET_KEY };
    expect(await acceptTotpCode(rotated, { id: user.userId, totpSecret: before }, totpCode(secret), Date.now())).toBe(true);
    const after = (await storedTotp(user.userId)).totp_secret!;
    expect(after.split(".")[1]).not.toBe(before.split(".")[1]);
    expect(await unseal(await secretKeys(OTHER_KEY, null), after, user.userId)).toEqual({ plaintext: secret, stale: false });
    // Without the previous key, a secret it sealed no longer opens: the rotation's order matters (docs/operations.md).
    const replaced = { ...env, CONSOLE_SECRET_KEY: OTHER_KEY };
    expect(await acceptTotpCode(replaced, { id: user.userId, totpSecret: before }, totpCode(secret, 1), Date.now())).toBe(false);
  });

  it("is refused, not stored in the clear, on a deployment without CONSOLE_SECRET_KEY (503)", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const error = await startTotpEnrolment({ ...env, CONSOLE_SECRET_KEY: "" }, user.userId, Date.now()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("SERVICE_UNAVAILABLE");
    expect((await storedTotp(user.userId)).totp_pending_secret).toBeNull();
  });
});

describe("a TOTP code is accepted once", () => {
  it("refuses the code that confirmed the factor, and a code already used to sign in", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const { secret } = (await (await consoleCall(user, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } })).json()) as {
      secret: string;
    };
    await awayFromStepEdge();
    const confirming = totpCode(secret);
    expect((await consoleCall(user, "/me/totp", { method: "PUT", json: { currentPassword: PASSWORD, code: confirming } })).status).toBe(204);
    await expectError((await signIn(user.email, PASSWORD, { totp: confirming })).res, 401, "TOTP_REQUIRED", [confirming]);
    // The next step's code (accepted for clock drift) signs in once.
    const next = totpCode(secret, 1);
    expect((await signIn(user.email, PASSWORD, { totp: next })).res.status).toBe(200);
    await expectError((await signIn(user.email, PASSWORD, { totp: next })).res, 401, "TOTP_REQUIRED");
    // An earlier step's code is refused too, once a later one was used.
    await expectError((await signIn(user.email, PASSWORD, { totp: totpCode(secret, -1) })).res, 401, "TOTP_REQUIRED");
  });

  it("lets one of two sign-ins racing with one code in", async () => {
    const a = await newAccount();
    const user = await consoleUser(a.accountId, "analyst");
    const secret = await enrolled(user);
    const code = totpCode(secret);
    const [first, second] = await Promise.all([signIn(user.email, PASSWORD, { totp: code }), signIn(user.email, PASSWORD, { totp: code })]);
    expect([first.res.status, second.res.status].sort()).toEqual([200, 401]);
  });
});
