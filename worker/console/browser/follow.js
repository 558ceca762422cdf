/**
 * @module A query or check page while its task runs (pages: query.ts, check.ts): the page names the
 * JSON it shows (data-follow) and what it showed (data-shown: the fields that change as the task
 * progresses); every few seconds the JSON is read again and, once it differs, the page is rendered
 * afresh. It stops when the task is done (data-shown of a done task is never followed).
 */
import { api } from "./console-api.js";

const FOLLOW_EVERY_MS = 2000;

const followed = document.querySelector("[data-follow]");
if (followed instanceof HTMLElement) {
  const path = followed.dataset.follow ?? "";
  const fields = (followed.dataset.fields ?? "status").split(",");
  const shown = followed.dataset.shown ?? "";
  const tick = async () => {
    try {
      const now = await api("GET", path);
      if (fields.map((f) => String(now[f] ?? "")).join("|") !== shown) return location.reload();
    } catch {
      // A failed read (the network, a rate window) is tried again at the next tick.
    }
    setTimeout(tick, FOLLOW_EVERY_MS);
  };
  setTimeout(tick, FOLLOW_EVERY_MS);
}
