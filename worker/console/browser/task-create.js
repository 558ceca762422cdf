/**
 * @module Starting a query or a check from the console (pages: queries.ts, check-new.ts): the lists a
 * person pastes (one subject, invoice number or keyword a line; commas and semicolons separate too)
 * are counted as they are typed, a list over its limit is refused with a message rather than cut,
 * and the form is sent once (POST /queries or /checks with the Idempotency-Key the page was drawn
 * with, kept in the page's history entry: a retry after a lost answer, a double click, or Back and
 * send again is the same request, replayed by the API, not a second task charged again). The page of
 * what was started opens next. An entry the API refuses is named by its list and place, in the
 * page's language (the API's reasons are English and name the field by its path).
 */
import { ApiProblem, api, busy, showProblem, text } from "./console-api.js";

/** The open API's limit for subjects and for criteria alike. */
const LIST_MAX = 100;

/** One entry a line, or separated by commas or semicolons (ASCII or full-width); blanks dropped. */
export function listOf(value) {
  return String(value ?? "")
    .split(/[\r\n,;，；、]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * What this history entry remembers of a form: its key, and the body last sent under it (null: not
 * sent yet). history.state lives with the entry, so Back to the form finds it even when the page is
 * drawn again; a page drawn afresh starts with the key it was drawn with.
 * @param {HTMLFormElement} form
 * @returns {{ key: string, sent: string | null }}
 */
function remembered(form) {
  const saved = history.state?.forms?.[form.id];
  if (saved && typeof saved.key === "string") return saved;
  return { key: form.dataset.idempotencyKey || crypto.randomUUID(), sent: null };
}

/** @param {HTMLFormElement} form @param {{ key: string, sent: string | null }} entry */
function remember(form, entry) {
  const state = history.state && typeof history.state === "object" ? history.state : {};
  history.replaceState({ ...state, forms: { ...(state.forms ?? {}), [form.id]: entry } }, "");
}

/**
 * The key to send `body` with: the form's own until it has sent something; the same one for the same
 * body sent again (the same intent); a new one for another body (another request: the API would
 * answer 409 to a key reused for it).
 * @param {HTMLFormElement} form
 * @param {unknown} body
 */
function idempotencyKeyFor(form, body) {
  const fingerprint = JSON.stringify(body);
  const entry = remembered(form);
  const next =
    entry.sent === null || entry.sent === fingerprint ? { key: entry.key, sent: fingerprint } : { key: crypto.randomUUID(), sent: fingerprint };
  remember(form, next);
  form.dataset.idempotencyKey = next.key;
  return next.key;
}

/**
 * @param {HTMLFormElement} form
 * @param {() => { path: string, body: unknown, count: number }} build
 * @param {(created: any) => string} next where to go once accepted
 * @param {(path: string) => { list: string, field: HTMLElement, n?: number, value?: string } | null} entryOf
 *   the list, field and place of a refused field's path (e.g. "criteria[3].value"), null when not one of the form's
 */
function wire(form, build, next, entryOf) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".error"));
  const counter = form.querySelector("[data-counter]");
  const update = () => {
    const { count } = build();
    if (counter) counter.textContent = text("task.count", { count, max: LIST_MAX });
    return count;
  };
  remember(form, remembered(form));
  form.addEventListener("input", () => {
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    update();
  });
  update();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const { path, body, count } = build();
    if (count === 0) return showMessage(error, text("task.empty"));
    if (count > LIST_MAX) return showMessage(error, text("task.tooMany", { count, max: LIST_MAX }));
    try {
      const created = await busy(
        form.querySelector('button[type="submit"]'),
        api("POST", path, body, { "Idempotency-Key": idempotencyKeyFor(form, body) }),
      );
      location.assign(next(created));
    } catch (problem) {
      if (!showEntries(error, problem, entryOf)) showProblem(error, problem);
    }
  });
}

/** Entries listed one by one; past this many, how many more. */
const SHOWN_ENTRIES = 10;

/**
 * The refused entries of a 400, each against its list and place in the page's words, the fields
 * marked aria-invalid. False when the problem names none (then the page's word for its code is shown).
 * @param {HTMLElement} element
 * @param {unknown} problem
 * @param {(path: string) => { list: string, field: HTMLElement, n?: number, value?: string } | null} entryOf
 */
