/**
 * @module The security page (pages: security.ts): enrol a second factor (POST /me/totp shows the
 * secret and otpauth URI), confirm it with a code (PUT /me/totp), and for an owner the account's
 * policy (PUT /account/security). The secret lives only in this page's DOM until it is reloaded.
 * Enrolling (POST /me/totp), confirming (PUT /me/totp) and removing (DELETE /me/totp) a factor send the
 * current password typed in #step-up-password (step-up); the password form changes the password
 * (PUT /me/password) with the current one.
 */
import { api, busy, say, showProblem, text } from "./console-api.js";

const error = /** @type {HTMLElement} */ (document.getElementById("security-error"));
const setup = /** @type {HTMLElement} */ (document.getElementById("totp-setup"));

document.getElementById("totp-enrol")?.addEventListener("click", async (event) => {
  error.hidden = true;
  try {
    const stepUp = stepUpProof();
    const enrolment = await busy(/** @type {HTMLButtonElement} */ (event.currentTarget), api("POST", "/me/totp", stepUp));
    /** @type {HTMLElement} */ (document.getElementById("totp-secret")).textContent = enrolment.secret;
    /** @type {HTMLElement} */ (document.getElementById("totp-uri")).textContent = enrolment.uri;
    setup.hidden = false;
    document.getElementById("totp-code")?.focus();
  } catch (problem) {
    showProblem(error, problem);
  }
});

/** The current password typed for a change of the second factor. */
function stepUpProof() {
  const field = /** @type {HTMLInputElement | null} */ (document.getElementById("step-up-password"));
  return { currentPassword: field?.value ?? "" };
}

document.getElementById("totp-remove")?.addEventListener("click", async (event) => {
  error.hidden = true;
  try {
    await busy(/** @type {HTMLButtonElement} */ (event.currentTarget), api("DELETE", "/me/totp", stepUpProof()));
    say(text("security.removed"));
    location.reload();
  } catch (problem) {
    showProblem(error, problem);
  }
});

const passwordForm = /** @type {HTMLFormElement} */ (document.getElementById("password-form"));
passwordForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  if (!passwordForm.reportValidity()) return;
  const form = new FormData(passwordForm);
  try {
    await busy(
      document.getElementById("password-submit"),
      api("PUT", "/me/password", { currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") }),
    );
    passwordForm.reset();
    say(text("security.changed"));
  } catch (problem) {
    showProblem(error, problem);
  }
});

const confirmForm = /** @type {HTMLFormElement} */ (document.getElementById("totp-confirm-form"));
confirmForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  if (!confirmForm.reportValidity()) return;
  const code = String(new FormData(confirmForm).get("code") ?? "").trim();
  try {
    await busy(document.getElementById("totp-confirm-submit"), api("PUT", "/me/totp", { code, ...stepUpProof() }));
    say(text("security.confirmed"));
    location.reload();
  } catch (problem) {
    showProblem(error, problem);
  }
});

const policy = document.getElementById("require-totp-form");
policy?.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  const requireTotp = /** @type {HTMLInputElement} */ (document.getElementById("require-totp")).checked;
  try {
    await busy(document.getElementById("require-totp-submit"), api("PUT", "/account/security", { requireTotp }));
    say(text("security.saved"));
  } catch (problem) {
    showProblem(error, problem);
  }
});
