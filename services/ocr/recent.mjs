/**
 * @module The last few answers, by the request's content (SHA-256 of the body, and the page). The engine
 * cannot be interrupted: when a caller gives up on a reading (its own timeout, a dropped connection)
 * the reading still runs to the end, and the caller's retry would pay for it a second time. Measured in
 * bench/ocr.mjs under load: 18 calls for the 6 distinct scans of a 规模1000 subject before this.
 */
import { createHash } from "node:crypto";

/**
 * Answers kept (a page's answer is a few KB): enough for the pages of the checks under way, whose
 * callers may have timed out in the queue and come back after their backoff (a 167-page debtor).
 */
export const RECENT_ANSWERS = 512;

export function requestKey(body, page) {
  return `${createHash("sha256").update(body).digest("hex")}:${page ?? ""}`;
}

/** A least-recently-used map of at most `max` answers. */
export function createRecent(max = RECENT_ANSWERS) {
  const answers = new Map();
  return {
    get(key) {
      const answer = answers.get(key);
      if (answer === undefined) return undefined;
      answers.delete(key);
      answers.set(key, answer);
      return answer;
    },
    set(key, answer) {
      answers.delete(key);
      answers.set(key, answer);
      if (answers.size > max) answers.delete(answers.keys().next().value);
    },
  };
}
