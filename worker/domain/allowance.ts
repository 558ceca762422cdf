/**
 * @module Allowance arithmetic (open-api-v1.md, Account entitlements and Allowance charging). Pure:
 * callers load the effective buckets with their ledger sums.
 */

export type AllowanceKind = "query" | "check";

export interface BucketBalance {
  id: string;
  kind: AllowanceKind;
  amount: number;
  expiresAt: number;
  /** Sum of reserve entries. */
  reservedTotal: number;
  settled: number;
  released: number;
}

export interface Allowance {
  total: number;
  used: number;
  reserved: number;
  retained: number;
  available: number;
}

/** Reserved and neither settled nor released yet. */
export function openReservations(b: BucketBalance): number {
  return b.reservedTotal - b.settled - b.released;
}

export function remaining(b: BucketBalance): number {
  return Math.max(0, b.amount - b.settled - openReservations(b));
}

/**
 * @param buckets effective buckets only (started, not expired)
 * @param usable whether the entitlement allows new tasks of this kind now; available is 0 otherwise
 */
export function summarize(buckets: readonly BucketBalance[], kind: AllowanceKind, usable: boolean): Allowance {
  let total = 0,
    used = 0,
    reserved = 0,
    retained = 0;
  for (const b of buckets) {
    if (b.kind !== kind) continue;
    total += b.amount;
    used += b.settled;
    reserved += openReservations(b);
    retained += remaining(b);
  }
  return { total, used, reserved, retained, available: usable ? retained : 0 };
}

/**
 * Picks a bucket for each of `count` units, soonest-expiring first so that nothing expires unused
 * while later buckets are drawn. Null when the buckets cannot cover all of them.
 */
export function pickBuckets(buckets: readonly BucketBalance[], kind: AllowanceKind, count: number): string[] | null {
  const candidates = buckets
    .filter((b) => b.kind === kind)
    .map((b) => ({ id: b.id, expiresAt: b.expiresAt, left: remaining(b) }))
    .sort((a, b) => a.expiresAt - b.expiresAt || a.id.localeCompare(b.id));
  const picks: string[] = [];
  for (const c of candidates) {
    while (c.left > 0 && picks.length < count) {
      picks.push(c.id);
      c.left--;
    }
  }
  return picks.length === count ? picks : null;
}
