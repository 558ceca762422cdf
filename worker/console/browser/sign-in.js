/**
 * @module The sign-in form (pages: sign-in.ts): POST /session with email and password; when the answer
 * is 401 TOTP_REQUIRED the code field appears and the same form is sent again with it; 429 says how
 * long to wait and offers the code field (optional): a correct password with a correct code passes a
 * slowed email. Signed in, the reader goes to the form's data-next (a console path checked server-side).
 */
import { api, ApiProblem, busy, showProblem, text } from "./console-api.js";

const form = /** @type {HTMLFormElement} */ (document.getElementById("sign-in-form"));
const email = /** @type {HTMLInputElement} */ (document.getElementById("email"));
const password = /** @type {HTMLInputElement} */ (document.getElementById("password"));
const totpStep = /** @type {HTMLElement} */ (document.getElementById("totp-step"));
const totp = /** @type {HTMLInputElement} */ (document.getElementById("totp"));
const error = /** @type {HTMLElement} */ (document.getElementById("sign-in-error"));
const submit = /** @type {HTMLButtonElement} */ (document.getElementById("sign-in-submit"));

/** @param {string} message */
function fail(message) {
  error.textContent = message;
  error.hidden = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  if (!form.reportValidity()) return;
  const body = { email: email.value.trim(), password: password.value };
  const askedForCode = !totpStep.hidden;
  if (askedForCode && totp.value.trim() !== "") Object.assign(body, { totp: totp.value.trim() });
  try {
    await busy(submit, api("POST", "/session", body));
    location.assign(form.dataset.next ?? "/console/");
  } catch (problem) {
    if (problem instanceof ApiProblem && problem.code === "TOTP_REQUIRED") {
      totpStep.hidden = false;
      totp.required = true;
      totp.value = "";
      totp.focus();
      fail(text(askedForCode ? "signIn.TOTP_WRONG" : "signIn.TOTP_REQUIRED"));
    } else if (problem instanceof ApiProblem && problem.code === "INVALID_CREDENTIALS") {
      fail(text("signIn.INVALID_CREDENTIALS"));
      password.focus();
    } else if (problem instanceof ApiProblem && problem.code === "RATE_LIMITED") {
      showProblem(error, problem);
      error.textContent = `${error.textContent ?? ""} ${text("signIn.SLOWED")}`;
      totpStep.hidden = false;
      totp.required = false;
    } else {
      showProblem(error, problem);
    }
  }
});
