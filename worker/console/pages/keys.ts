/**
 * @module GET /console/keys: the account's API keys (GET /keys), and for owners and analysts the form
 * that creates one (its full key shown once, with a copy button) and a revoke button per key, which
 * asks first (browser/keys.js). A viewer sees the list only.
 *
 * Stable hooks: form#key-create-form with input#key-name[name=name], input#key-expires[name=expiresAt]
 * (a date), input#key-password[name=currentPassword] (step-up: worker/console/auth/step-up.ts),
 * button#key-create-submit, #key-error; section#new-key (hidden until a key is made) with
 * code#new-key-value, button#copy-key, #copy-done, button#new-key-done; table#keys with rows
 * tr[data-key-id] (cells td[data-field=name|prefix|createdAt|expiresAt|status|createdBy]) and
 * button.revoke[data-key-id] in each; #no-keys when there are none.
 */
import { defineMessages, formatTime, type Lang } from "../view/i18n";
import { failedReadPage, html, renderPage, type Html } from "../view/layout";
import { emptyText } from "../view/listing";
import type { PageGroup } from "../view/page-group";
import { hasRole, readConsoleApi, type PageContext } from "../view/page-session";
import type { ConsoleKeyListSchema } from "../../schemas/console";
import type { z } from "zod";

type KeyItem = z.output<typeof ConsoleKeyListSchema>["items"][number];

const messages = defineMessages(
  {
    title: "API 密钥",
    rules: "每个账户最多同时有 3 个有效密钥。密钥只在创建时完整显示一次；服务器只保存其哈希。",
    create: "新建密钥",
    name: "名称（可选）",
    expires: "到期日（可选，默认一年）",
    currentPassword: "当前密码（确认是您本人）",
    submit: "创建",
    onceTitle: "请立即复制此密钥",
    onceBody: "离开或刷新此页面后将无法再次查看完整密钥。",
    copy: "复制",
    copied: "已复制",
    done: "我已保存",
    "col.name": "名称",
    "col.prefix": "前缀",
    "col.createdAt": "创建时间",
    "col.expiresAt": "到期时间",
    "col.status": "状态",
    "col.createdBy": "创建者",
    "col.actions": "操作",
    valid: "有效",
    expired: "已过期",
    unnamed: "（未命名）",
    revoke: "吊销",
    confirmRevoke: "确定吊销密钥 {label}？使用它的程序将立即无法访问。",
    revoked: "密钥已吊销。",
    "error.KEY_LIMIT_REACHED": "已有 3 个有效密钥：请先吊销一个。",
    "error.SUBSCRIPTION_REQUIRED": "当前没有有效订阅，无法创建密钥。",
    "error.INVALID_CREDENTIALS": "当前密码不正确。",
  },
  {
    title: "API keys",
    rules: "An account has at most 3 valid keys at a time. A key is shown in full once, when it is made; the server keeps only its hash.",
    create: "Create a key",
    name: "Name (optional)",
    expires: "Expires on (optional, a year by default)",
    currentPassword: "Current password (to confirm it is you)",
    submit: "Create",
    onceTitle: "Copy this key now",
    onceBody: "Once you leave or reload this page, the full key cannot be shown again.",
    copy: "Copy",
    copied: "Copied",
    done: "I have saved it",
    "col.name": "Name",
    "col.prefix": "Prefix",
    "col.createdAt": "Created",
    "col.expiresAt": "Expires",
    "col.status": "Status",
    "col.createdBy": "Created by",
    "col.actions": "Actions",
    valid: "Valid",
    expired: "Expired",
    unnamed: "(unnamed)",
    revoke: "Revoke",
    confirmRevoke: "Revoke the key {label}? Programs using it lose access at once.",
    revoked: "The key is revoked.",
    "error.KEY_LIMIT_REACHED": "There are 3 valid keys already: revoke one first.",
    "error.SUBSCRIPTION_REQUIRED": "No subscription in force: a key cannot be created.",
    "error.INVALID_CREDENTIALS": "The current password is wrong.",
  },
);

