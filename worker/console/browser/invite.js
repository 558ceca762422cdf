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
