/** @module Time rendering: the API speaks ISO 8601 with the Beijing offset (+08:00). */

const BEIJING_OFFSET_MS = 8 * 3600_000;

/** 1700000000000 → "2023-11-15T06:13:20.000+08:00" */
export function toIso(ms: number): string {
  const shifted = new Date(ms + BEIJING_OFFSET_MS).toISOString();
  return `${shifted.slice(0, -1)}+08:00`;
}

export function toIsoOrUndefined(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined ? undefined : toIso(ms);
}

/** Beijing calendar parts of an instant. */
export function beijingParts(ms: number): { year: number; month: number; day: number } {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Epoch ms of 00:00 Beijing time on the given Beijing calendar day (month may overflow either way). */
export function beijingMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - BEIJING_OFFSET_MS;
}

/**
 * Adds calendar months the way people count them: Jan 31 + 1 month = Feb 28/29 (clamped to the
 * month's last day), never spilling into the month after.
 */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const targetMonthIndex = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(targetMonthIndex / 12);
  const month = ((targetMonthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** Parses an ISO 8601 timestamp that carries an offset (or Z); anything else is null. */
export function parseIsoWithOffset(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Start of the query history window: 00:00 Beijing time of today minus `months` calendar months
 * (a day the shorter month lacks clamps to its last day), the boundary day included.
 */
export function historyWindowStart(now: number, months = 6): number {
  const today = beijingParts(now);
  const firstOfMonth = Date.UTC(today.year, today.month - 1 - months, 1);
  const d = new Date(firstOfMonth);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return beijingMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, Math.min(today.day, lastDay));
}
