/**
 * @module The isolate's side of ordinary-request leases (worker/domain/rate-limit.ts, "Leases"): per
 * account, the units the AccountGate lent this isolate, spent one per ordinary request with no call;
 * when they run out or their time ends, one call returns them and asks for more (requests of the
 * account that arrive meanwhile wait for that one answer instead of calling too). A refusal is never
 * kept: the next request asks the gate again, as it would without leases.
 */
import {
  type Admission,
  type LeaseAnswer,
  MAX_LEASE_UNITS,
  ORDINARY_LEASE_MARGIN_MS,
  ORDINARY_LEASE_MS,
  type ReturnedLease,
} from "../domain/rate-limit";

/** Asks the account's gate for a lease, the previous one returned (AccountGate.leaseOrdinary). */
export type AskLease = (want: number, returned: ReturnedLease | undefined) => Promise<LeaseAnswer>;

interface Held {
  granted: number;
  used: number;
  reservedAt: number;
  /** By this isolate's clock: no unit is used at or after it. */
  usableUntil: number;
  /** The gate's remaining units when it lent these (these excluded). */
  gateRemaining: number;
  resetAt: number;
}

/** Accounts whose lease an isolate keeps; past it the oldest is dropped (its units stay counted: never more). */
const MAX_ACCOUNTS = 10_000;

export class OrdinaryLeases {
  private readonly held = new Map<string, Held>();
  private readonly asking = new Map<string, Promise<LeaseAnswer>>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Counts one ordinary request of the account: from its lease, or from a new one. */
  async admit(accountId: string, ask: AskLease): Promise<Admission> {
    for (;;) {
      const spent = this.spend(accountId);
      if (spent) return spent;
      let pending = this.asking.get(accountId);
      if (!pending) {
        const asked = this.renew(accountId, ask);
        const done = () => this.asking.get(accountId) === asked && this.asking.delete(accountId);
        asked.then(done, done);
        this.asking.set(accountId, asked);
        pending = asked;
      }
      const answer = await pending;
      // A refusal answers every request that waited for it: they arrived while the gate decided.
      if (!answer.ok) return answer;
    }
  }

  private spend(accountId: string): Admission | undefined {
    const lease = this.held.get(accountId);
    const now = this.clock();
    if (!lease || lease.used >= lease.granted || now >= lease.usableUntil) return undefined;
    lease.used++;
    const remaining = lease.gateRemaining + lease.granted - lease.used;
    return { ok: true, window: { rateClass: "other", remaining, resetSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)) } };
  }

  private async renew(accountId: string, ask: AskLease): Promise<LeaseAnswer> {
    const previous = this.held.get(accountId);
    // From here on nothing is spent from the previous lease: what it used is final when it is returned.
    this.held.delete(accountId);
    const returned = previous && { reservedAt: previous.reservedAt, granted: previous.granted, used: previous.used };
    // Twice what the last lease served (a client speeding up, or a burst waiting), or one.
    const want = Math.min(MAX_LEASE_UNITS, Math.max(1, 2 * (previous?.used ?? 0)));
    // Taken before the call: the gate's reservation (its clock at its end of the call + the lease) is never earlier.
    const askedAt = this.clock();
    const answer = await ask(want, returned);
    if (answer.ok) {
      const now = this.clock();
      this.held.set(accountId, {
        granted: answer.granted,
        used: 0,
        reservedAt: answer.reservedAt,
        usableUntil: askedAt + ORDINARY_LEASE_MS - ORDINARY_LEASE_MARGIN_MS,
        gateRemaining: answer.window.remaining,
        resetAt: now + answer.window.resetSeconds * 1000,
      });
      while (this.held.size > MAX_ACCOUNTS) {
        const oldest = this.held.keys().next().value;
        if (oldest === undefined) break;
        this.held.delete(oldest);
      }
    }
    return answer;
  }
}
