/**
 * @module The API keys page (pages: keys.ts): create a key (POST /keys, with the current password: a key
 * minted from a session needs proof of the user) and show its full value once
 * with a copy button; "I have saved it" reloads the list. Revoke (DELETE /keys/{id}) after a
 * confirmation, removing the row.
 */
import { api, busy, say, showProblem, text } from "./console-api.js";
import { copyText } from "./copy.js";

const form = /** @type {HTMLFormElement} */ (document.getElementById("key-create-form"));
const error = /** @type {HTMLElement} */ (document.getElementById("key-error"));
const panel = /** @type {HTMLElement} */ (document.getElementById("new-key"));
const value = /** @type {HTMLElement} */ (document.getElementById("new-key-value"));
const copied = /** @type {HTMLElement} */ (document.getElementById("copy-done"));

/** A date picked in the form: the key lasts to the end of that day, China time (the registry's). */
function expiresAt(date) {
  return date ? `${date}T23:59:59+08:00` : undefined;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  const data = new FormData(form);
  const name = String(data.get("name") ?? "").trim();
  const body = {
    ...(name ? { name } : {}),
    ...(expiresAt(String(data.get("expiresAt") ?? "")) ? { expiresAt: expiresAt(String(data.get("expiresAt"))) } : {}),
    currentPassword: String(data.get("currentPassword") ?? ""),
  };
  try {
    const created = await busy(document.getElementById("key-create-submit"), api("POST", "/keys", body));
    value.textContent = created.key;
    copied.hidden = true;
    panel.hidden = false;
    form.reset();
    document.getElementById("copy-key")?.focus();
  } catch (problem) {
    showProblem(error, problem);
  }
});

document.getElementById("copy-key")?.addEventListener("click", () => copyText(value, copied));

document.getElementById("new-key-done")?.addEventListener("click", () => {
  value.textContent = "";
  location.reload();
});

document.getElementById("keys")?.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.revoke") : null;
  if (!(button instanceof HTMLButtonElement)) return;
  const id = button.dataset.keyId ?? "";
  if (!confirm(text("keys.confirmRevoke", { label: button.dataset.keyLabel ?? id }))) return;
  try {
    await busy(button, api("DELETE", `/keys/${encodeURIComponent(id)}`));
    button.closest("tr")?.remove();
    say(text("keys.revoked"));
  } catch (problem) {
    showProblem(error, problem);
  }
});
