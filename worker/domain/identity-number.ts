/**
 * @module Mainland resident identity numbers (GB 11643-1999): 17 digits (6 region, 8 birth date
 * yyyyMMdd, 3 sequence) and a check character over ISO 7064 MOD 11-2.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = "10X98765432";

export function checkCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARACTERS[sum % 11]!;
}

/** A real calendar date from 1900-01-01 up to today. */
export function isValidBirthDate(yyyymmdd: string, now: number = Date.now()): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = Date.UTC(year, month - 1, day);
  const back = new Date(date);
  return back.getUTCMonth() === month - 1 && back.getUTCDate() === day && date <= now;
}

/** @param value already normalised: 18 characters, digits and an upper-case X last */
export function isValidIdentityNumber(value: string, now: number = Date.now()): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  return isValidBirthDate(value.slice(6, 14), now) && checkCharacter(value.slice(0, 17)) === value[17];
}
