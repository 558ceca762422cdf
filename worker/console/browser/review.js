/**
 * @module The console's review screen: the candidates of a check awaiting review, one by one, each
 * with its evidence on the page (evidence-pane.js, the evidence viewer's own code) and the review form
 * beside it; a decision lands the analyst on the next candidate, until none awaits and the check's
 * new status is shown.
 *
 * Authentication is the console session's (the viewer's api.js in session mode): the cookie the
 * browser holds, and the CSRF token the page hands over in <meta name="csrf-token"> sent as
 * X-CSRF-Token on the PUT. The page's words come rendered in the reader's language in the console's
 * hidden #console-text list (console-api.js `text`).
 */
import { ApiFailure, sessionClient } from "/viewer/assets/api.js";
import { createEvidencePane } from "/viewer/assets/evidence-pane.js";
import { EVIDENCE_WORDS } from "/viewer/assets/evidence-words.js";
import { $ } from "/viewer/assets/view.js";
import { text } from "./console-api.js";
import { shortcutFor } from "./review-keys.js";
import { createReviewQueue } from "./review-queue.js";
import { visibleText } from "./visible-text.js";

const API_BASE = document.documentElement.dataset.api ?? "/api/console/v1";
const screen = $("review");
const { checkId, signIn } = screen.dataset;
/** A phrase of the review script in the reader's language (#console-text), its `{name}` places filled. */
const say = (name, values) => text(`review.${name}`, values);
/** The evidence pane's words, unfilled: the pane fills them. */
const evidenceWords = Object.fromEntries(Object.keys(EVIDENCE_WORDS).map((key) => [key, text(`evidence.${key}`)]));
const csrfToken = document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
const api = sessionClient(API_BASE, csrfToken);
const queue = createReviewQueue(api, checkId);
/** Absent for a viewer: the page is rendered without it. */
const form = $("review-form");

/** `decided`: conclusions written in this round, so the position counts the whole round, not what is left of it. */
const state = { registrationId: "", navigation: null, busy: false, decided: 0 };
/** The longest note the API takes (ReviewBody): a longer one is refused with a message, never cut. */
const NOTE_MAX = 2000;
const lang = document.documentElement.lang || "zh-CN";
/**
 * The hit is brought into view inside the page's own scroll box only: the window stays where it is, so
 * the form beside the page (or below it on a phone) never scrolls away.
 */
function revealInPage(box) {
  const page = $("page");
  const boxRect = box.getBoundingClientRect();
  const pageRect = page.getBoundingClientRect();
  page.scrollTop += boxRect.top - pageRect.top - (page.clientHeight - boxRect.height) / 2;
}

const pane = createEvidencePane(api, { setState, onFail: fail, onMove: updateEvidenceControls, words: evidenceWords, reveal: revealInPage });

function setState(name, message = "") {
  screen.dataset.state = name;
  $("status").textContent = message;
}

function describe(error) {
  if (!(error instanceof ApiFailure)) return say("failed");
  if (error.status === 404) return say("notFound");
  if (error.status === 429) return say("tooMany");
  if (error.status === 403) return say("forbidden");
  return say("failed");
}

function fail(error) {
  // The session ended (idle, revoked): sign in again and come back here.
  if (error instanceof ApiFailure && error.status === 401) return location.assign(signIn);
  setState("error", describe(error));
}

const statusWord = (status) => text(`status.${status}`);

function updateEvidenceControls() {
  const count = pane.evidence.length;
  $("previous-evidence").disabled = pane.index <= 0;
  $("next-evidence").disabled = pane.index >= count - 1;
  $("evidence-position").textContent = count ? say("evidencePosition", { index: pane.index + 1, count }) : "";
}

function updateCandidate(result, navigation) {
  const { certificateNumber } = result.registration;
  $("candidate-title").textContent = say("candidateTitle", { certificate: certificateNumber, status: statusWord(result.resultStatus) });
  $("candidate-position").textContent =
    navigation.position === null
      ? statusWord(result.resultStatus)
      : say("candidatePosition", { position: state.decided + navigation.position, total: state.decided + navigation.total });
  const review = result.check?.manualReview;
  $("previous-review").textContent = review ? say("previousReview", { decision: statusWord(review.decision), note: visibleText(review.note) }) : "";
  if (review) showReviewer(result.registration.id, review).catch(() => undefined);
}

