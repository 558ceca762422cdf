/**
 * @module GET /console/users (owner): the account's users (GET /users); invite one (POST /users: the
 * invitation URL shown once, with a copy button), change a role and disable or re-enable a user
 * (PATCH /users/{id}, after a confirmation), in browser/users.js. The owner's own row has no controls
 * (an owner cannot demote or disable themselves).
 *
 * Stable hooks: form#user-invite-form with input#invite-email[name=email], input#invite-name[name=name],
 * select#invite-role[name=role], button#invite-submit; #users-error; section#invited (hidden until an
 * invitation is made) with code#invite-url, button#copy-invite, #copy-invite-done, button#invited-done,
 * #invite-unproven (the link came to the inviter: the address is not proven) or #invite-emailed (the
 * link went to the address); table#users with rows tr[data-user-id] (cells
 * td[data-field=email|name|role|status|totp]; in the email cell .unproven[data-email-proven=false] when
 * the user has not proven the address), select.role-select[data-user-id], button.disable[data-user-id] /
 * button.enable[data-user-id], button.reinvite[data-user-id] for a user who has not accepted.
 */
import type { z } from "zod";
import { defineMessages, type Lang } from "../view/i18n";
import { failedReadPage, html, renderPage, type Html } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { readConsoleApi, signedIn, type PageContext } from "../view/page-session";
import { shellMessages } from "../view/shell-messages";
import { vocabulary } from "../view/vocabulary";
import type { UserListSchema } from "../../schemas/console";
import { USER_ROLES } from "../../schemas/console-vocabulary";

type User = z.output<typeof UserListSchema>["items"][number];

const messages = defineMessages(
  {
    title: "用户",
    invite: "邀请用户",
    email: "电子邮箱",
    name: "姓名（可选）",
    role: "角色",
    submit: "发送邀请",
    invitedTitle: "邀请链接（仅显示一次）",
    invitedBody: "请通过安全渠道把此链接发给对方；72 小时内有效，只能使用一次。",
    inviteUnproven: "此链接交给了您，而不是发到该邮箱：对方的邮箱地址未经证实。请只交给该地址的本人。",
    inviteEmailed: "邀请链接已发送到该邮箱；接受邀请即证实了该地址。",
    unproven: "（邮箱未证实）",
    reinvite: "重新邀请",
    copy: "复制",
    copied: "已复制",
    done: "完成",
    "col.email": "电子邮箱",
    "col.name": "姓名",
    "col.role": "角色",
    "col.status": "状态",
    "col.totp": "双因素",
    "col.actions": "操作",
    on: "已启用",
    off: "未启用",
    disable: "停用",
    enable: "启用",
    you: "（您）",
    confirmDisable: "确定停用 {email}？其所有会话将立即结束。",
    confirmRole: "确定把 {email} 的角色改为 {role}？",
    updated: "已更新。",
    "error.EMAIL_TAKEN": "该邮箱已是此账户的用户。",
  },
  {
    title: "Users",
    invite: "Invite a user",
    email: "Email",
    name: "Name (optional)",
    role: "Role",
    submit: "Invite",
    invitedTitle: "Invitation link (shown once)",
    invitedBody: "Send this link to the person over a safe channel; it works once, within 72 hours.",
    inviteUnproven:
      "This link came to you, not to the address: the person's address is not proven. Give it only to the person who holds that address.",
    inviteEmailed: "The invitation link was sent to the address; accepting it proves the address.",
    unproven: "(address not proven)",
    reinvite: "Invite again",
    copy: "Copy",
    copied: "Copied",
    done: "Done",
    "col.email": "Email",
    "col.name": "Name",
    "col.role": "Role",
    "col.status": "Status",
    "col.totp": "Second factor",
    "col.actions": "Actions",
    on: "On",
    off: "Off",
    disable: "Disable",
    enable: "Enable",
    you: "(you)",
    confirmDisable: "Disable {email}? Their sessions end at once.",
    confirmRole: "Change the role of {email} to {role}?",
    updated: "Updated.",
    "error.EMAIL_TAKEN": "That email is already a user of this account.",
  },
);

function roleOptions(lang: Lang, chosen: string): Html {
  const shell = shellMessages(lang);
  return html`${USER_ROLES.map((r) => html`<option value="${r}" ${r === chosen ? "selected" : ""}>${shell[`role.${r}`]}</option>`)}`;
}

