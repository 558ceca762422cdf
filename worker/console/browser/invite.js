/**
 * @module The invitation page (pages: invite.ts): the token is the URL's fragment (never sent to a
 * server by the browser); it is read once, dropped from the address bar and history entry, and sent
 * with the chosen password to POST /invites/{token}.
 */
import { api, ApiProblem, busy, showProblem, text } from "./console-api.js";

const token = location.hash.slice(1);
if (token) history.replaceState(null, "", location.pathname);

const form = /** @type {HTMLFormElement} */ (document.getElementById("invite-form"));
const password = /** @type {HTMLInputElement} */ (document.getElementById("invite-password"));
const again = /** @type {HTMLInputElement} */ (document.getElementById("invite-password-again"));
const error = /** @type {HTMLElement} */ (document.getElementById("invite-error"));

carryOverLanguageSwitch(token);

/**
 * The language switch keeps the invitation: its link gets the token as its own fragment, which the
 * browser never sends to a server and carries over the switch's redirect (RFC 9110 §10.2.2: a
 * Location without a fragment keeps the request's), so the page comes back in the other language with
 * the token, read and dropped again like the first time.
 * @param {string} secret
 */
function carryOverLanguageSwitch(secret) {
  const link = document.getElementById("lang-switch");
  if (!secret || !(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href);
  url.hash = secret;
  link.href = url.href;
}

if (!token) {
  form.hidden = true;
  /** @type {HTMLElement} */ (document.getElementById("invite-missing")).hidden = false;
}

/** @param {string} message */
function fail(message) {
  error.textContent = message;
  error.hidden = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  if (password.value.length < 12) return fail(text("invite.short"));
  if (password.value !== again.value) return fail(text("invite.mismatch"));
  try {
    const accepted = await busy(
      document.getElementById("invite-submit"),
      api("POST", `/invites/${encodeURIComponent(token)}`, { password: password.value }),
    );
    form.hidden = true;
    /** @type {HTMLElement} */ (document.getElementById("invite-email")).textContent = accepted.email;
    const signIn = /** @type {HTMLAnchorElement} */ (document.getElementById("invite-sign-in"));
    /** @type {HTMLElement} */ (document.getElementById("invite-done")).hidden = false;
    signIn.focus();
  } catch (problem) {
    // Each state alone: a spent or unknown invitation has no form left to fill.
    if (problem instanceof ApiProblem && problem.status === 404) {
      form.hidden = true;
      return fail(text("invite.gone"));
    }
    const reason = problem instanceof ApiProblem ? problem.fields.find((f) => f.path === "password")?.message : undefined;
    if (reason) return fail(text("invite.weak", { reason }));
    showProblem(error, problem);
  }
});