const when = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" }).format(new Date(iso));

/** Who wrote the conclusion shown, and when (the check's review history: every earlier one stays there). */
async function showReviewer(registrationId, review) {
  const { items } = await api.json(`/checks/${encodeURIComponent(checkId)}/reviews`);
  const last = items.filter((item) => item.registrationId === registrationId).at(-1);
  if (!last || state.registrationId !== registrationId) return;
  $("previous-review").textContent = say("previousReviewBy", {
    decision: statusWord(review.decision),
    note: visibleText(review.note),
    reviewer: visibleText(last.reviewer.label),
    at: when(last.reviewedAt),
  });
}

/** The note's length beside it; over the limit, said and the form held back. */
function noteLength() {
  const note = $("review-note");
  if (!note) return true;
  const count = note.value.length;
  $("note-count").textContent = say("noteCount", { count, max: NOTE_MAX });
  const over = count > NOTE_MAX;
  $("note-count").dataset.over = String(over);
  if (over) tell("refused", say("noteTooLong", { count, max: NOTE_MAX }));
  return !over;
}

async function updateCheck() {
  const check = await api.json(`/checks/${encodeURIComponent(checkId)}`);
  $("check-status").textContent = say("checkSummary", { status: statusWord(check.status), pending: check.pendingReviewCount });
  screen.dataset.checkStatus = check.status;
  return check;
}

/** Shows a loaded candidate (queue.load) with its evidence. */
async function show(registrationId, { result, navigation }) {
  state.registrationId = registrationId;
  state.navigation = navigation;
  screen.dataset.registrationId = registrationId;
  history.replaceState(null, "", `?registration=${encodeURIComponent(registrationId)}`);
  $("review-done").hidden = true;
  $("candidate").hidden = false;
  updateCandidate(result, navigation);
  if (form) {
    form.reset();
    form.querySelector("fieldset").disabled = false;
    for (const control of form.querySelectorAll("input, button")) control.disabled = false;
    noteLength();
  }
  await pane.open(checkId, result);
}

async function finish() {
  const check = await updateCheck();
  pane.clear();
  $("candidate").hidden = true;
  $("review-done").hidden = false;
  $("done-status").textContent = say("done", { status: statusWord(check.status) });
  const passed = queue.passedCount;
  $("done-passed").textContent = passed === 0 ? "" : passed === 1 ? say("donePassedOne") : say("donePassed", { count: passed });
  $("review-again").hidden = passed === 0;
  screen.dataset.registrationId = "";
  history.replaceState(null, "", location.pathname);
  setState("done", "");
}

/**
 * The next candidate awaiting review after the current one, or the end of the round. A candidate
 * someone else decided meanwhile has left the filter (no position): the first one still awaiting instead.
 */
async function advance(from = state.navigation) {
  setState("loading", say("loadingCandidate"));
  for (let after = from; ;) {
    const { registrationId } = await queue.next(after);
    if (!registrationId) return finish();
    const loaded = await queue.load(registrationId);
    if (loaded.navigation.position !== null) return show(registrationId, loaded);
    after = null;
  }
}

/** What became of the last decision, beside the form (the status line belongs to the page's drawing). */
function tell(kind, message) {
  const line = $("review-message");
  line.dataset.kind = kind;
  line.textContent = message;
}

function skip() {
  if (!state.registrationId || state.busy) return;
  tell("skipped", say("skipped"));
  queue.pass(state.registrationId);
  advance().catch(fail);
}

function choose(decision) {
  const radio = form?.querySelector(`input[name="decision"][value="${decision}"]`);
  if (radio) radio.checked = true;
}

const resultPath = (registrationId) => `/checks/${encodeURIComponent(checkId)}/results/${encodeURIComponent(registrationId)}`;

/**
 * A candidate shown as awaiting review that someone else decided since (the API would take a second
 * conclusion over theirs without a word): said beside the form, passed over. A result opened by its
 * URL after it was decided is not awaiting: reviewing it again is the analyst's choice.
 */
