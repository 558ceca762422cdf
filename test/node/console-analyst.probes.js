/** Functions the analyst's browser test runs inside the review page. */

/** Whether the review screen names `who` as the author of the conclusion shown. */
export function previousReviewBy(who) {
  return document.getElementById("previous-review")?.textContent?.includes(who) ?? false;
}
