/**
 * @module GET /console/security: the user's second factor (TOTP, RFC 6238): enrol (POST /me/totp shows
 * the secret and its otpauth URI once, for an authenticator app) and confirm with a code (PUT
 * /me/totp); for an owner, whether the account requires a second factor of every user (PUT
 * /account/security). Where the account requires one the user lacks, every other page sends the
 * user here (page-session.ts). The secret is never part of the HTML: only the script that asked for
 * it shows it.
 *
 * Stable hooks: #totp-state[data-enabled=true|false], #totp-required-notice, button#totp-enrol,
 * section#totp-setup (hidden until enrolling) with code#totp-secret, code#totp-uri, form#totp-confirm-form
 * (input#totp-code[name=code], button#totp-confirm-submit); #security-error; form#require-totp-form
 * (owner) with input#require-totp[type=checkbox][name=requireTotp] and button#require-totp-submit.
 * Step-up (worker/console/auth/step-up.ts): input#step-up-password (the current password) goes with
 * button#totp-enrol, the confirming form#totp-confirm-form and button#totp-remove; form#password-form
 * changes the password (input#current-password, input#new-password, button#password-submit).
 */
import { defineMessages } from "../view/i18n";
import { html, renderPage } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { hasRole, signedIn, type PageContext } from "../view/page-session";

const messages = defineMessages(
  {
    title: "安全",
    totp: "双因素认证（TOTP）",
    enabled: "已启用。",
    disabledState: "未启用。",
    required: "本账户要求所有用户启用双因素认证：完成设置后才能使用控制台的其他功能。",
    enrol: "设置双因素认证",
    reenrol: "更换验证器",
    setupBody: "用身份验证器应用添加以下密钥（或其 otpauth 链接），然后输入应用显示的 6 位验证码。",
    secret: "密钥",
    uri: "otpauth 链接",
    code: "6 位验证码",
    confirm: "确认",
    confirmed: "双因素认证已启用。",
    account: "账户策略",
    requireTotp: "要求本账户所有用户启用双因素认证",
    save: "保存",
    saved: "已保存。",
    "error.TOTP_REQUIRED": "验证码错误，请重新输入。",
    stepUp: "当前密码（设置、更换或移除验证器时需要）",
    remove: "移除双因素认证",
    removed: "双因素认证已移除。",
    password: "更改密码",
    currentPassword: "当前密码",
    newPassword: "新密码",
    change: "更改",
    changed: "密码已更改，其他会话已退出。您创建的 API 密钥仍然有效：请在 API 密钥页检查。",
    "error.INVALID_CREDENTIALS": "当前密码或验证码不正确。",
  },
  {
    title: "Security",
    totp: "Second factor (TOTP)",
    enabled: "On.",
    disabledState: "Off.",
    required: "This account requires a second factor of every user: set one up to use the rest of the console.",
    enrol: "Set up a second factor",
    reenrol: "Replace the authenticator",
    setupBody: "Add this secret (or its otpauth link) to an authenticator app, then enter the 6-digit code it shows.",
    secret: "Secret",
    uri: "otpauth link",
    code: "6-digit code",
    confirm: "Confirm",
    confirmed: "The second factor is on.",
    account: "Account policy",
    requireTotp: "Require a second factor of every user of this account",
    save: "Save",
    saved: "Saved.",
    "error.TOTP_REQUIRED": "That code is wrong. Try again.",
    stepUp: "Current password (to set up, replace or remove the authenticator)",
    remove: "Remove the second factor",
    removed: "The second factor is off.",
    password: "Change the password",
    currentPassword: "Current password",
    newPassword: "New password",
    change: "Change",
    changed: "The password is changed; your other sessions are signed out. API keys you made stay valid: review them on the keys page.",
    "error.INVALID_CREDENTIALS": "The current password or code is wrong.",
  },
);

function securityPage(c: PageContext): Response | Promise<Response> {
  const words = messages(c.var.lang);
  const { user, account } = signedIn(c).me;
  const owner = hasRole(c, ["owner"]);
  return renderPage(c, {
    title: words.title,
    active: "security",
    scripts: ["security.js"],
    scriptText: {
      "security.confirmed": words.confirmed,
      "security.saved": words.saved,
      "security.removed": words.removed,
      "security.changed": words.changed,
      "error.TOTP_REQUIRED": words["error.TOTP_REQUIRED"],
      "error.INVALID_CREDENTIALS": words["error.INVALID_CREDENTIALS"],
    },
    body: html`<h1>${words.title}</h1>
      <h2>${words.totp}</h2>
      ${account.requireTotp && !user.totpEnabled ? html`<p id="totp-required-notice" class="notice">${words.required}</p>` : ""}
      <p id="totp-state" data-enabled="${String(user.totpEnabled)}">${user.totpEnabled ? words.enabled : words.disabledState}</p>
      <div>
        <label for="step-up-password">${words.stepUp}</label
        ><input id="step-up-password" name="currentPassword" type="password" autocomplete="current-password" required />
      </div>
      <button type="button" id="totp-enrol" class="${user.totpEnabled ? "secondary" : ""}">${user.totpEnabled ? words.reenrol : words.enrol}</button>
      ${user.totpEnabled ? html`<button type="button" id="totp-remove" class="secondary">${words.remove}</button>` : ""}
      <section id="totp-setup" hidden>
        <p>${words.setupBody}</p>
        <dl class="facts">
          <dt>${words.secret}</dt>
          <dd><code id="totp-secret"></code></dd>
          <dt>${words.uri}</dt>
          <dd><code id="totp-uri"></code></dd>
        </dl>
        <form id="totp-confirm-form" class="inline" novalidate>
          <div>
            <label for="totp-code">${words.code}</label
            ><input
              id="totp-code"
              name="code"
              type="text"
              inputmode="numeric"
              autocomplete="one-time-code"
              pattern="[0-9]{6}"
              data-max-length="6"
              required
            />
          </div>
          <button type="submit" id="totp-confirm-submit">${words.confirm}</button>
        </form>
      </section>
      <p id="security-error" class="error" role="alert" hidden></p>
      <h2>${words.password}</h2>
      <form id="password-form" class="inline" novalidate>
        <div>
          <label for="current-password">${words.currentPassword}</label
          ><input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required />
        </div>
        <div>
          <label for="new-password">${words.newPassword}</label
          ><input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="12" required />
        </div>
        <button type="submit" id="password-submit" class="secondary">${words.change}</button>
      </form>
      ${
        owner
          ? html`<h2>${words.account}</h2>
              <form id="require-totp-form" class="inline" novalidate>
                <div class="check">
                  <input id="require-totp" name="requireTotp" type="checkbox" ${account.requireTotp ? "checked" : ""} /><label for="require-totp"
                    >${words.requireTotp}</label
                  >
                </div>
                <button type="submit" id="require-totp-submit" class="secondary">${words.save}</button>
              </form>`
          : ""
      }`,
  });
}

export function registerSecurityPage(pages: PageGroup): void {
  pages.signedInPage("/security", securityPage);
}
