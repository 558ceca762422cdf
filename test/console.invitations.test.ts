/**
 * Invitations prove the address (issue 36, item 5b; console-api.md, Users and roles): without a mail
 * service the link comes back to the inviter and the console says the address was not proven; with one
 * (a send_email binding INVITE_EMAIL and INVITE_EMAIL_FROM) the link goes to the address and the inviter
 * never holds it, and accepting it proves the address. POST /users/{id}/invitation makes a new one for
 * a user who has not accepted; the old link stops working.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import { newToken, tokenHash } from "../worker/lib/secret-token";
import { BASE, call, expectError, newAccount } from "./helpers";
import { CONSOLE, PASSWORD, consoleCall, consoleUser, inviteToken, uniqueEmail, type ConsoleSession } from "./console-helpers";

interface Invited {
  id: string;
  email: string;
  delivery: "email" | "link";
  inviteUrl?: string;
  emailProven: boolean;
}

const accept = (token: string) => call(`${CONSOLE}/invites/${token}`, { method: "POST", json: { password: PASSWORD } });

async function usersOf(owner: ConsoleSession): Promise<Invited[]> {
  return ((await (await consoleCall(owner, "/users")).json()) as { items: Invited[] }).items;
}

describe("an invitation without a mail service", () => {
  it("hands the link to the inviter and says the address was not proven, on the users page too", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const res = await consoleCall(owner, "/users", { method: "POST", json: { email: uniqueEmail("colleague"), role: "analyst" } });
    expect(res.status).toBe(201);
    const invited = (await res.json()) as Invited;
    expect(invited).toMatchObject({ delivery: "link", emailProven: false });
    expect(invited.inviteUrl).toMatch(/\/console\/invite#/);
    expect((await accept(inviteToken(invited.inviteUrl!))).status).toBe(200);
    const listed = (await usersOf(owner)).find((u) => u.id === invited.id);
    expect(listed).toMatchObject({ emailProven: false });
    const page = await (await call("/console/users", { headers: { Cookie: `${owner.cookie}; console-lang=en` } })).text();
    const row = page.slice(page.indexOf(`<tr data-user-id="${invited.id}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain('data-email-proven="false"');
  });

  it("invites again: a new link, the old one dead; 409 for a user who accepted", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const first = (await (
      await consoleCall(owner, "/users", { method: "POST", json: { email: uniqueEmail("late"), role: "viewer" } })
    ).json()) as Invited;
    const again = await consoleCall(owner, `/users/${first.id}/invitation`, { method: "POST" });
    expect(again.status).toBe(201);
    const second = (await again.json()) as Invited;
    expect(second.inviteUrl).not.toBe(first.inviteUrl);
    await expectError(await accept(inviteToken(first.inviteUrl!)), 404, "NOT_FOUND");
    expect((await accept(inviteToken(second.inviteUrl!))).status).toBe(200);
    await expectError(await consoleCall(owner, `/users/${first.id}/invitation`, { method: "POST" }), 409, "USER_NOT_INVITED");
    await expectError(await consoleCall(owner, `/users/usr_nobody/invitation`, { method: "POST" }), 404, "NOT_FOUND");
  });
});

describe("an invitation with a mail service", () => {
  it("goes to the address, never to the inviter, and accepting it proves the address", async () => {
    const mailEnv = { ...env, INVITE_EMAIL_FROM: "invitations@registry.example" };
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const email = uniqueEmail("mailed");
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}${CONSOLE}/users`, {
        method: "POST",
        headers: { Cookie: owner.cookie, "X-CSRF-Token": owner.csrf, "Content-Type": "application/json" },
        body: JSON.stringify({ email, role: "analyst" }),
      }),
      mailEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status, await res.clone().text()).toBe(201);
    const invited = (await res.json()) as Invited;
    expect(invited.delivery).toBe("email");
    expect(invited).not.toHaveProperty("inviteUrl");
    const row = await env.DB.prepare("SELECT emailed_to FROM invites WHERE user_id = ? AND used_at IS NULL")
      .bind(invited.id)
      .first<{ emailed_to: string }>();
    expect(row?.emailed_to).toBe(email);

    // The person opens the mail: the link's token is theirs alone (stood in for here by a token of the
    // test's own, its hash put where the mailed one's is).
    const token = newToken();
    await env.DB.prepare("UPDATE invites SET token_hash = ? WHERE user_id = ? AND used_at IS NULL")
      .bind(await tokenHash(token), invited.id)
      .run();
    expect((await accept(token)).status).toBe(200);
    expect((await usersOf(owner)).find((u) => u.id === invited.id)).toMatchObject({ emailProven: true });
  });
});
