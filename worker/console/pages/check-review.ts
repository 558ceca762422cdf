/**
 * @module The review screen (console-api.md, Pages: "a result with its evidence on the page (the
 * evidence viewer) and the review form beside it, moving to the next candidate awaiting review"):
 * /console/checks/{checkId}/review, optionally ?registration={registrationId} to start at one.
 *
 * The server renders the frame: the check read through the console's JSON as this user (another
 * account's check is the 404 page, as the API's 404), and the review form only for a role that may
 * write a review (a viewer gets the evidence without it; the PUT would answer 403 anyway). The
 * candidates, their evidence and the decisions are the script's (review.js), over the same JSON.
 *
 * A result asked for by the URL that cannot be reviewed (undecided, matched on a source no longer
 * available, or not matched) gets no form and no script: section#unreviewable says which document and
 * why (view/undecided.ts) and, for an undecided one, offers a.recheck-link, a new check on the same query.
 */
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import type { Check } from "../../schemas/check";
import type { CheckResult } from "../../schemas/check-result";
import { isSourceGone, isUndecided, recheckLink, unreviewableReason } from "../view/undecided";
import { reviewMessages, reviewScriptText } from "../view/review-messages";
import { fill, html, notFoundPage, renderPage, type Html } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { CONSOLE_BASE, hasRole, readConsoleApi, SIGN_IN_PATH, type PageContext } from "../view/page-session";
import { SHORTCUTS } from "../browser/review-keys.js";

type Words = ReturnType<typeof reviewMessages>;

function shortcutsHelp(words: Words): Html {
  const rows = SHORTCUTS.map(
    ({ keys, action }) =>
      html`<tr>
        <td>${keys.map((key, i) => html`${i > 0 ? " / " : ""}<kbd>${key}</kbd>`)}</td>
        <td>${words[`action.${action}` as keyof Words]}</td>
      </tr>`,
  );
  return html`<dialog id="shortcuts" aria-labelledby="shortcuts-title">
    <h2 id="shortcuts-title">${words.shortcutsTitle}</h2>
    <table>
      ${rows}
    </table>
    <p>${words.shortcutsNote}</p>
    <button type="button" id="shortcuts-close">${words.close}</button>
  </dialog>`;
}

/** The form has no action and its fields no name that a plain submission could carry: review.js sends it with the CSRF token. */
function reviewForm(words: Words): Html {
  return html`<form id="review-form" autocomplete="off">
    <fieldset>
      <legend>${words.decision}</legend>
      <div class="decisions">
        <label><input type="radio" name="decision" value="confirmed" id="decision-confirmed" /> ${words.confirmed} <kbd>c</kbd></label>
        <label><input type="radio" name="decision" value="false_positive" id="decision-false-positive" /> ${words.falsePositive} <kbd>f</kbd></label>
      </div>
      <label for="review-note">${words.note} <kbd>n</kbd></label>
      <!-- No maxlength: a browser would cut a pasted note silently; review.js counts it and refuses a longer one with a message. -->
      <textarea id="review-note" rows="3" aria-describedby="note-count"></textarea>
      <span id="note-count" class="hint"></span>
      <div class="actions">
        <button type="submit" id="review-submit">${words.submit} <kbd>Ctrl+Enter</kbd></button>
      </div>
    </fieldset>
  </form>`;
}

