/**
 * @module At most N logged-in registry sessions (the Worker's UPSTREAM_SLOTS: it never asks for more
 * at once), adapting to what the registry turns out to allow. A session is one login, reused for every
 * later call; its token and the token's ciphertext are kept (the registry's client encrypts the token
 * once, too). A call that finds every session busy waits its turn for a while, then answers busy.
 *
 * What nobody has told us (docs/registry-connector.md, "Unknowns"), and how the pool adapts:
 * - Whether an account may hold several sessions. The pool starts with one and tries a second only
 *   when calls queue; it grows to N once an older token is seen to work after a later login ("several").
 *   When a token is found spent after a later login of ours and a new login cures it, a login spends
 *   the account's other tokens ("one"): from then on the pool holds one session.
 * - Logins that succeed but whose token is refused at once (a persistent "token spent"): the next
 *   renewal waits, doubling from `backoffMs` up to `maxBackoffMs`, instead of one login per attempt.
 * - A refused login: no login for `refusedCooldownMs` (a wrong password retried at queue speed could
 *   lock the account).
 */

/** @typedef {{serial?: number, goodAfter?: number, leasedAfter?: number}} Session */

export class SessionPool {
  #idle = [];
  #count = 0;
  #waiters = [];
  #several = false;
  #onlyOne = false;
  #started = 0;
  #completed = 0;
  #refusedUntil = 0;
  #backoffUntil = 0;
  #spentStreak = 0;

  /**
   * @param {{size: number, login: () => Promise<{ok: true, session: Session} | {ok: false, outcome: string}>,
   *   waitMs: number, refusedCooldownMs: number, backoffMs?: number, maxBackoffMs?: number,
   *   log?: (line: string) => void, now?: () => number}} options
   */
  constructor(options) {
    this.options = options;
  }

  get size() {
    return this.#count;
  }

  /** What the pool has learned of the registry: "several" sessions per account, "one", or "unknown". */
  get behaviour() {
    return this.#onlyOne ? "one" : this.#several ? "several" : "unknown";
  }

  /** How many sessions it may hold now: 1 when the registry keeps one, 2 until it is known to keep several. */
  #cap() {
    if (this.#onlyOne) return 1;
    return this.#several ? this.options.size : Math.min(2, this.options.size);
  }

  #now() {
    return (this.options.now ?? Date.now)();
  }

  #log(line) {
    this.options.log?.(line);
  }

  /** A session to use, or the outcome that stops the call (busy, refused, or a login's fault). */
  async acquire() {
    const idle = this.#idle.pop();
    if (idle) return this.#lease(idle);
    if (this.#count < this.#cap()) {
      this.#count++;
      const made = await this.#login();
      if (!made.ok) this.#count--;
      return made.ok ? this.#lease(made.session) : made;
    }
    return new Promise((resolve) => {
      const waiter = { resolve, timer: setTimeout(() => this.#giveUp(waiter), this.options.waitMs) };
      this.#waiters.push(waiter);
    });
  }

  /** Marks the start of a call: which of our logins had completed then (evidence for the session behaviour). */
  #lease(session) {
    session.leasedAfter = this.#completed;
    return { ok: true, session };
  }

  /**
   * A new login in place of a session whose call faulted. Refused while logins back off (outcome
   * `backoff`: the fault stands) or during a refused login's cool-down.
   */
  async renew() {
    if (this.#now() < this.#backoffUntil) return { ok: false, outcome: "backoff" };
    const made = await this.#login();
    return made.ok ? this.#lease(made.session) : made;
  }

  async #login() {
    if (this.#now() < this.#refusedUntil) return { ok: false, outcome: "refused" };
    const serial = ++this.#started;
    const made = await this.options.login();
    if (!made.ok) {
      if (made.outcome === "refused") this.#refusedUntil = this.#now() + this.options.refusedCooldownMs;
      return made;
    }
    this.#completed = Math.max(this.#completed, serial);
    made.session.serial = serial;
    made.session.goodAfter = serial;
    return made;
  }

  /** A call with `session` succeeded: its token works, and maybe that proves the account keeps several. */
  succeeded(session) {
    this.#spentStreak = 0;
    if (!this.#several && !this.#onlyOne && session.leasedAfter > session.serial) {
      this.#several = true;
      this.#log(`registry sessions: a token still worked after a later login: the account keeps several sessions (up to ${this.options.size})`);
    }
    session.goodAfter = Math.max(session.goodAfter, session.leasedAfter);
  }

  /**
   * `spent`'s call faulted and a new login cured it. When one of our logins completed after the token was
   * last seen to work, that login spent it: the registry keeps one session per account.
   */
  cured(spent) {
    if (this.#several || this.#onlyOne || !(spent.leasedAfter > spent.goodAfter)) return;
    this.#onlyOne = true;
    this.#log(
      "registry sessions: a login spent the account's other token: the registry keeps one session per account; holding one session from now on (set CONNECTOR_SESSIONS=1 and the Worker's UPSTREAM_SLOTS=1)",
    );
    this.#trim();
  }

  /** A fresh token's call faulted as a spent token would: the next renewal waits, doubling each time. */
  spentAtOnce() {
    this.#spentStreak++;
    const base = this.options.backoffMs ?? 5_000;
    const wait = Math.min(base * 2 ** (this.#spentStreak - 1), this.options.maxBackoffMs ?? 300_000);
    this.#backoffUntil = this.#now() + wait;
    this.#log(`registry sessions: a new login's token failed at once (${this.#spentStreak} in a row): no new login for ${Math.ceil(wait / 1000)} s`);
  }

  /** Hands a session back: to the next waiter, else to the idle list; beyond the cap the oldest goes. */
  release(session) {
    this.#idle.push(session);
    this.#trim();
    if (!this.#idle.includes(session)) return;
    const waiter = this.#waiters.shift();
    if (!waiter) return;
    this.#idle = this.#idle.filter((s) => s !== session);
    clearTimeout(waiter.timer);
    waiter.resolve(this.#lease(session));
  }

  /** Over the cap (the registry keeps fewer sessions than we hold): drop idle sessions, oldest login first. */
  #trim() {
    // Newest last: acquire() takes the newest token (under one session per account, the only live one).
    this.#idle.sort((a, b) => a.serial - b.serial);
    while (this.#count > this.#cap() && this.#idle.length > 0) {
      this.#idle.shift();
      this.#count--;
    }
  }

  /** A session that cannot be used again (its renewal failed): its place is free for a new one. */
  discard() {
    this.#count--;
    const waiter = this.#waiters.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.#count++;
    this.#login().then((made) => {
      if (!made.ok) this.#count--;
      waiter.resolve(made.ok ? this.#lease(made.session) : made);
    });
  }

  #giveUp(waiter) {
    this.#waiters = this.#waiters.filter((w) => w !== waiter);
    waiter.resolve({ ok: false, outcome: "busy" });
  }
}
