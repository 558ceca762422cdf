/**
 * Sending an invitation again (console-api.md: POST /users/{id}/invitation, owner): an owner whose
 * colleague lost the link, or let it expire, gets a new one instead of 409 EMAIL_TAKEN; the old link
 * stops working; a user who has accepted is 409 USER_NOT_INVITED; another account's user is 404 and
 * an analyst 403. The users page offers it on an invited user's row; the invitation page keeps no
 * English reason on a Chinese page.
 */
import { describe, expect, it } from "vitest";
import { consoleCall, consoleUser, inviteToken, PASSWORD, uniqueEmail } from "./console-helpers";
import { adminJson, body, call, expectError, newAccount } from "./helpers";

describe("an invitation sent again", () => {
  it("gives a new link that works, ends the old one, and is refused once accepted", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const analyst = await consoleUser(a.accountId, "analyst");
    const email = uniqueEmail("colleague");
    const first = await body<{ id: string; inviteUrl: string; status: string }>(
      await consoleCall(owner, "/users", { method: "POST", json: { email, role: "analyst" } }),
    );
    expect(first.status).toBe("invited");
    // Inviting the same email again is refused: that is what sending again is for.
    await expectError(await consoleCall(owner, "/users", { method: "POST", json: { email, role: "analyst" } }), 409, "EMAIL_TAKEN");

    await expectError(await consoleCall(analyst, `/users/${first.id}/invitation`, { method: "POST" }), 403, "ROLE_FORBIDDEN");
    await expectError(await consoleCall(owner, `/users/${first.id}/invitation`, { method: "POST", csrf: false }), 403, "CSRF_TOKEN_INVALID");
    const again = await consoleCall(owner, `/users/${first.id}/invitation`, { method: "POST" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Cache-Control")).toBe("no-store");
    const second = await body<{ id: string; email: string; status: string; inviteUrl: string; inviteExpiresAt: string }>(again);
    expect(second).toMatchObject({ id: first.id, email, status: "invited" });
    expect(second.inviteUrl).toMatch(/\/console\/invite#[A-Za-z0-9_-]{43}$/);
    expect(inviteToken(second.inviteUrl)).not.toBe(inviteToken(first.inviteUrl));
    expect(Date.parse(second.inviteExpiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);

    const accept = (url: string) => call(`/api/console/v1/invites/${inviteToken(url)}`, { method: "POST", json: { password: PASSWORD } });
    await expectError(await accept(first.inviteUrl), 404, "NOT_FOUND");
    expect((await accept(second.inviteUrl)).status).toBe(200);
    await expectError(await consoleCall(owner, `/users/${first.id}/invitation`, { method: "POST" }), 409, "USER_NOT_INVITED");

    const { items } = await adminJson<{ items: Array<{ kind: string; target?: { id: string }; detail?: Record<string, unknown> }> }>(
      `/accounts/${a.accountId}/audit?kind=user.invited`,
    );
    const mine = items.filter((e) => e.target?.id === first.id);
    expect(mine.map((e) => e.detail?.again ?? false).sort()).toEqual([false, true]);

    const other = await newAccount();
    const stranger = await consoleUser(other.accountId, "owner");
    await expectError(await consoleCall(stranger, `/users/${first.id}/invitation`, { method: "POST" }), 404, "NOT_FOUND");
  });

  it("is offered on the users page for an invited user only, and the invitation page says a weak password in the page's language alone", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const invited = await body<{ id: string }>(
      await consoleCall(owner, "/users", { method: "POST", json: { email: uniqueEmail(), role: "viewer" } }),
    );
    const html = await (await call("/console/users", { headers: { Cookie: owner.cookie } })).text();
    expect(html).toContain(`class="secondary reinvite" data-user-id="${invited.id}"`);
    expect(html).not.toContain(`class="secondary reinvite" data-user-id="${owner.userId}"`);

    const chinese = await (await call("/console/invite")).text();
    const weak = /<li data-key="invite.weak">([^<]*)<\/li>/.exec(chinese)?.[1] ?? "";
    expect(weak).toContain("太容易被猜到");
    expect(weak).not.toContain("{reason}");
    const english = await (await call("/console/invite", { headers: { Cookie: "console-lang=en" } })).text();
    expect(/<li data-key="invite.weak">([^<]*)<\/li>/.exec(english)?.[1]).toContain("{reason}");
  });
});