function reviewBody(c: PageContext, check: Check, mayReview: boolean): Html {
  const words = reviewMessages(c.var.lang);
  const checkPath = `${CONSOLE_BASE}/checks/${encodeURIComponent(check.id)}`;
  return html`<div
    id="review"
    data-check-id="${check.id}"
    data-sign-in="${SIGN_IN_PATH}?next=${encodeURIComponent(`${checkPath}/review`)}"
    data-state="starting"
  >
    <div id="review-bar">
      <h1 id="review-heading">${fill(words.heading, { applicant: check.applicant })}</h1>
      <span id="check-status"></span>
      <a href="${checkPath}">${words.backToCheck}</a>
      <button type="button" id="shortcuts-button" aria-haspopup="dialog" title="${words.shortcutsButton}" aria-label="${words.shortcutsButton}">
        ?
      </button>
      <p id="status" role="status" aria-live="polite"></p>
    </div>
    <noscript><p>${words.noScript}</p></noscript>
    <section id="review-done" hidden>
      <h2>${words.doneTitle}</h2>
      <p id="done-status"></p>
      <p id="done-passed"></p>
      <button type="button" id="review-again" hidden>${words.reviewAgain}</button>
    </section>
    <div id="candidate" hidden>
      <section id="review-main" aria-label="${words.pageLabel}">
        <div id="evidence-controls">
          <button type="button" id="previous-evidence">${words.previousEvidence} <kbd>k</kbd></button>
          <button type="button" id="next-evidence">${words.nextEvidence} <kbd>j</kbd></button>
          <span id="evidence-position"></span>
        </div>
        <div id="page"><div id="page-frame"></div></div>
      </section>
      <aside id="review-side">
        <h2 id="candidate-title"></h2>
        <p id="candidate-position"></p>
        <p id="previous-review"></p>
        ${mayReview ? reviewForm(words) : html`<p id="read-only">${words.readOnly}</p>`}
        <button type="button" id="skip" class="secondary">${words.skip} <kbd>s</kbd></button>
        <p id="review-message" role="status" aria-live="polite"></p>
        <section id="details"></section>
        <ol id="evidence-list" aria-label="${words.evidenceLabel}"></ol>
      </aside>
    </div>
    ${shortcutsHelp(words)}
  </div>`;
}

/** The result asked for by ?registration=, when there is one and it cannot be reviewed. */
async function unreviewableAsked(c: PageContext, check: Check): Promise<CheckResult | null> {
  const registrationId = c.req.query("registration");
  if (!registrationId) return null;
  const read = await readConsoleApi<CheckResult>(c, `/checks/${encodeURIComponent(check.id)}/results/${encodeURIComponent(registrationId)}`);
  if (!read.ok) return null;
  const result = read.data;
  const reviewable =
    (result.matchStatus === "matched" && !isSourceGone(result)) || result.resultStatus === "confirmed" || result.resultStatus === "excluded";
  return reviewable ? null : result;
}

function unreviewableBody(c: PageContext, check: Check, result: CheckResult): Html {
  const lang = c.var.lang;
  const words = reviewMessages(lang);
  const recheck = recheckLink(lang, check);
  const offerRecheck = isUndecided(result) && hasRole(c, KEY_AND_REVIEW_ROLES);
  return html`<section id="unreviewable" data-registration-id="${result.registration.id}" data-match-status="${result.matchStatus}">
    <h1>${fill(words.notReviewableTitle, { certificate: result.registration.certificateNumber })}</h1>
    <p id="unreviewable-reason">${unreviewableReason(lang, result) ?? words.unmatched}</p>
    ${offerRecheck ? html`<p><a class="recheck-link button" href="${recheck.href}">${recheck.text}</a> <span class="hint">${recheck.hint}</span></p>` : ""}
    <p><a href="${CONSOLE_BASE}/checks/${encodeURIComponent(check.id)}">${words.backToCheck}</a></p>
  </section>`;
}

export function registerCheckReviewPage(pages: PageGroup): void {
  pages.signedInPage("/checks/:checkId/review", async (c) => {
    const read = await readConsoleApi<Check>(c, `/checks/${encodeURIComponent(c.req.param("checkId") ?? "")}`);
    // Unknown, malformed or another account's: the same 404 page the API's 404 stands for.
    if (!read.ok) {
      if (read.status === 404 || read.status === 400) return notFoundPage(c);
      throw new Error(`GET /checks/{id} answered ${read.status} ${read.code}`);
    }
    const unreviewable = await unreviewableAsked(c, read.data);
    if (unreviewable)
      return renderPage(c, { title: reviewMessages(c.var.lang).title, active: "checks", body: unreviewableBody(c, read.data, unreviewable) });
    return renderPage(c, {
      title: reviewMessages(c.var.lang).title,
      active: "checks",
      body: reviewBody(c, read.data, hasRole(c, KEY_AND_REVIEW_ROLES)),
      scripts: ["review.js"],
      styles: ["review.css"],
      scriptText: reviewScriptText(c.var.lang),
    });
  });
}
