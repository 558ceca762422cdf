/**
 * The operator's side of the console (console-api.md, Users and roles; management-api.md): inviting,
 * listing and changing an account's users through the management API, reading the account's audit
 * trail there, and the operator's changes (users, subscriptions, allowance grants) recorded in that
 * trail with the operator as their actor.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INVITE_VALIDITY_MS } from "../worker/domain/invitation";
import { admin, adminJson, BASE, call, expectError, newAccount } from "./helpers";
import { CONSOLE, PASSWORD, consoleCall, consoleUser, inviteToken, uniqueEmail } from "./console-helpers";

interface AuditItem {
  kind: string;
  actor: { type: string; id: string; label: string };
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

async function auditOf(accountId: string, query = ""): Promise<{ items: AuditItem[]; total: number }> {
  return adminJson(`/accounts/${accountId}/audit${query}`);
}

describe("the management API's users", () => {
  it("invites a user: 201 with a single-use invitation link valid 72 hours, 409 for an email taken in that account (another account may have it: console.emails.test.ts)", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const email = uniqueEmail("analyst");
    const before = Date.now();
    const res = await admin(`/accounts/${a.accountId}/users`, { method: "POST", json: { email, name: "王分析", role: "analyst" } });
    expect(res.status).toBe(201);
    const user = (await res.json()) as Record<string, unknown> & { inviteUrl: string; inviteExpiresAt: string };
    expect(Object.keys(user).sort()).toEqual([
      "createdAt",
      "email",
      "emailProven",
      "id",
      "inviteExpiresAt",
      "inviteUrl",
      "name",
      "role",
      "status",
      "totpEnabled",
    ]);
    expect(user).toMatchObject({ email, name: "王分析", role: "analyst", status: "invited", totpEnabled: false });
    expect(user.inviteUrl).toMatch(new RegExp(`^${BASE}/console/invite#[A-Za-z0-9_-]{43}$`));
    const expires = Date.parse(user.inviteExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(INVITE_VALIDITY_MS - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(INVITE_VALIDITY_MS);
    expect(user.inviteExpiresAt).toMatch(/[+-]\d{2}:\d{2}$/);

    await expectError(await admin(`/accounts/${a.accountId}/users`, { method: "POST", json: { email, role: "viewer" } }), 409, "EMAIL_TAKEN");
    await expectError(
      await admin(`/accounts/${a.accountId}/users`, { method: "POST", json: { email: email.toUpperCase(), role: "viewer" } }),
      409,
      "EMAIL_TAKEN",
    );
    expect((await admin(`/accounts/${b.accountId}/users`, { method: "POST", json: { email, role: "viewer" } })).status).toBe(201);
    await expectError(
      await admin(`/accounts/acc_missing/users`, { method: "POST", json: { email: uniqueEmail(), role: "viewer" } }),
      404,
      "NOT_FOUND",
    );
  });

  it("lists the account's users without any secret, and only that account's", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const enrolled = await consoleCall(owner, "/me/totp", { method: "POST", json: { currentPassword: PASSWORD } });
    expect(enrolled.status).toBe(200);
    const { secret } = (await enrolled.json()) as { secret: string };
    await consoleUser(b.accountId, "viewer");
    const { items } = await adminJson<{ items: Record<string, unknown>[] }>(`/accounts/${a.accountId}/users`);
    expect(items.map((u) => u.email)).toEqual([owner.email]);
    const text = JSON.stringify(items);
    const row = await env.DB.prepare("SELECT password_hash, totp_pending_secret FROM users WHERE id = ?")
      .bind(owner.userId)
      .first<{ password_hash: string; totp_pending_secret: string }>();
    // A slow salted hash (PBKDF2-SHA256 at the most iterations workerd allows), never the password.
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(text).not.toContain(row!.password_hash);
    expect(row?.totp_pending_secret).toBeTruthy();
    expect(text).not.toContain(row!.totp_pending_secret);
    expect(text).not.toContain(secret);
    for (const user of items) {
      expect(Object.keys(user).sort()).toEqual(["createdAt", "email", "emailProven", "id", "role", "status", "totpEnabled"]);
    }
  });

  it("disables a user: their session ends at once, the change is recorded as the operator's; another account's user is 404", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    expect((await consoleCall(analyst, "/me")).status).toBe(200);
    await expectError(
      await admin(`/accounts/${b.accountId}/users/${analyst.userId}`, { method: "PATCH", json: { status: "disabled" } }),
      404,
      "NOT_FOUND",
    );
    expect((await consoleCall(analyst, "/me")).status).toBe(200);

    const res = await admin(`/accounts/${a.accountId}/users/${analyst.userId}`, { method: "PATCH", json: { status: "disabled", role: "viewer" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: analyst.userId, status: "disabled", role: "viewer" });
    await expectError(await consoleCall(analyst, "/me"), 401, "UNAUTHENTICATED");
    await expectError(
      await call(`${CONSOLE}/session`, { method: "POST", json: { email: analyst.email, password: PASSWORD } }),
      401,
      "INVALID_CREDENTIALS",
    );

    const { items } = await auditOf(a.accountId, "?kind=user.updated");
    expect(items).toEqual([
      expect.objectContaining({
        actor: { type: "operator", id: "operator", label: "operator" },
        target: { type: "user", id: analyst.userId },
        detail: { status: "disabled", role: "viewer" },
      }),
    ]);
  });
});

describe("the operator's changes in the audit trail", () => {
  it("records a subscription as subscription.changed and a grant as allowance.granted, by the operator", async () => {
    const a = await newAccount("light");
    await adminJson(`/accounts/${a.accountId}/subscriptions`, { method: "POST", json: { planId: "enterprise", cycle: "annual" } });
    const grant = await adminJson<{ id: string }>(`/accounts/${a.accountId}/allowance-grants`, {
      method: "POST",
      json: { kind: "check", amount: 250, source: "gift" },
    });
    const operator = { type: "operator", id: "operator", label: "operator" };

    const subscriptions = (await auditOf(a.accountId, "?kind=subscription.changed")).items;
    // newAccount's light subscription, then the enterprise one: newest first.
    expect(subscriptions.map((e) => e.detail?.planId)).toEqual(["enterprise", "light"]);
    expect(subscriptions[0]).toMatchObject({ actor: operator, target: { type: "subscription" }, detail: { cycle: "annual" } });
    const stored = await env.DB.prepare("SELECT id FROM subscriptions WHERE account_id = ? AND plan_id = 'enterprise'")
      .bind(a.accountId)
      .first<{ id: string }>();
    expect(subscriptions[0]!.target?.id).toBe(stored?.id);

    const grants = (await auditOf(a.accountId, "?kind=allowance.granted")).items;
    expect(grants).toEqual([
      expect.objectContaining({
        actor: operator,
        target: { type: "allowance_grant", id: grant.id },
        detail: expect.objectContaining({ kind: "check", amount: 250, source: "gift" }),
      }),
    ]);
    // The operator's changes are the operator's: filtering by actor finds them, and only them.
    const byOperator = await auditOf(a.accountId, "?actor=operator");
    expect(new Set(byOperator.items.map((e) => e.actor.type))).toEqual(new Set(["operator"]));
    expect(byOperator.items.map((e) => e.kind)).toEqual(expect.arrayContaining(["subscription.changed", "allowance.granted", "key.created"]));
  });

  it("records nothing for a change refused (a grant that ends before it starts)", async () => {
    const a = await newAccount();
    const res = await admin(`/accounts/${a.accountId}/allowance-grants`, {
      method: "POST",
      json: { kind: "query", amount: 5, source: "gift", startsAt: "2030-01-02T00:00:00+08:00", expiresAt: "2030-01-01T00:00:00+08:00" },
    });
    await expectError(res, 400, "VALIDATION_FAILED");
    expect((await auditOf(a.accountId, "?kind=allowance.granted")).total).toBe(0);
  });

  it("serves the audit trail of that account only, and 404 for an unknown one", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const invited = await adminJson<{ inviteUrl: string }>(`/accounts/${b.accountId}/users`, {
      method: "POST",
      json: { email: uniqueEmail(), role: "viewer" },
    });
    expect(inviteToken(invited.inviteUrl)).toBeTruthy();
    const page = await auditOf(a.accountId, "?pageSize=100");
    expect(page.items.map((e) => e.kind)).toEqual(expect.arrayContaining(["session.created", "user.activated", "user.invited"]));
    expect(page.items.some((e) => e.actor.id === owner.userId)).toBe(true);
    const inB = (await auditOf(b.accountId, "?kind=user.invited")).items;
    expect(inB).toHaveLength(1);
    expect(page.items.filter((e) => e.kind === "user.invited").map((e) => e.target?.id)).toEqual([owner.userId]);
    await expectError(await admin(`/accounts/acc_missing/audit`), 404, "NOT_FOUND");
  });
});
