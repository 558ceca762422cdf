/**
 * @module The owner's overview: API keys minted from a console session in the last 30 days (the
 * `key.created` events with `detail.fromSession`), who minted each, when, from which session and with
 * what proof, and whether it is still valid. A key is not revoked when its creator's password changes
 * (an integration must not stop because a person changed a password), so a key still valid after
 * its creator's password changed is marked: a password changed because a session was stolen leaves
 * the thief's key to the owner, who sees it here and revokes it on the keys page. Owners only (the
 * audit trail is theirs).
 *
 * Stable hooks: section#session-keys with li[data-key-id][data-state=valid|ended] and, on a key valid
 * after its creator's password changed, [data-outlived-password=true]; #no-session-keys when none.
 */
import type { AuditEventBody } from "../../schemas/console";
import { defineMessages, fill, formatTime, type Lang } from "./i18n";
import { html, raw, type Html } from "./layout";
import { CONSOLE_BASE, hasRole, readConsoleApi, type PageContext } from "./page-session";

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** The audit trail's largest page: more keys minted from sessions in 30 days than this is itself a finding. */
const NEWEST = 100;

const messages = defineMessages(
  {
    title: "最近 30 天从控制台会话创建的 API 密钥",
    item: "{key}：{by} 于 {at} 创建（会话 {session}，以{proof}确认）",
    "proof.password": "密码",
    "proof.totp": "动态验证码",
    valid: "有效",
    ended: "已吊销或已过期",
    outlived: "创建者此后已更改密码，此密钥仍然有效：若更改密码是因为会话被盗，请在 API 密钥页吊销它。",
    none: "最近 30 天没有从控制台会话创建的密钥。",
    keysPage: "API 密钥",
  },
  {
    title: "API keys made from a console session in the last 30 days",
    item: "{key}: made by {by} at {at} (session {session}, confirmed with {proof})",
    "proof.password": "the password",
    "proof.totp": "a second-factor code",
    valid: "valid",
    ended: "revoked or expired",
    outlived:
      "Its creator's password has changed since, and this key is still valid: if the password was changed because a session was stolen, revoke it on the keys page.",
    none: "No key was made from a console session in the last 30 days.",
    keysPage: "API keys",
  },
);

interface SessionKey {
  keyId: string;
  label: string;
  by: string;
  at: string;
  session: string;
  provenBy: "password" | "totp";
  valid: boolean;
  outlivedPassword: boolean;
}

type AuditPage = { items: AuditEventBody[] };
type KeyList = { items: Array<{ id: string; name: string | null; expired: boolean }> };

/**
 * The keys minted from sessions, newest first, with their state: `valid` when the key list has it
 * unexpired; `outlivedPassword` when valid and its creator's password changed after it was made.
 */
export function sessionKeys(created: readonly AuditEventBody[], passwordChanges: readonly AuditEventBody[], keys: KeyList["items"]): SessionKey[] {
  const live = new Map(keys.filter((k) => !k.expired).map((k) => [k.id, k]));
  return created.flatMap((event) => {
    const origin = event.detail?.fromSession as { session?: unknown; provenBy?: unknown } | undefined;
    if (!origin || typeof origin.session !== "string" || !event.target) return [];
    const keyId = event.target.id;
    const valid = live.has(keyId);
    const madeAt = Date.parse(event.at);
    const changedSince = passwordChanges.some((p) => p.actor.id === event.actor.id && Date.parse(p.at) > madeAt);
    const prefix = typeof event.detail?.prefix === "string" ? event.detail.prefix : keyId;
    return [
      {
        keyId,
        label: live.get(keyId)?.name ?? prefix,
        by: event.actor.label,
        at: event.at,
        session: origin.session,
        provenBy: origin.provenBy === "totp" ? "totp" : "password",
        valid,
        outlivedPassword: valid && changedSince,
      } satisfies SessionKey,
    ];
  });
}

/** The overview's section for an owner; nothing for anyone else, or when a read fails (the page still serves). */
export async function sessionKeysSection(c: PageContext, lang: Lang): Promise<Html | ""> {
  if (!hasRole(c, ["owner"])) return "";
  const words = messages(lang);
  const from = new Date(Date.now() - WINDOW_MS).toISOString();
  const [created, changes, keys] = await Promise.all([
    readConsoleApi<AuditPage>(c, `/audit?kind=key.created&from=${encodeURIComponent(from)}&pageSize=${NEWEST}`),
    readConsoleApi<AuditPage>(c, `/audit?kind=user.password_changed&from=${encodeURIComponent(from)}&pageSize=${NEWEST}`),
    readConsoleApi<KeyList>(c, "/keys"),
  ]);
  if (!created.ok || !changes.ok || !keys.ok) return "";
  const items = sessionKeys(created.data.items, changes.data.items, keys.data.items);
  return html`<section id="session-keys">
    <h2>${words.title}</h2>
    ${
      items.length === 0
        ? html`<p id="no-session-keys" class="muted">${words.none}</p>`
        : html`<ul>
            ${items.map(
              (k) =>
                html`<li
                  data-key-id="${k.keyId}"
                  data-state="${k.valid ? "valid" : "ended"}"
                  ${k.outlivedPassword ? raw('data-outlived-password="true"') : ""}
                >
                  ${fill(words.item, { key: k.label, by: k.by, at: formatTime(lang, k.at), session: k.session, proof: words[`proof.${k.provenBy}`] })}
                  · ${k.valid ? words.valid : words.ended}
                  ${k.outlivedPassword ? html`<p class="notice">${words.outlived} <a href="${CONSOLE_BASE}/keys">${words.keysPage}</a></p>` : ""}
                </li>`,
            )}
          </ul>`
    }
  </section>`;
}
