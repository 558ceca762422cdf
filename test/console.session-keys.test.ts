/**
 * A key minted from a console session is told to the account (issue 36, item 5a): its `key.created`
 * event names the session, the owner's overview lists it, and a key that outlives its creator's
 * password change is marked there and listed in the change's event, not revoked silently nor kept
 * silently.
 */
import { describe, expect, it } from "vitest";
import { call, newAccount } from "./helpers";
import { PASSWORD, consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";

const NEW_PASSWORD = "an entirely new passphrase 5150";

/** The overview's list item of a key, in its state (and marked, when `outlived`). */
function item(keyId: string, state: "valid" | "ended", outlived = false): RegExp {
  return new RegExp(`<li\\s+data-key-id="${keyId}"\\s+data-state="${state}"\\s+${outlived ? 'data-outlived-password="true"\\s*' : ""}>`);
}

async function overview(s: ConsoleSession): Promise<string> {
  const res = await call("/console/", { redirect: "manual", headers: { Cookie: `${s.cookie}; console-lang=en` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("keys minted from a console session", () => {
  it("are listed on the owner's overview, marked once they outlive their creator's password change", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    const analyst = await consoleUser(a.accountId, "analyst");
    const minted = await consoleCall(analyst, "/keys", { method: "POST", json: { name: "nightly", currentPassword: PASSWORD } });
    expect(minted.status).toBe(201);
    const { id: keyId } = (await minted.json()) as { id: string };

    const before = await overview(owner);
    expect(before).toContain('id="session-keys"');
    expect(before).toMatch(item(keyId, "valid"));
    expect(before).toContain(analyst.email);
    // The operator's key (newAccount) was not minted from a session: not listed.
    expect(before).not.toContain(`data-key-id="${a.keyId}"`);
    // Only the owner reads the audit trail, so only the owner's overview has the list.
    expect(await overview(analyst)).not.toContain('id="session-keys"');

    expect(
      (await consoleCall(analyst, "/me/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })).status,
    ).toBe(204);
    const after = await overview(owner);
    expect(after).toMatch(item(keyId, "valid", true));
    const changed = (await (await consoleCall(owner, "/audit?kind=user.password_changed")).json()) as {
      items: Array<{ actor: { id: string }; detail?: { keysStillValid?: Array<{ id: string }> } }>;
    };
    const event = changed.items.find((e) => e.actor.id === analyst.userId);
    expect(event?.detail?.keysStillValid?.map((k) => k.id)).toEqual([keyId]);

    // Revoked, the key is listed as ended and no longer marked.
    expect((await consoleCall(owner, `/keys/${keyId}`, { method: "DELETE" })).status).toBe(204);
    expect(await overview(owner)).toMatch(item(keyId, "ended"));
  });
});
