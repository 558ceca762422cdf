/**
 * @module Starting a query or a check from the console (pages: queries.ts, check-new.ts): the lists a
 * person pastes (one subject, invoice number or keyword a line; commas and semicolons separate too)
 * are counted as they are typed, a list over its limit is refused with a message rather than cut,
 * and the form is sent once (POST /queries or /checks with an Idempotency-Key kept for the form, so a
 * retry after a lost answer is the same request). The page of what was started opens next.
 */
import { api, busy, showProblem, text } from "./console-api.js";

/** The open API's limit for subjects and for criteria alike. */
const LIST_MAX = 100;

/** One entry a line, or separated by commas or semicolons (ASCII or full-width); blanks dropped. */
export function listOf(value) {
  return String(value ?? "")
    .split(/[\r\n,;，；、]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** @param {HTMLFormElement} form */
function idempotencyKeyOf(form) {
  form.dataset.idempotencyKey ??= crypto.randomUUID();
  return form.dataset.idempotencyKey;
}

/**
 * @param {HTMLFormElement} form
 * @param {() => { path: string, body: unknown, count: number }} build
 * @param {(created: any) => string} next where to go once accepted
 */
function wire(form, build, next) {
  const error = /** @type {HTMLElement} */ (form.querySelector(".error"));
  const counter = form.querySelector("[data-counter]");
  const update = () => {
    const { count } = build();
    if (counter) counter.textContent = text("task.count", { count, max: LIST_MAX });
    return count;
  };
  form.addEventListener("input", () => {
    // Another list is another request: a new key.
    delete form.dataset.idempotencyKey;
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
      const created = await busy(form.querySelector('button[type="submit"]'), api("POST", path, body, { "Idempotency-Key": idempotencyKeyOf(form) }));
      location.assign(next(created));
    } catch (problem) {
      showProblem(error, problem);
    }
  });
}

function showMessage(element, message) {
  element.textContent = message;
  element.hidden = false;
}

const queryForm = /** @type {HTMLFormElement | null} */ (document.getElementById("query-create-form"));
if (queryForm) {
  const subjects = () => listOf(/** @type {HTMLTextAreaElement} */ (queryForm.elements.namedItem("subjects")).value);
  wire(
    queryForm,
    () => ({ path: "/queries", body: { subjectNames: subjects() }, count: subjects().length }),
    (created) => (created.queries.length === 1 ? `/console/queries/${encodeURIComponent(created.queries[0].id)}` : "/console/queries"),
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
  );
}
