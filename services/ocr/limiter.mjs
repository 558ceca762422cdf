/**
 * @module At most `max` recognitions at once, the rest queued in arrival order, each with a deadline.
 * The engine cannot be interrupted, so a call that times out while running keeps its slot until it
 * really finishes (otherwise timeouts would let more than `max` recognitions share 2 cores); a call
 * still queued at its deadline, or whose caller has gone (`signal`), leaves the queue and never runs.
 */
import { OcrError } from "./errors.mjs";

/** @param {number} max */
export function createLimiter(max) {
  let active = 0;
  const queue = [];

  function startNext() {
    while (active < max && queue.length > 0) {
      const job = queue.shift();
      if (job.expired) continue;
      active++;
      job.start();
    }
  }

  /**
   * @template T @param {() => Promise<T>} task @param {number} timeoutMs @param {AbortSignal} [signal]
   * @returns {Promise<T>}
   */
  function run(task, timeoutMs, signal) {
    return new Promise((resolve, reject) => {
      const job = { expired: false, start: () => {} };
      const expire = () => {
        job.expired = true;
        reject(new OcrError("TIMEOUT"));
      };
      const timer = setTimeout(expire, timeoutMs);
      signal?.addEventListener("abort", () => {
        if (job.expired || !queue.includes(job)) return;
        clearTimeout(timer);
        expire();
      });
      job.start = () => {
        task()
          .then(resolve, reject)
          .finally(() => {
            clearTimeout(timer);
            active--;
            startNext();
          });
      };
      queue.push(job);
      startNext();
    });
  }

  return { run, stats: () => ({ active, queued: queue.filter((j) => !j.expired).length }) };
}
