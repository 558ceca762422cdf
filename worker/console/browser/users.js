/**
 * @module The users page (pages: users.ts, owner only): invite (POST /users) or invite again
 * (POST /users/{id}/invitation): the invitation URL shown once with a copy button and a notice that the
 * address is not proven, or, with a mail service, word that the link went to the address; change a role or disable / re-enable (PATCH /users/{id}) after a
 * confirmation; the page reloads to show the change.
 */
import { api, busy, say, showProblem, text } from "./console-api.js";
import { copyText } from "./copy.js";

const form = /** @type {HTMLFormElement} */ (document.getElementById("user-invite-form"));
const error = /** @type {HTMLElement} */ (document.getElementById("users-error"));
const invited = /** @type {HTMLElement} */ (document.getElementById("invited"));
const inviteUrl = /** @type {HTMLElement} */ (document.getElementById("invite-url"));

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  if (!form.reportValidity()) return;
  const data = new FormData(form);
  const name = String(data.get("name") ?? "").trim();
  const body = { email: String(data.get("email") ?? "").trim(), role: String(data.get("role")), ...(name ? { name } : {}) };
  try {
    showInvitation(await busy(document.getElementById("invite-submit"), api("POST", "/users", body)));
    form.reset();
  } catch (problem) {
    showProblem(error, problem);
  }
});

/** The answer of an invitation: its link for the inviter to pass on, or word that it was emailed. */
function showInvitation(user) {
  const emailed = user.delivery === "email";
  inviteUrl.textContent = emailed ? "" : user.inviteUrl;
  /** @type {HTMLElement} */ (document.getElementById("invite-link")).hidden = emailed;
  /** @type {HTMLElement} */ (document.getElementById("invite-emailed")).hidden = !emailed;
  invited.hidden = false;
  (emailed ? document.getElementById("invited-done") : document.getElementById("copy-invite"))?.focus();
}

document.getElementById("users")?.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.reinvite") : null;
  if (!(button instanceof HTMLButtonElement)) return;
  error.hidden = true;
  try {
    showInvitation(await busy(button, api("POST", `/users/${encodeURIComponent(button.dataset.userId ?? "")}/invitation`)));
  } catch (problem) {
    showProblem(error, problem);
  }
});

document.getElementById("copy-invite")?.addEventListener("click", () => copyText(inviteUrl, document.getElementById("copy-invite-done")));
document.getElementById("invited-done")?.addEventListener("click", () => location.reload());

/** @param {string} id @param {Record<string, string>} change @param {HTMLElement} control */
async function update(id, change, control) {
  try {
    await busy(control instanceof HTMLButtonElement ? control : null, api("PATCH", `/users/${encodeURIComponent(id)}`, change));
    say(text("users.updated"));
    location.reload();
  } catch (problem) {
    showProblem(error, problem);
  }
}

const table = document.getElementById("users");
table?.addEventListener("change", (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.classList.contains("role-select")) return;
  const role = select.value;
  if (!confirm(text("users.confirmRole", { email: select.dataset.email ?? "", role: text(`role.${role}`) }))) {
    select.value = select.dataset.role ?? role;
    return;
  }
  void update(select.dataset.userId ?? "", { role }, select);
});
table?.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.disable, button.enable") : null;
  if (!(button instanceof HTMLButtonElement)) return;
  const disabling = button.classList.contains("disable");
  if (disabling && !confirm(text("users.confirmDisable", { email: button.dataset.email ?? "" }))) return;
  void update(button.dataset.userId ?? "", { status: disabling ? "disabled" : "active" }, button);
});
