/**
 * Emails are unique within an account (console-api.md: 409 "when the email is taken in that account"),
 * and no answer tells one account whether an address is a user of another: the operator's invitation
 * and the console's both answer 201 there. One person with users in two accounts signs in to the one
 * whose password they give (worker/console/auth/password-match.ts).
 */
import { describe, expect, it } from "vitest";
import { admin, adminJson, call, expectError, newAccount } from "./helpers";
import { CONSOLE, PASSWORD, consoleCall, consoleUser, inviteToken, signIn, uniqueEmail } from "./console-helpers";

const OTHER_PASSWORD = "another long passphrase for b 2468";

async function accept(inviteUrl: string, password: string): Promise<void> {
  const res = await call(`${CONSOLE}/invites/${inviteToken(inviteUrl)}`, { method: "POST", json: { password } });
  expect(res.status).toBe(200);
}

describe("emails within an account", () => {
  it("takes an address another account has (operator and console alike), refuses it twice in one account, and signs in by the password", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const email = uniqueEmail("shared");
    const inA = await adminJson<{ id: string; inviteUrl: string }>(`/accounts/${a.accountId}/users`, {
      method: "POST",
      json: { email, role: "analyst" },
    });
    await accept(inA.inviteUrl, PASSWORD);

    // Account B's operator and B's owner in the console: 201, as for any new address.
    const ownerOfB = await consoleUser(b.accountId, "owner");
    const invited = await consoleCall(ownerOfB, "/users", { method: "POST", json: { email, role: "viewer" } });
    expect(invited.status).toBe(201);
    const inB = (await invited.json()) as { id: string; inviteUrl: string };
    const otherEmail = uniqueEmail("shared");
    await adminJson(`/accounts/${a.accountId}/users`, { method: "POST", json: { email: otherEmail, role: "viewer" } });
    const byOperator = await admin(`/accounts/${b.accountId}/users`, { method: "POST", json: { email: otherEmail, role: "viewer" } });
    expect(byOperator.status).toBe(201);

    // Within one account the address is taken: 409, from either door.
    await expectError(await consoleCall(ownerOfB, "/users", { method: "POST", json: { email, role: "analyst" } }), 409, "EMAIL_TAKEN", [email]);
    await expectError(await admin(`/accounts/${a.accountId}/users`, { method: "POST", json: { email, role: "viewer" } }), 409, "EMAIL_TAKEN", [
      email,
    ]);

    // The same person in both accounts: the password says which.
    await accept(inB.inviteUrl, OTHER_PASSWORD);
    const accountOf = async (password: string) => {
      const { res, cookie } = await signIn(email, password);
      expect(res.status).toBe(200);
      const session = { userId: "", email, cookie, csrf: ((await res.json()) as { csrfToken: string }).csrfToken };
      return ((await (await consoleCall(session, "/me")).json()) as { account: { id: string } }).account.id;
    };
    expect(await accountOf(PASSWORD)).toBe(a.accountId);
    expect(await accountOf(OTHER_PASSWORD)).toBe(b.accountId);
    await expectError((await signIn(email, "neither of the two passwords")).res, 401, "INVALID_CREDENTIALS");
  });
});
