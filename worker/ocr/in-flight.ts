/**
 * @module One run per key at a time in an isolate ("single flight"), bounded. A queue batch runs its
 * messages at once and registrations often carry the same scan: the second asker for a file joins the
 * first one's call instead of making its own, which the R2 cache cannot prevent (it only has the answer
 * once the first call has finished).
 *
 * Only promises of plain data are shared (never a Response or a stream, which belong to the request
 * that made them). A joiner may be in another request's context (another batch of the same isolate):
 * workerd settles it there, and callers bound their wait in case the first request is cancelled.
 */

export interface Flight<T> {
  result: Promise<T>;
  /** True when the caller joined a run another caller had started. */
  joined: boolean;
}

export class InFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  /** @param limit keys tracked at most; past it a new key runs unshared (never waits for room, never evicts a run). */
  constructor(readonly limit: number) {}

  /** Keys being run now. */
  get size(): number {
    return this.#running.size;
  }

  run(key: string, work: () => Promise<T>): Flight<T> {
    const running = this.#running.get(key);
    if (running) return { result: running, joined: true };
    const result = work();
    if (this.#running.size >= this.limit) return { result, joined: false };
    this.#running.set(key, result);
    const forget = () => {
      if (this.#running.get(key) === result) this.#running.delete(key);
    };
    result.then(forget, forget);
    return { result, joined: false };
  }
}
