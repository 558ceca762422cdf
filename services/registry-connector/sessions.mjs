/**
 * @module At most N logged-in registry sessions (the Worker's UPSTREAM_SLOTS: it never asks for more
 * at once). A session is made by logging in once and reused for every later call; its token and the
 * token's ciphertext are kept (the registry's client encrypts the token once, too). A call that finds
 * every session busy waits its turn for a while, then answers busy. After a refused login no login is
 * tried for a cool-down: a wrong password retried at queue speed could lock the account.
 */

export class SessionPool {
  #idle = [];
  #count = 0;
  #waiters = [];
  #refusedUntil = 0;

  /**
   * @param {{size: number, login: () => Promise<{ok: true, session: object} | {ok: false, outcome: string}>,
   *   waitMs: number, refusedCooldownMs: number, now?: () => number}} options
   */
  constructor(options) {
    this.options = options;
  }

  get size() {
    return this.#count;
  }

  /** A session to use, or the outcome that stops the call (busy, refused, or a login's fault). */
  async acquire() {
    const idle = this.#idle.pop();
    if (idle) return { ok: true, session: idle };
    if (this.#count < this.options.size) {
      this.#count++;
      const made = await this.login();
      if (!made.ok) this.#count--;
      return made;
    }
    return new Promise((resolve) => {
      const waiter = { resolve, timer: setTimeout(() => this.#giveUp(waiter), this.options.waitMs) };
      this.#waiters.push(waiter);
    });
  }

  /** Logs in for a new or spent session (respecting the refused-login cool-down). */
  async login() {
    const now = (this.options.now ?? Date.now)();
    if (now < this.#refusedUntil) return { ok: false, outcome: "refused" };
    const made = await this.options.login();
    if (!made.ok && made.outcome === "refused") this.#refusedUntil = now + this.options.refusedCooldownMs;
    return made;
  }

  /** Hands a session back: to the next waiter, else to the idle list. */
  release(session) {
    const waiter = this.#waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve({ ok: true, session });
    } else this.#idle.push(session);
  }

  /** A session that cannot be used again (its re-login failed): its place is free for a new one. */
  discard() {
    this.#count--;
    const waiter = this.#waiters.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.#count++;
    this.login().then((made) => {
      if (!made.ok) this.#count--;
      waiter.resolve(made);
    });
  }

  #giveUp(waiter) {
    this.#waiters = this.#waiters.filter((w) => w !== waiter);
    waiter.resolve({ ok: false, outcome: "busy" });
  }
}
