/**
 * @module At most `max` recognitions at once, the rest queued in arrival order, each with a deadline.
 * The engine cannot be interrupted, so a call that times out while running keeps its slot until it
 * really finishes (otherwise timeouts would let more than `max` recognitions share 2 cores); a call
 * still queued at its deadline, or whose caller has gone (`signal`), leaves the queue and never runs.
 * It also says how long a call still has to wait (`remainingMs`), from the mean time a call has run:
 * the server turns that into Retry-After, so a caller comes back when its answer is likely ready
 * instead of at a blind backoff.
 */
import { OcrError } from "./errors.mjs";

/** How much each finished call moves the mean run time (an exponential moving average). */
const MEAN_WEIGHT = 0.2;

/** @param {number} max @param {{initialMeanMs?: number}} [options] `initialMeanMs`: the guess before any call has finished */
export function createLimiter(max, { initialMeanMs = 2_000 } = {}) {
  let active = 0;
  let meanMs = initialMeanMs;
  const queue = [];
  /** The job behind each promise `run` returned: its place in the queue, or when it started. */
  const jobs = new WeakMap();

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
    const job = { expired: false, startedAt: null, start: () => {} };
    const promise = new Promise((resolve, reject) => {
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
        job.startedAt = performance.now();
        task()
          .then(resolve, reject)
          .finally(() => {
            clearTimeout(timer);
            meanMs += MEAN_WEIGHT * (performance.now() - job.startedAt - meanMs);
            active--;
            startNext();
          });
      };
      queue.push(job);
      startNext();
    });
    jobs.set(promise, job);
    return promise;
  }

  /**
   * About how long until the call `promise` (from `run`) is done: what its own run has left if it
   * runs, else the calls ahead of it and its own, spread over the `max` slots. 0 when it is not known.
   */
  function remainingMs(promise) {
    const job = jobs.get(promise);
    if (!job || job.expired) return 0;
    if (job.startedAt !== null) return Math.max(0, meanMs - (performance.now() - job.startedAt));
    return (aheadOf(job) / max + 1) * meanMs;
  }

  /** Live calls queued before `job`, and the running ones. */
  function aheadOf(job) {
    let ahead = active;
    for (const j of queue) {
      if (j === job) break;
      if (!j.expired) ahead++;
    }
    return ahead;
  }

  /** Calls waiting that will still run. */
  const queued = () => queue.filter((j) => !j.expired).length;

  /** About how long a call queued now would wait and run: everything live, spread over the slots. */
  function backlogMs() {
    return ((active + queued()) / max + 1) * meanMs;
  }

  return { run, remainingMs, backlogMs, stats: () => ({ active, queued: queued() }) };
}
