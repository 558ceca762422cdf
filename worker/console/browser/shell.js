/**
 * @module What every signed-in page does: sign out (DELETE /session, then the sign-in page), and ask
 * before any button marked data-confirm does its work (the page's own module listens after this one);
 * refuse, with a message, a form whose field is longer than the API takes (input-length.js).
 */
import { api, showProblem } from "./console-api.js";
import "./input-length.js";

const signOut = document.getElementById("sign-out");
signOut?.addEventListener("click", async () => {
  if (signOut instanceof HTMLButtonElement) signOut.disabled = true;
  try {
    await api("DELETE", "/session");
  } catch {
    // The session is over either way (expired or revoked): the sign-in page is where to go.
  }
  location.assign("/console/sign-in");
});

/** Errors a page module did not catch still reach the reader. */
window.addEventListener("unhandledrejection", (event) => {
  const status = document.getElementById("console-status");
  if (status) showProblem(status, event.reason);
});