async function decidedMeanwhile(registrationId) {
  if (state.navigation?.position === null) return false;
  const now = await api.json(resultPath(registrationId));
  if (now.resultStatus === "pending") return false;
  queue.pass(registrationId);
  tell("refused", say("alreadyReviewed", { status: statusWord(now.resultStatus) }));
  return true;
}

/** The form after a refusal: the note stays editable (to copy or keep), the decision cannot be sent again. */
function holdNote() {
  form.querySelector("fieldset").disabled = false;
  for (const control of form.querySelectorAll('input[name="decision"], #review-submit')) control.disabled = true;
}

async function submit() {
  // After a refusal the decision is held back (holdNote): Ctrl+Enter does not send it again.
  if (!form || state.busy || !state.registrationId || $("review-submit").disabled) return;
  const decision = form.querySelector('input[name="decision"]:checked')?.value;
  if (!decision) return setState("error", say("chooseDecision"));
  if (!noteLength()) return setState("error", say("noteTooLong", { count: $("review-note").value.length, max: NOTE_MAX }));
  const registrationId = state.registrationId;
  state.busy = true;
  form.querySelector("fieldset").disabled = true;
  setState("saving", say("saving"));
  try {
    if (!(await decidedMeanwhile(registrationId))) {
      await api.put(`${resultPath(registrationId)}/review`, { decision, note: $("review-note").value });
      tell("saved", say("saved", { decision: statusWord(decision) }));
      if (state.navigation?.position !== null) state.decided += 1;
    }
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 409)) {
      form.querySelector("fieldset").disabled = false;
      state.busy = false;
      throw error;
    }
    // Not reviewable (its source is unavailable, or it is no longer a matched candidate): said in words,
    // and the screen stays on it with the typed note where it is; Skip moves on.
    queue.pass(registrationId);
    holdNote();
    tell("refused", say("notReviewable"));
    setState("ready", "");
    state.busy = false;
    return;
  }
  try {
    await Promise.all([updateCheck(), advance()]);
  } finally {
    state.busy = false;
  }
}

function toggleHelp() {
  const help = $("shortcuts");
  if (help.open) help.close();
  else help.showModal();
}

const ACTIONS = {
  nextEvidence: () => pane.step(1),
  previousEvidence: () => pane.step(-1),
  confirm: () => choose("confirmed"),
  falsePositive: () => choose("false_positive"),
  focusNote: () => $("review-note")?.focus(),
  submit: () => submit().catch(fail),
  skip,
  help: toggleHelp,
  escape: () => document.activeElement instanceof HTMLElement && document.activeElement.blur(),
};

function focusOf(target) {
  if (target instanceof HTMLElement && target.id === "review-note") return "note";
  if (target instanceof HTMLInputElement || target instanceof HTMLButtonElement || target instanceof HTMLTextAreaElement) return "control";
  return "page";
}

function onKey(event) {
  if ($("shortcuts").open && event.key !== "?") return;
  const action = shortcutFor(event, focusOf(event.target));
  // A viewer has no form: only moving and help are theirs.
  if (!action || (!form && !["nextEvidence", "previousEvidence", "skip", "help", "escape"].includes(action))) return;
  event.preventDefault();
  ACTIONS[action]();
}

function init() {
  $("previous-evidence").addEventListener("click", () => pane.step(-1));
  $("next-evidence").addEventListener("click", () => pane.step(1));
  $("skip").addEventListener("click", skip);
  $("shortcuts-button").addEventListener("click", toggleHelp);
  $("shortcuts-close").addEventListener("click", () => $("shortcuts").close());
  $("review-again").addEventListener("click", () => {
    queue.restart();
    state.decided = 0;
    advance(null).catch(fail);
  });
  $("review-note")?.addEventListener("input", noteLength);
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    submit().catch(fail);
  });
  document.addEventListener("keydown", onKey);
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => pane.redraw(), 200);
  });
  // A candidate asked for by the URL is shown whatever its state (an analyst may look again at a decided one).
  const wanted = new URLSearchParams(location.search).get("registration");
  const start = wanted ? queue.load(wanted).then((loaded) => show(wanted, loaded)) : advance(null);
  Promise.all([start, updateCheck()]).catch(fail);
}

init();