function showEntries(element, problem, entryOf) {
  if (!(problem instanceof ApiProblem) || problem.status !== 400) return false;
  const entries = problem.fields.map((f) => ({ f, at: entryOf(f.path) })).filter((e) => e.at !== null);
  if (entries.length === 0) return false;
  const lines = entries.map(({ f, at }) => {
    at.field.setAttribute("aria-invalid", "true");
    const reason = reasonOf(at.list, problem.code, f.code, at.value ?? "");
    const list = text(`line.${at.list}`);
    return at.n === undefined
      ? text("line.field", { list, reason })
      : text("line.entry", { list, n: at.n, value: shortened(at.value ?? ""), reason });
  });
  element.replaceChildren(
    ...lines.slice(0, SHOWN_ENTRIES).map((line) => {
      const p = document.createElement("span");
      p.className = "entry-error";
      p.textContent = line;
      return p;
    }),
  );
  if (lines.length > SHOWN_ENTRIES)
    element.append(
      Object.assign(document.createElement("span"), {
        className: "entry-error",
        textContent: text("line.more", { count: lines.length - SHOWN_ENTRIES }),
      }),
    );
  element.hidden = false;
  return true;
}

/** The reason in the page's words, by the list and the API's codes (its English message is not shown). */
function reasonOf(list, problemCode, fieldCode, value) {
  if (list === "source") return text("reason.source");
  if (fieldCode === "REQUIRED" && value.trim() === "") return text("reason.REQUIRED");
  if (list === "invoices") return text("reason.invoices.any");
  if (list === "subjects" && problemCode === "INVALID_SUBJECT") return text("reason.subjects.INVALID_SUBJECT");
  if (fieldCode === "OUT_OF_RANGE" && (list === "subjects" || list === "keywords"))
    return text(`reason.${list}.OUT_OF_RANGE`, { length: value.length });
  return text("reason.other");
}

/** An entry quoted in a message: its start, when it is long (a 5,000-character keyword is not repeated whole). */
function shortened(value) {
  const chars = [...value];
  return chars.length > 24 ? `${chars.slice(0, 24).join("")}…` : value;
}

/** "criteria[3].value" → 3; null for a path that names no entry of a list. */
function indexIn(path, list) {
  const found = new RegExp(`^${list}\\[(\\d+)\\]`).exec(path);
  return found ? Number(found[1]) : null;
}

function showMessage(element, message) {
  element.textContent = message;
  element.hidden = false;
}

const queryForm = /** @type {HTMLFormElement | null} */ (document.getElementById("query-create-form"));
if (queryForm) {
  const subjects = () => listOf(/** @type {HTMLTextAreaElement} */ (queryForm.elements.namedItem("subjects")).value);
  const field = /** @type {HTMLTextAreaElement} */ (queryForm.elements.namedItem("subjects"));
  wire(
    queryForm,
    () => ({ path: "/queries", body: { subjectNames: subjects() }, count: subjects().length }),
    (created) => (created.queries.length === 1 ? `/console/queries/${encodeURIComponent(created.queries[0].id)}` : "/console/queries"),
    (path) => {
      const i = indexIn(path, "subjectNames");
      if (i !== null) return { list: "subjects", field, n: i + 1, value: subjects()[i] ?? "" };
      return path === "subjectNames" ? { list: "subjects", field } : null;
    },
  );
}

const checkForm = /** @type {HTMLFormElement | null} */ (document.getElementById("check-create-form"));
if (checkForm) {
  const field = (name) => /** @type {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} */ (checkForm.elements.namedItem(name));
  const source = /** @type {HTMLSelectElement} */ (field("source"));
  const applicant = document.getElementById("check-applicant-name");
  const showApplicant = () => {
    if (applicant) applicant.textContent = source.selectedOptions[0]?.dataset.subject ?? "";
  };
  source.addEventListener("change", showApplicant);
  showApplicant();
  const criteria = () => [
    ...listOf(field("invoices").value).map((value) => ({ kind: "invoice_no", value: value.replace(/\s+/g, "") })),
    ...listOf(field("keywords").value).map((value) => ({ kind: "keyword", value })),
  ];
  wire(
    checkForm,
    () => ({
      path: "/checks",
      body: { applicant: source.selectedOptions[0]?.dataset.subject ?? "", sourceRegistryQueryId: source.value, criteria: criteria() },
      count: criteria().length,
    }),
    (created) => `/console/checks/${encodeURIComponent(created.id)}`,
    (path) => {
      if (path === "applicant" || path === "sourceRegistryQueryId") return { list: "source", field: source };
      const i = indexIn(path, "criteria");
      if (i === null) return null;
      // The criteria are the invoice numbers, then the keywords, each in the order typed.
      const invoices = listOf(field("invoices").value);
      const keywords = listOf(field("keywords").value);
      if (i < invoices.length) return { list: "invoices", field: field("invoices"), n: i + 1, value: invoices[i] };
      return { list: "keywords", field: field("keywords"), n: i - invoices.length + 1, value: keywords[i - invoices.length] ?? "" };
    },
  );
}
