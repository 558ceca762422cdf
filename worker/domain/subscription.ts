/**
 * @module Plan periods: a subscription grants its plan's allowance once per month of its term
 * (an annual subscription: twelve monthly periods), each period its own bucket.
 */
import { addMonths } from "../lib/time";

export type Cycle = "monthly" | "annual";

export const CYCLE_MONTHS: Record<Cycle, number> = { monthly: 1, annual: 12 };
/** A hand-set endsAt far away still yields a bounded number of buckets. */
export const MAX_PERIODS = 120;

export function defaultEnd(startsAt: number, cycle: Cycle): number {
  return addMonths(startsAt, CYCLE_MONTHS[cycle]);
}

/** Consecutive monthly periods [start, end) covering [startsAt, endsAt). */
export function planPeriods(startsAt: number, endsAt: number): Array<{ start: number; end: number }> {
  const periods: Array<{ start: number; end: number }> = [];
  for (let k = 0; k < MAX_PERIODS; k++) {
    const start = addMonths(startsAt, k);
    if (start >= endsAt) break;
    periods.push({ start, end: Math.min(addMonths(startsAt, k + 1), endsAt) });
  }
  return periods;
}

/** End of the period that contains `now`, or the subscription's end when none does. */
export function periodEndAt(startsAt: number, endsAt: number, now: number): number {
  return planPeriods(startsAt, endsAt).find((p) => p.start <= now && now < p.end)?.end ?? endsAt;
}