function userRow(lang: Lang, user: User, selfId: string): Html {
  const words = messages(lang);
  const shell = shellMessages(lang);
  const cell = (field: string, label: string, content: unknown) => html`<td data-field="${field}" data-label="${label}">${content}</td>`;
  const self = user.id === selfId;
  const controls = self
    ? html`<span class="muted">${words.you}</span>`
    : html`<label class="visually-hidden" for="role-${user.id}">${words.role}</label>
        <select id="role-${user.id}" class="role-select" data-user-id="${user.id}" data-email="${user.email}" data-role="${user.role}">
          ${roleOptions(lang, user.role)}
        </select>
        ${user.status === "invited" ? html`<button type="button" class="secondary reinvite" data-user-id="${user.id}">${words.reinvite}</button>` : ""}
        ${
          user.status === "disabled"
            ? html`<button type="button" class="secondary enable" data-user-id="${user.id}">${words.enable}</button>`
            : html`<button type="button" class="danger disable" data-user-id="${user.id}" data-email="${user.email}">${words.disable}</button>`
        }`;
  return html`<tr data-user-id="${user.id}">
    ${cell(
      "email",
      words["col.email"],
      html`${user.email}${user.emailProven ? "" : html` <span class="muted unproven" data-email-proven="false">${words.unproven}</span>`}`,
    )}
    ${cell("name", words["col.name"], user.name ?? "—")} ${cell("role", words["col.role"], shell[`role.${user.role}`])}
    ${cell("status", words["col.status"], vocabulary(lang).user[user.status])}
    ${cell("totp", words["col.totp"], user.totpEnabled ? words.on : words.off)}
    <td data-label="${words["col.actions"]}">${controls}</td>
  </tr>`;
}

async function usersPage(c: PageContext): Promise<Response> {
  const lang = c.var.lang;
  const words = messages(lang);
  const users = await readConsoleApi<{ items: User[] }>(c, "/users");
  if (!users.ok) return failedReadPage(c, users);
  const selfId = signedIn(c).me.user.id;
  const shell = shellMessages(lang);
  return renderPage(c, {
    title: words.title,
    active: "users",
    scripts: ["users.js"],
    scriptText: {
      "users.confirmDisable": words.confirmDisable,
      "users.confirmRole": words.confirmRole,
      "users.updated": words.updated,
      "error.EMAIL_TAKEN": words["error.EMAIL_TAKEN"],
      ...Object.fromEntries(USER_ROLES.map((r) => [`role.${r}`, shell[`role.${r}`]])),
    },
    body: html`<h1>${words.title}</h1>
      <h2>${words.invite}</h2>
      <form id="user-invite-form" class="inline" novalidate>
        <div>
          <label for="invite-email">${words.email}</label
          ><input id="invite-email" name="email" type="email" required data-max-length="254" autocomplete="off" />
        </div>
        <div>
          <label for="invite-name">${words.name}</label><input id="invite-name" name="name" type="text" data-max-length="100" autocomplete="off" />
        </div>
        <div>
          <label for="invite-role">${words.role}</label>
          <select id="invite-role" name="role">
            ${roleOptions(lang, "analyst")}
          </select>
        </div>
        <button type="submit" id="invite-submit">${words.submit}</button>
      </form>
      <p id="users-error" class="error" role="alert" hidden></p>
      <section id="invited" class="once" hidden>
        <p id="invite-emailed" hidden>${words.inviteEmailed}</p>
        <div id="invite-link">
          <h2>${words.invitedTitle}</h2>
          <p>${words.invitedBody}</p>
          <p id="invite-unproven" class="notice">${words.inviteUnproven}</p>
          <code id="invite-url"></code>
          <button type="button" id="copy-invite">${words.copy}</button>
          <span id="copy-invite-done" role="status" hidden>${words.copied}</span>
        </div>
        <button type="button" id="invited-done" class="secondary">${words.done}</button>
      </section>
      <table id="users" class="stacked">
        <thead>
          <tr>
            ${(["email", "name", "role", "status", "totp", "actions"] as const).map((f) => html`<th scope="col">${words[`col.${f}`]}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${users.data.items.map((u) => userRow(lang, u, selfId))}
        </tbody>
      </table>`,
  });
}

export function registerUsersPage(pages: PageGroup): void {
  pages.rolePage("/users", ["owner"], usersPage);
}
