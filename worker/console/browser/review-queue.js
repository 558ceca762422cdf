/**
 * @module Which candidate the review screen shows next. A candidate awaits review when the system
 * matched it and nobody has judged it yet: the open API's results filter
 * `matchStatus=matched&resultStatus=pending` (its navigation takes the same filter and order).
 *
 * "Next" is the candidate after the current one in the list's order, read before the decision (once
 * judged, the current one leaves the filter and has no place in it any more); past the end, the first
 * one still awaiting. Candidates the analyst skipped or that answered 409 (not reviewable) are passed
 * over until the analyst starts a new round.
 */

export const AWAITING_REVIEW = "matchStatus=matched&resultStatus=pending";
const PAGE_SIZE = 100;
const enc = encodeURIComponent;

/** @param {{ json(path: string): Promise<any> }} api @param {string} checkId */
export function createReviewQueue(api, checkId) {
  const results = `/checks/${enc(checkId)}/results`;
  /** Registration ids skipped or refused in this round. */
  const passed = new Set();

  /** The first candidate awaiting review that this round has not passed, and how many await in all. */
  async function firstAwaiting() {
    for (let page = 1; ; page++) {
      const listed = await api.json(`${results}?${AWAITING_REVIEW}&pageSize=${PAGE_SIZE}&page=${page}`);
      const found = listed.items.find((item) => !passed.has(item.registration.id));
      if (found) return { registrationId: found.registration.id, awaiting: listed.total };
      if (page * PAGE_SIZE >= listed.total) return { registrationId: null, awaiting: listed.total };
    }
  }

  return {
    /** A result and its place among the candidates awaiting review (CheckResultNavigation). */
    async load(registrationId) {
      const path = `${results}/${enc(registrationId)}`;
      const [result, navigation] = await Promise.all([api.json(path), api.json(`${path}/navigation?${AWAITING_REVIEW}`)]);
      return { result, navigation };
    },
    /** Leaves a candidate for later in this round (skipped, or refused with 409). */
    pass(registrationId) {
      passed.add(registrationId);
    },
    get passedCount() {
      return passed.size;
    },
    /** Starts a new round: the skipped candidates are offered again. */
    restart() {
      passed.clear();
    },
    /**
     * The candidate to show after one whose navigation was `navigation` (null when starting).
     * @returns {Promise<{ registrationId: string | null, awaiting?: number }>}
     */
    async next(navigation) {
      const after = navigation?.nextRegistrationId;
      if (after && !passed.has(after)) return { registrationId: after };
      return firstAwaiting();
    },
  };
}