const COLUMNS = ["name", "prefix", "createdAt", "expiresAt", "status", "createdBy"] as const;

function keyRow(lang: Lang, key: KeyItem, canWrite: boolean): Html {
  const words = messages(lang);
  const label = key.name ?? key.prefix;
  const cell = (field: (typeof COLUMNS)[number], content: Html | string) =>
    html`<td data-field="${field}" data-label="${words[`col.${field}`]}">${content}</td>`;
  return html`<tr data-key-id="${key.id}">
    ${cell("name", key.name ?? words.unnamed)} ${cell("prefix", html`<code>${key.prefix}</code>`)}
    ${cell("createdAt", formatTime(lang, key.createdAt))} ${cell("expiresAt", formatTime(lang, key.expiresAt))}
    ${cell("status", key.expired ? words.expired : words.valid)} ${cell("createdBy", key.createdBy?.label ?? "—")}
    ${
      canWrite
        ? html`<td data-label="${words["col.actions"]}">
            <button type="button" class="danger revoke" data-key-id="${key.id}" data-key-label="${label}">${words.revoke}</button>
          </td>`
        : ""
    }
  </tr>`;
}

function createForm(lang: Lang): Html {
  const words = messages(lang);
  return html`<h2>${words.create}</h2>
    <form id="key-create-form" class="inline" novalidate>
      <div><label for="key-name">${words.name}</label><input id="key-name" name="name" type="text" data-max-length="100" autocomplete="off" /></div>
      <div><label for="key-expires">${words.expires}</label><input id="key-expires" name="expiresAt" type="date" /></div>
      <div>
        <label for="key-password">${words.currentPassword}</label
        ><input id="key-password" name="currentPassword" type="password" autocomplete="current-password" required />
      </div>
      <button type="submit" id="key-create-submit">${words.submit}</button>
    </form>
    <p id="key-error" class="error" role="alert" hidden></p>
    <section id="new-key" class="once" hidden>
      <h2>${words.onceTitle}</h2>
      <p>${words.onceBody}</p>
      <code id="new-key-value"></code>
      <button type="button" id="copy-key">${words.copy}</button>
      <span id="copy-done" role="status" hidden>${words.copied}</span>
      <button type="button" id="new-key-done" class="secondary">${words.done}</button>
    </section>`;
}

async function keysPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const keys = await readConsoleApi<{ items: KeyItem[] }>(c, "/keys");
  if (!keys.ok) return failedReadPage(c, keys);
  const canWrite = hasRole(c, ["owner", "analyst"]);
  const table = keys.data.items.length
    ? html`<table id="keys" class="stacked">
        <thead>
          <tr>
            ${COLUMNS.map((f) => html`<th scope="col">${words[`col.${f}`]}</th>`)}${canWrite ? html`<th scope="col">${words["col.actions"]}</th>` : ""}
          </tr>
        </thead>
        <tbody>
          ${keys.data.items.map((k) => keyRow(lang, k, canWrite))}
        </tbody>
      </table>`
    : html`<p id="no-keys" class="muted">${emptyText(lang)}</p>`;
  return renderPage(c, {
    title: words.title,
    active: "keys",
    scripts: canWrite ? ["keys.js"] : [],
    scriptText: {
      "keys.confirmRevoke": words.confirmRevoke,
      "keys.revoked": words.revoked,
      "error.KEY_LIMIT_REACHED": words["error.KEY_LIMIT_REACHED"],
      "error.SUBSCRIPTION_REQUIRED": words["error.SUBSCRIPTION_REQUIRED"],
      "error.INVALID_CREDENTIALS": words["error.INVALID_CREDENTIALS"],
    },
    body: html`<h1>${words.title}</h1>
      <p class="hint">${words.rules}</p>
      ${canWrite ? createForm(lang) : ""} ${table}`,
  });
}

export function registerKeysPage(pages: PageGroup): void {
  pages.signedInPage("/keys", keysPage);
}
