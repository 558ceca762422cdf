/**
 * @module The evidence viewer: a check result's evidence one entry at a time, its page drawn with
 * the hit boxed, the snippet beside it, previous / next across the check's matched results.
 *
 * Authentication: the reviewer types the API key into the page; it is kept in memory only (api.js)
 * and sent as X-Api-Key on each fetch to the open API, like any client. Ids come from the URL's
 * fragment (#check=…&result=…), which browsers never send to a server.
 */
import { ApiFailure, createApiClient } from "./api.js";
import { openDocument } from "./render.js";
import { $, renderBoxes, renderDetails, renderEvidenceList } from "./view.js";

const API_BASE = document.documentElement.dataset.api ?? "/api/open/v1";
const MAX_OPEN_DOCUMENTS = 4;
const MAX_PAGE_WIDTH = 1100;
const NAVIGATION_FILTER = "matchStatus=matched";

const state = {
  api: null,
  checkId: "",
  resultId: "",
  result: null,
  evidence: [],
  index: 0,
  navigation: null,
  /** documentId → Promise of an opened document; Map order is use order (oldest first). */
  documents: new Map(),
  /** `${documentId}/${page}` → Promise of evidence-locations */
  locations: new Map(),
  /** Bumped by every move: a page drawn for an older move is dropped. */
  generation: 0,
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
  state.api = null;
  for (const doc of state.documents.values())
    doc.then(
      (d) => d.close(),
      () => undefined,
    );
  state.documents.clear();
  state.locations.clear();
  $("viewer").hidden = true;
  $("key-form").hidden = false;
  setState("locked", message);
}

function documentFor(documentId) {
  let doc = state.documents.get(documentId);
  if (doc) state.documents.delete(documentId);
  else doc = state.api.file(`/documents/${enc(documentId)}/content`).then(openDocument);
  state.documents.set(documentId, doc);
  doc.catch(() => state.documents.get(documentId) === doc && state.documents.delete(documentId));
  while (state.documents.size > MAX_OPEN_DOCUMENTS) {
    const [oldest, evicted] = state.documents.entries().next().value;
    state.documents.delete(oldest);
    evicted.then(
      (d) => d.close(),
      () => undefined,
    );
  }
  return doc;
}

function locationsFor(documentId, pageNumber) {
  const key = `${documentId}/${pageNumber}`;
  let found = state.locations.get(key);
  if (!found) {
    const path = `/checks/${enc(state.checkId)}/results/${enc(state.resultId)}/evidence-locations?documentId=${enc(documentId)}&pageNumber=${pageNumber}`;
    found = state.api.json(path);
    found.catch(() => state.locations.delete(key));
    state.locations.set(key, found);
  }
  return found;
}

function remember() {
  const ev = state.evidence[state.index];
  const params = new URLSearchParams({ check: state.checkId, result: state.resultId, ...(ev ? { evidence: ev.id } : {}) });
  history.replaceState(null, "", `#${params}`);
}

function updateControls() {
  const nav = state.navigation;
  const atFirst = state.index <= 0;
  const atLast = state.index >= state.evidence.length - 1;
  $("previous").disabled = atFirst && !nav?.previousRegistrationId;
  $("next").disabled = atLast && !nav?.nextRegistrationId;
  const registration = state.result.registration;
  $("result-title").textContent = `${registration.certificateNumber} · ${state.result.matchStatus} · review ${state.result.resultStatus}`;
  const count = state.evidence.length;
  const result = nav?.position ? ` · result ${nav.position} of ${nav.total} matched` : "";
  $("position").textContent = count ? `Evidence ${state.index + 1} of ${count}${result}` : `No evidence${result}`;
}

async function show(index) {
  const generation = ++state.generation;
  state.index = index;
  const ev = state.evidence[index];
  updateControls();
  remember();
  renderEvidenceList($("evidence-list"), state.evidence, index, (i) => show(i).catch(fail));
  const frame = $("page-frame");
  if (!ev) {
    $("details").replaceChildren();
    frame.replaceChildren();
    return setState("ready", "This result has no evidence to show.");
  }
  renderDetails($("details"), ev, null);
  if (!ev.documentId || !ev.pageNumber) {
    frame.replaceChildren();
    return setState("ready", "This evidence names no page: read its snippet.");
  }
  setState("loading", "Loading the page…");
  const [doc, locations] = await Promise.all([documentFor(ev.documentId), locationsFor(ev.documentId, ev.pageNumber)]);
  const width = Math.min(MAX_PAGE_WIDTH, $("page").clientWidth - 2);
  const canvas = await doc.draw(ev.pageNumber, width);
  if (generation !== state.generation) return;
  renderDetails($("details"), ev, locations.pageCount || doc.pageCount);
  const layer = document.createElement("div");
  layer.id = "boxes";
  frame.replaceChildren(canvas, layer);
  canvas.id = "page-canvas";
  const precision = renderBoxes(layer, frame, locations.locations, ev.id, (id) => {
    const at = state.evidence.findIndex((e) => e.id === id);
    if (at >= 0) show(at).catch(fail);
  });
  frame.dataset.evidenceId = ev.id;
  frame.dataset.precision = precision;
  const placed = frame.querySelector(".hit-box.current");
  if (placed) placed.scrollIntoView({ block: "center", inline: "nearest" });
  setState("ready", placed ? "" : "The exact place on the page is not known: the whole page is marked; the snippet shows the hit.");
}

async function openResult(resultId, at = "first") {
  setState("loading", "Loading the result…");
  const base = `/checks/${enc(state.checkId)}/results/${enc(resultId)}`;
  const [result, navigation] = await Promise.all([state.api.json(base), state.api.json(`${base}/navigation?${NAVIGATION_FILTER}`)]);
  state.resultId = resultId;
  state.result = result;
  state.navigation = navigation;
  state.evidence = result.check?.evidence ?? [];
  state.locations.clear();
  const wanted = typeof at === "string" && at.startsWith("ev") ? state.evidence.findIndex((e) => e.id === at) : -1;
  const index = wanted >= 0 ? wanted : at === "last" ? Math.max(0, state.evidence.length - 1) : 0;
  await show(index);
}

function step(direction) {
  const next = state.index + direction;
  if (next >= 0 && next < state.evidence.length) return show(next);
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
  state.api = createApiClient(API_BASE, key);
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
    if (!state.api || event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight" || event.key === "j") step(1).catch(fail);
    if (event.key === "ArrowLeft" || event.key === "k") step(-1).catch(fail);
  });
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => state.api && state.evidence.length && show(state.index).catch(fail), 200);
  });
  setState("locked", "");
  $("api-key").focus();
}

init();
