/**
 * @module The isolate's side of ordinary-request leases (worker/domain/rate-limit.ts, "Leases"): per
 * account, the units the AccountGate lent this isolate, spent one per ordinary request with no call.
 * A request that finds none left asks the gate itself (one call, as it would without leases), giving
 * back the account's spent leases with it; a refusal is never kept. No request waits on another's
 * call: workerd lets a request do I/O only in its own context, so each asks with its own gate stub.
 */
import {
  type Admission,
  type LeaseAnswer,
  MAX_LEASE_UNITS,
  ORDINARY_LEASE_MARGIN_MS,
  ORDINARY_LEASE_MS,
  type ReturnedLease,
} from "../domain/rate-limit";

/** Asks the account's gate for a lease, spent ones returned (AccountGate.leaseOrdinary). */
export type AskLease = (want: number, returned: readonly ReturnedLease[]) => Promise<LeaseAnswer>;

interface Held {
  granted: number;
  used: number;
  reservedAt: number;
  /** By this isolate's clock: no unit is spent at or after it. */
  usableUntil: number;
  /** The gate's remaining units when it lent these (these excluded). */
  gateRemaining: number;
  resetAt: number;
}

/** Accounts whose leases an isolate keeps; past it the oldest are dropped (their units stay counted: never more). */
const MAX_ACCOUNTS = 10_000;

export class OrdinaryLeases {
  /** Per account, its leases in the order they came (two requests that asked at once bring two). */
  private readonly held = new Map<string, Held[]>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Counts one ordinary request of the account: from a lease it holds, or from a new one. */
  async admit(accountId: string, ask: AskLease): Promise<Admission> {
    const spent = this.spend(accountId);
    if (spent) return spent;
    const leases = this.held.get(accountId) ?? [];
    // Spent or ended leases go back with the ask; from here on nothing is spent from them.
    const done = leases.filter((lease) => !this.usable(lease, this.clock()));
    const returned = done.map(({ reservedAt, granted, used }) => ({ reservedAt, granted, used }));
    this.keep(
      accountId,
      leases.filter((lease) => !done.includes(lease)),
    );
    // Twice what the returned leases served (a client speeding up), or one; this request takes one of them.
    const want = Math.min(MAX_LEASE_UNITS, Math.max(1, 2 * done.reduce((sum, lease) => sum + lease.used, 0)));
    // Taken before the call: the gate's reservation (its clock when it decides, + the lease) is never earlier.
    const askedAt = this.clock();
    const answer = await ask(want, returned);
    if (!answer.ok) return answer;
    const lease: Held = {
      granted: answer.granted,
      used: 1,
      reservedAt: answer.reservedAt,
      usableUntil: askedAt + ORDINARY_LEASE_MS - ORDINARY_LEASE_MARGIN_MS,
      gateRemaining: answer.window.remaining,
      resetAt: this.clock() + answer.window.resetSeconds * 1000,
    };
    this.keep(accountId, [...(this.held.get(accountId) ?? []), lease]);
    return { ok: true, window: { ...answer.window, remaining: this.remaining(accountId, lease.gateRemaining) } };
  }

  private usable(lease: Held, now: number): boolean {
    return lease.used < lease.granted && now < lease.usableUntil;
  }

  private spend(accountId: string): Admission | undefined {
    const now = this.clock();
    const lease = this.held.get(accountId)?.find((l) => this.usable(l, now));
    if (!lease) return undefined;
    lease.used++;
    const resetSeconds = Math.max(1, Math.ceil((lease.resetAt - now) / 1000));
    const gateRemaining = Math.min(...(this.held.get(accountId) ?? [lease]).map((l) => l.gateRemaining));
    return { ok: true, window: { rateClass: "other", remaining: this.remaining(accountId, gateRemaining), resetSeconds } };
  }

  /** What the gate last said it had left, and what this isolate has not spent of its leases. */
  private remaining(accountId: string, gateRemaining: number): number {
    const leases = this.held.get(accountId) ?? [];
    const now = this.clock();
    return gateRemaining + leases.reduce((sum, l) => sum + (this.usable(l, now) ? l.granted - l.used : 0), 0);
  }

  private keep(accountId: string, leases: Held[]): void {
    this.held.delete(accountId);
    if (leases.length > 0) this.held.set(accountId, leases);
    while (this.held.size > MAX_ACCOUNTS) {
      const oldest = this.held.keys().next().value;
      if (oldest === undefined) break;
      this.held.delete(oldest);
    }
  }
}
