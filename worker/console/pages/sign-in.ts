/**
 * @module GET /console/sign-in: email and password, then the second factor's code when the answer is
 * 401 TOTP_REQUIRED; a 429 says how long to wait (Retry-After) and offers the code field too (a correct
 * password with a correct code passes the slow-down of an email many addresses have failed). The form is sent by browser/sign-in.js
 * (POST /api/console/v1/session); the password and code fields have no `name`, so a submission without
 * the script could never carry them anywhere. After signing in, the reader goes to `next` (a console
 * path) or the overview.
 *
 * Stable hooks: form#sign-in-form[data-next], input#email[name=email], input#password,
 * #totp-step (hidden until asked) with input#totp, button#sign-in-submit, #sign-in-error (role=alert).
 */
import { defineMessages } from "../view/i18n";
import { html, renderPage } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { safeNext } from "../view/page-session";

const messages = defineMessages(
  {
    title: "登录",
    email: "电子邮箱",
    password: "密码",
    totp: "动态验证码（6 位）",
    totpHint: "请输入身份验证器应用中显示的 6 位验证码。",
    submit: "登录",
    "signIn.INVALID_CREDENTIALS": "邮箱或密码错误。",
    "signIn.TOTP_REQUIRED": "请输入身份验证器中的 6 位验证码。",
    "signIn.TOTP_WRONG": "验证码错误，请重新输入。",
    "signIn.SLOWED": "如已启用双因素认证，输入验证码即可立即登录。",
  },
  {
    title: "Sign in",
    email: "Email",
    password: "Password",
    totp: "Authenticator code (6 digits)",
    totpHint: "Enter the 6-digit code your authenticator app shows.",
    submit: "Sign in",
    "signIn.INVALID_CREDENTIALS": "The email or the password is wrong.",
    "signIn.TOTP_REQUIRED": "Enter the 6-digit code from your authenticator.",
    "signIn.TOTP_WRONG": "That code is wrong. Try again.",
    "signIn.SLOWED": "With a second factor, enter its code to sign in now.",
  },
);

export function registerSignInPage(pages: PageGroup): void {
  pages.publicPage("/sign-in", (c) => {
    const words = messages(c.var.lang);
    const next = safeNext(c.req.query("next"));
    return renderPage(c, {
      title: words.title,
      scripts: ["sign-in.js"],
      scriptText: {
        "signIn.INVALID_CREDENTIALS": words["signIn.INVALID_CREDENTIALS"],
        "signIn.TOTP_REQUIRED": words["signIn.TOTP_REQUIRED"],
        "signIn.TOTP_WRONG": words["signIn.TOTP_WRONG"],
        "signIn.SLOWED": words["signIn.SLOWED"],
      },
      body: html`<section class="narrow">
        <h1>${words.title}</h1>
        <form id="sign-in-form" class="stack" method="post" data-next="${next}" novalidate>
          <label for="email">${words.email}</label>
          <input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required data-max-length="254" />
          <label for="password">${words.password}</label>
          <input id="password" type="password" autocomplete="current-password" required data-max-length="256" />
          <div id="totp-step" hidden>
            <label for="totp">${words.totp}</label>
            <input id="totp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" data-max-length="6" />
            <p class="hint">${words.totpHint}</p>
          </div>
          <p id="sign-in-error" class="error" role="alert" hidden></p>
          <button type="submit" id="sign-in-submit">${words.submit}</button>
        </form>
      </section>`,
    });
  });
}
