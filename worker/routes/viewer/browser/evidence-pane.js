/**
 * @module One check result's evidence, one entry at a time: the list of entries, the page drawn with
 * the hit boxed (evidence-locations), the snippet and facts beside it. Shared by the evidence viewer
 * (key mode) and the console's review screen (session mode): the pane only asks its api client for
 * JSON and files, and knows nothing of how that client authenticates.
 *
 * It fills the page's #evidence-list, #page, #page-frame and #details, and reports each move through
 * `setState(name, message)` (name: loading, ready).
 */
import { EVIDENCE_WORDS } from "./evidence-words.js";
import { openDocument } from "./render.js";
import { $, renderBoxes, renderDetails, renderEvidenceList } from "./view.js";

const MAX_OPEN_DOCUMENTS = 4;
const MAX_PAGE_WIDTH = 1100;
const enc = encodeURIComponent;

const closeQuietly = (doc) =>
  doc.then(
    (d) => d.close(),
    () => undefined,
  );

const centre = (box) => box.scrollIntoView({ block: "center", inline: "nearest" });

/**
 * @param {{ json(path: string): Promise<any>, file(path: string): Promise<{bytes: ArrayBuffer, type: string}> }} api
 * @param {{ setState(name: string, message?: string): void, onMove?(): void, onFail(error: unknown): void, words?: Record<string, string>, reveal?(box: HTMLElement): void }} hooks
 *   `reveal` brings the current hit's box into view (by default: centred, scrolling whatever holds it)
 */
export function createEvidencePane(api, { setState, onMove = () => undefined, onFail, words = EVIDENCE_WORDS, reveal = centre }) {
  const state = {
    checkId: "",
    result: null,
    evidence: [],
    index: 0,
    /** documentId → Promise of an opened document; Map order is use order (oldest first). */
    documents: new Map(),
    /** `${documentId}/${page}` → Promise of evidence-locations */
    locations: new Map(),
    /** Bumped by every move: a page drawn for an older move is dropped. */
    generation: 0,
  };

  function documentFor(documentId) {
    let doc = state.documents.get(documentId);
    if (doc) state.documents.delete(documentId);
    else doc = api.file(`/documents/${enc(documentId)}/content`).then(openDocument);
    state.documents.set(documentId, doc);
    doc.catch(() => state.documents.get(documentId) === doc && state.documents.delete(documentId));
    while (state.documents.size > MAX_OPEN_DOCUMENTS) {
      const [oldest, evicted] = state.documents.entries().next().value;
      state.documents.delete(oldest);
      closeQuietly(evicted);
    }
    return doc;
  }

  function locationsFor(documentId, pageNumber) {
    const key = `${documentId}/${pageNumber}`;
    let found = state.locations.get(key);
    if (!found) {
      const result = enc(state.result.registration.id);
      const path = `/checks/${enc(state.checkId)}/results/${result}/evidence-locations?documentId=${enc(documentId)}&pageNumber=${pageNumber}`;
      found = api.json(path);
      found.catch(() => state.locations.delete(key));
      state.locations.set(key, found);
    }
    return found;
  }

  async function show(index) {
    const generation = ++state.generation;
    state.index = index;
    const ev = state.evidence[index];
    onMove();
    renderEvidenceList($("evidence-list"), state.evidence, index, (i) => show(i).catch(onFail), words);
    const frame = $("page-frame");
    delete frame.dataset.evidenceId;
    if (!ev) {
      $("details").replaceChildren();
      frame.replaceChildren();
      return setState("ready", words.noEvidence);
    }
    renderDetails($("details"), ev, null, words);
    if (!ev.documentId || !ev.pageNumber) {
      frame.replaceChildren();
      return setState("ready", words.noPageNamed);
    }
    setState("loading", words.loadingPage);
    const [doc, locations] = await Promise.all([documentFor(ev.documentId), locationsFor(ev.documentId, ev.pageNumber)]);
    const width = Math.min(MAX_PAGE_WIDTH, $("page").clientWidth - 2);
    const canvas = await doc.draw(ev.pageNumber, width);
    if (generation !== state.generation) return;
    renderDetails($("details"), ev, locations.pageCount || doc.pageCount, words);
    const layer = document.createElement("div");
    layer.id = "boxes";
    frame.replaceChildren(canvas, layer);
    canvas.id = "page-canvas";
    const precision = renderBoxes(layer, frame, locations.locations, ev.id, (id) => {
      const at = state.evidence.findIndex((e) => e.id === id);
      if (at >= 0) show(at).catch(onFail);
    });
    frame.dataset.evidenceId = ev.id;
    frame.dataset.precision = precision;
    const placed = frame.querySelector(".hit-box.current");
    if (placed) reveal(placed);
    setState("ready", placed ? "" : words.pageOnly);
  }

  return {
    get index() {
      return state.index;
    },
    get evidence() {
      return state.evidence;
    },
    get result() {
      return state.result;
    },
    /**
     * Shows a result (PublicCheckResult) from its entry `at`: "first", "last" or an evidence id.
     * @param {string} checkId
     * @param {any} result
     */
    open(checkId, result, at = "first") {
      state.checkId = checkId;
      state.result = result;
      state.evidence = result.check?.evidence ?? [];
      state.locations.clear();
      const wanted = at !== "first" && at !== "last" ? state.evidence.findIndex((e) => e.id === at) : -1;
      const index = wanted >= 0 ? wanted : at === "last" ? Math.max(0, state.evidence.length - 1) : 0;
      return show(index);
    },
    show,
    /** Moves one entry within the result; false (and no move) past either end. */
    step(direction) {
      const next = state.index + direction;
      if (next < 0 || next >= state.evidence.length) return false;
      show(next).catch(onFail);
      return true;
    },
    /** Draws the current entry again (the page's width changed). */
    redraw() {
      if (state.result && state.evidence.length) show(state.index).catch(onFail);
    },
    /** Closes every open document and forgets what was read. */
    clear() {
      for (const doc of state.documents.values()) closeQuietly(doc);
      state.documents.clear();
      state.locations.clear();
      state.result = null;
      state.evidence = [];
    },
  };
}
