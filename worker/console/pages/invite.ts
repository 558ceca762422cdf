/**
 * @module GET /console/invite#token: accepting an invitation. The token travels only in the URL's
 * fragment, which browsers never send to a server; browser/invite.js reads it, drops it from the
 * address bar, and sends it with the new password to POST /api/console/v1/invites/{token}. The
 * password rules are shown (at least 12 characters, not the email), and the API's verdict is the
 * one that counts.
 *
 * Stable hooks: form#invite-form with input#invite-password, input#invite-password-again,
 * ul#password-rules, button#invite-submit, #invite-error; section#invite-done (hidden until
 * accepted) with #invite-email and a#invite-sign-in; #invite-missing (no token in the URL).
 */
import { defineMessages } from "../view/i18n";
import { html, renderPage } from "../view/layout";
import type { PageGroup } from "../view/page-group";

const messages = defineMessages(
  {
    title: "接受邀请",
    intro: "为您的控制台账户设置密码。",
    password: "新密码",
    again: "再次输入新密码",
    rules: "密码要求",
    ruleLength: "至少 12 个字符；",
    ruleEmail: "不能与您的电子邮箱相同。",
    submit: "设置密码",
    done: "密码已设置，账户已激活：",
    signIn: "前往登录",
    missing: "此链接不完整：请打开邀请邮件中的完整链接。",
    "invite.mismatch": "两次输入的密码不一致。",
    "invite.short": "密码至少需要 12 个字符。",
    // No {reason}: the strength estimator explains in English only, and a Chinese page shows no English.
    "invite.weak": "这个密码太容易被猜到（常见密码、键盘序列、常用词或您的邮箱都不行）：请换一个更长、不常见的短语。",
    "invite.gone": "此邀请链接无效、已使用或已过期：请向账户所有者索取新的邀请。",
    "error.NOT_FOUND": "邀请链接无效、已使用或已过期（有效期 72 小时）。请联系账户所有者重新邀请。",
    "error.VALIDATION_FAILED": "密码不符合要求：至少 12 个字符，且不能是您的邮箱。",
  },
  {
    title: "Accept the invitation",
    intro: "Choose a password for your console account.",
    password: "New password",
    again: "New password again",
    rules: "The password",
    ruleLength: "has at least 12 characters;",
    ruleEmail: "is not your email address.",
    submit: "Set the password",
    done: "Your password is set and your account is active:",
    signIn: "Sign in",
    missing: "This link is incomplete: open the whole link from the invitation.",
    "invite.mismatch": "The two passwords differ.",
    "invite.short": "The password needs at least 12 characters.",
    "invite.weak": "This password is too easy to guess: choose a longer, less common phrase. Why: {reason}",
    "invite.gone": "This invitation link is not valid, used or expired: ask the account's owner for a new one.",
    "error.NOT_FOUND": "This invitation link is unknown, used or expired (they last 72 hours). Ask the account's owner to invite you again.",
    "error.VALIDATION_FAILED": "The password does not meet the rules: at least 12 characters, and not your email.",
  },
);

export function registerInvitePage(pages: PageGroup): void {
  pages.publicPage("/invite", (c) => {
    const words = messages(c.var.lang);
    return renderPage(c, {
      title: words.title,
      scripts: ["invite.js"],
      scriptText: {
        "invite.mismatch": words["invite.mismatch"],
        "invite.short": words["invite.short"],
        "invite.weak": words["invite.weak"],
        "invite.gone": words["invite.gone"],
        "error.NOT_FOUND": words["error.NOT_FOUND"],
        "error.VALIDATION_FAILED": words["error.VALIDATION_FAILED"],
      },
      body: html`<section class="narrow">
        <h1>${words.title}</h1>
        <p id="invite-missing" class="error" role="alert" hidden>${words.missing}</p>
        <form id="invite-form" class="stack" novalidate>
          <p>${words.intro}</p>
          <label for="invite-password">${words.password}</label>
          <input
            id="invite-password"
            type="password"
            autocomplete="new-password"
            minlength="12"
            data-max-length="256"
            required
            aria-describedby="password-rules"
          />
          <label for="invite-password-again">${words.again}</label>
          <input id="invite-password-again" type="password" autocomplete="new-password" minlength="12" data-max-length="256" required />
          <p class="hint">${words.rules}</p>
          <ul id="password-rules" class="hint">
            <li>${words.ruleLength}</li>
            <li>${words.ruleEmail}</li>
          </ul>
          <p id="invite-error" class="error" role="alert" hidden></p>
          <button type="submit" id="invite-submit">${words.submit}</button>
        </form>
        <section id="invite-done" hidden>
          <p>${words.done} <strong id="invite-email"></strong></p>
          <p><a id="invite-sign-in" class="button" href="/console/sign-in">${words.signIn}</a></p>
        </section>
      </section>`,
    });
  });
}
