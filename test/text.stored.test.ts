/**
 * Text stored before the doors refused hidden characters (or that came from elsewhere: a registry's file
 * name, a browser's User-Agent) leaves neutralised (docs/input-text.md): console pages, the audit page and
 * its CSV print 〈U+202E〉 where the value holds U+202E, and a download is saved under a safe name. The
 * legacy values are written straight into D1 here, as an older version of the service stored them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONSOLE, PASSWORD, consoleUser, invitedUser, inviteToken, signIn, uniqueEmail } from "./console-helpers";
import { body, call, createQueries, newAccount, open, shardOfQuery, waitForQuery } from "./helpers";

/** A control other than a line break or tab, or a format character (zero-width, BOM, soft hyphen, bidirectional). */
const HIDDEN = /[^\P{Cc}\n\r\t]|\p{Cf}/u;

function page(cookie: string, path: string): Promise<Response> {
  return call(path, { redirect: "manual", headers: { Cookie: `${cookie}; console-lang=en` } });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("stored text shown neutralised", () => {
  it("downloads an attachment named invoice\\u202efdp.exe under a safe name", async () => {
    const a = await newAccount();
    const res = await createQueries(a.key, ["规模1文件名测试有限公司"]);
    const queryId = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
    await waitForQuery(queryId);
    const regs = await body<{ items: Array<{ id: string }> }>(await open(`/queries/${queryId}/registrations`, a.key));
    const detail = await body<{ pdf: { documentId: string } }>(await open(`/queries/${queryId}/registrations/${regs.items[0]!.id}`, a.key));
    const shard = await shardOfQuery(queryId);
    await shard.prepare("UPDATE documents SET file_name = ? WHERE id = ?").bind("invoice\u202efdp.exe", detail.pdf.documentId).run();
    const download = await open(`/documents/${detail.pdf.documentId}/content`, a.key);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const disposition = download.headers.get("Content-Disposition") ?? "";
    expect(disposition).toBe(`attachment; filename="invoice_fdp.exe"; filename*=UTF-8''invoice_fdp.exe`);
    expect(disposition).not.toMatch(/%E2%80%AE/i);
  });

  it("prints a legacy key name, user name and account name with visible escapes on the console's pages", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    await env.DB.batch([
      env.DB.prepare("UPDATE api_keys SET name = ? WHERE id = ?").bind("ops\u202eyek", a.keyId),
      env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind("Li\u200dLei\u0000", owner.userId),
      env.DB.prepare("UPDATE accounts SET name = ? WHERE id = ?").bind("\u2067示例银行\u2069", a.accountId),
    ]);
    const keys = await (await page(owner.cookie, "/console/keys")).text();
    expect(keys).toContain("ops〈U+202E〉yek");
    expect(keys).toContain("〈U+2067〉示例银行〈U+2069〉");
    expect(keys).not.toMatch(HIDDEN);
    const users = await (await page(owner.cookie, "/console/users")).text();
    expect(users).toContain("Li〈U+200D〉Lei〈U+0000〉");
    expect(users).not.toMatch(HIDDEN);
  });

  it("prints a legacy email and a User-Agent's hidden characters as escapes on the audit page and in its CSV", async () => {
    const a = await newAccount();
    const owner = await consoleUser(a.accountId, "owner");
    // An analyst whose email was stored with a zero-width space, signing in from a browser whose
    // User-Agent carries a soft hyphen (a header is Latin-1: U+00AD is one of its bytes).
    const invited = await invitedUser(a.accountId, "analyst", uniqueEmail("analyst"));
    const accepted = await call(`${CONSOLE}/invites/${inviteToken(invited.inviteUrl)}`, { method: "POST", json: { password: PASSWORD } });
    expect(accepted.status).toBe(200);
    const legacyEmail = invited.email.replace("@", "\u200b@");
    await env.DB.prepare("UPDATE users SET email = ? WHERE id = ?").bind(legacyEmail, invited.id).run();
    const signedIn = await signIn(legacyEmail, PASSWORD, {}, { "User-Agent": "Probe\u00ad/1.0" });
    expect(signedIn.res.status).toBe(200);
    const shownEmail = invited.email.replace("@", "〈U+200B〉@");
    // The page lets an address wrap after its @ (<wbr>): the escape stands before it.
    const shownLocalPart = shownEmail.split("@")[0]!;

    const audit = await eventually(
      async () => (await page(owner.cookie, "/console/audit?kind=session.created")).text(),
      (html) => html.includes(shownLocalPart),
    );
    expect(audit).toContain(`${shownLocalPart}@`);
    expect(audit).not.toMatch(HIDDEN);

    const csv = await (await page(owner.cookie, `${CONSOLE}/audit.csv?kind=session.created`)).arrayBuffer();
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(csv).slice(1);
    expect(text).toContain(shownEmail);
    expect(text).toContain("Probe〈U+00AD〉/1.0");
    expect(text).not.toMatch(HIDDEN);
  });
});
