/**
 * @module Nothing a person typed is cut: inputs carry data-max-length (the API's own limit), never
 * maxlength (a browser cuts a pasted value silently at maxlength). A form whose field is longer is not
 * sent: the field says why, in the reader's language, and how long it is; the API refuses such a value
 * too (400 VALIDATION_FAILED). Listening on the document in the capture phase runs before any page
 * module's own submit handler, so a refused form never reaches it.
 */
import { text } from "./console-api.js";

/** Characters as the API counts them (String length, as zod's max). */
const tooLong = (field) => field.value.length > Number(field.dataset.maxLength);

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const field = [...form.querySelectorAll("[data-max-length]")].find(
      (f) => (f instanceof HTMLInputElement || f instanceof HTMLTextAreaElement) && tooLong(f),
    );
    if (!field) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    field.setCustomValidity(text("input.tooLong", { max: field.dataset.maxLength, length: field.value.length }));
    field.reportValidity();
  },
  true,
);

document.addEventListener("input", (event) => {
  const field = event.target;
  if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.dataset.maxLength) field.setCustomValidity("");
});
