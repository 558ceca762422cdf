/**
 * @module The evidence viewer: a check result's evidence one entry at a time (evidence-pane.js),
 * previous / next across the check's matched results.
 *
 * Authentication: the reviewer types the API key into the page; it is kept in memory only (api.js,
 * key mode) and sent as X-Api-Key on each fetch to the open API, like any client. Ids come from the
 * URL's fragment (#check=…&result=…), which browsers never send to a server.
 */
import { ApiFailure, keyClient } from "./api.js";
import { createEvidencePane } from "./evidence-pane.js";
import { $ } from "./view.js";

const API_BASE = document.documentElement.dataset.api ?? "/api/open/v1";
const NAVIGATION_FILTER = "matchStatus=matched";

const state = {
  /** The open API with the typed key, and the evidence pane reading through it; null while locked. */
  api: null,
  pane: null,
  checkId: "",
  navigation: null,
};

const enc = encodeURIComponent;

function setState(name, message = "") {
  document.body.dataset.state = name;
  $("status").textContent = message;
}

function describeFailure(error) {
  if (!(error instanceof ApiFailure)) return `The page could not be shown (${error?.message ?? error}).`;
  if (error.status === 404) return "Not found: this key's account has no such check, result or document.";
  if (error.status === 429) return "Too many requests for this account just now: wait a minute, then go on.";
  return `${error.code}: ${error.message}`;
}

function fail(error) {
  if (error instanceof ApiFailure && (error.status === 401 || error.code === "ACCOUNT_DISABLED"))
    return lock("The key was refused. Type a valid key.");
  setState("error", describeFailure(error));
}

/** Forgets the key and everything read with it. */
function lock(message) {
  state.pane?.clear();
  state.pane = null;
  state.api = null;
  $("viewer").hidden = true;
  $("key-form").hidden = false;
  setState("locked", message);
}

function remember() {
  const { pane } = state;
  const ev = pane.evidence[pane.index];
  const params = new URLSearchParams({ check: state.checkId, result: pane.result.registration.id, ...(ev ? { evidence: ev.id } : {}) });
  history.replaceState(null, "", `#${params}`);
}

function updateControls() {
  const { pane, navigation: nav } = state;
  const atFirst = pane.index <= 0;
  const atLast = pane.index >= pane.evidence.length - 1;
  $("previous").disabled = atFirst && !nav?.previousRegistrationId;
  $("next").disabled = atLast && !nav?.nextRegistrationId;
  const { registration, matchStatus, resultStatus } = pane.result;
  $("result-title").textContent = `${registration.certificateNumber} · ${matchStatus} · review ${resultStatus}`;
  const count = pane.evidence.length;
  const result = nav?.position ? ` · result ${nav.position} of ${nav.total} matched` : "";
  $("position").textContent = count ? `Evidence ${pane.index + 1} of ${count}${result}` : `No evidence${result}`;
}

async function openResult(resultId, at = "first") {
  setState("loading", "Loading the result…");
  const base = `/checks/${enc(state.checkId)}/results/${enc(resultId)}`;
  const [result, navigation] = await Promise.all([state.api.json(base), state.api.json(`${base}/navigation?${NAVIGATION_FILTER}`)]);
  state.navigation = navigation;
  await state.pane.open(state.checkId, result, at);
}

function step(direction) {
  if (state.pane.step(direction)) return Promise.resolve();
  const target = direction > 0 ? state.navigation?.nextRegistrationId : state.navigation?.previousRegistrationId;
  if (target) return openResult(target, direction > 0 ? "first" : "last");
  return Promise.resolve();
}

function start(event) {
  event.preventDefault();
  const input = $("api-key");
  const key = input.value.trim();
  // The field is emptied at once: the key lives in the api client's closure only.
  input.value = "";
  state.checkId = $("check-id").value.trim();
  const resultId = $("result-id").value.trim();
  if (!key || !state.checkId || !resultId) return setState("locked", "A key, a check id and a result (registration) id are needed.");
  state.api = keyClient(API_BASE, key);
  state.pane = createEvidencePane(state.api, {
    setState,
    onFail: fail,
    onMove: () => {
      updateControls();
      remember();
    },
  });
  $("key-form").hidden = true;
  $("viewer").hidden = false;
  const wanted = new URLSearchParams(location.hash.slice(1)).get("evidence") ?? "first";
  openResult(resultId, wanted).catch(fail);
}

function init() {
  const target = new URLSearchParams(location.hash.slice(1));
  $("check-id").value = target.get("check") ?? "";
  $("result-id").value = target.get("result") ?? "";
  $("key-form").addEventListener("submit", start);
  $("previous").addEventListener("click", () => step(-1).catch(fail));
  $("next").addEventListener("click", () => step(1).catch(fail));
  $("forget").addEventListener("click", () => lock("The key is forgotten."));
  document.addEventListener("keydown", (event) => {
    if (!state.pane || event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight" || event.key === "j") step(1).catch(fail);
    if (event.key === "ArrowLeft" || event.key === "k") step(-1).catch(fail);
  });
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => state.pane?.redraw(), 200);
  });
  setState("locked", "");
  $("api-key").focus();
}

init();
