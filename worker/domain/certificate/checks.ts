/**
 * @module Checks of a value's own kind, run before it is emitted: an identifier's check character, a
 * date on the calendar, a term that agrees with its dates, no label text inside a value. A value that fails
 * is not emitted (the caller records what was read in a ParseIssue): a wrong value a lender trusts is
 * worse than none.
 */
import { isValidIdentityNumber } from "../identity-number";
import { LABEL_ENTRIES } from "./labels";

/** GB 32100-2015: the 31 characters of a unified social credit code and the weights of its check. */
const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function isUnifiedSocialCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(code[i] ?? "") * (USCC_WEIGHTS[i] ?? 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/** GB 11714-1997: an organisation code, eight characters and a check character (often after a hyphen). */
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

export function isOrganizationCode(code: string): boolean {
  const m = /^([0-9A-Z]{8})-?([0-9X])$/.exec(code);
  if (!m) return false;
  const body = m[1] ?? "";
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += parseInt(body[i] ?? "0", 36) * (ORG_WEIGHTS[i] ?? 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? "X" : check === 11 ? "0" : String(check)) === m[2];
}

/** GB 11643-1999: a resident identity number, its birth date and its check character. */
export function isIdentityNumber(code: string): boolean {
  return isValidIdentityNumber(code.toUpperCase());
}

/** ISO 17442: a Legal Entity Identifier, 18 characters and two check digits (ISO 7064 MOD 97-10). */
export function isLei(code: string): boolean {
  if (!/^[0-9A-Z]{18}\d{2}$/.test(code)) return false;
  let rest = 0;
  for (const ch of code) {
    const value = parseInt(ch, 36);
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/** GS 15 (before 2015): a 15-digit business registration number, its check digit over ISO 7064 MOD 11-10. */
export function isBusinessRegistrationNumber(code: string): boolean {
  if (!/^\d{15}$/.test(code)) return false;
  let p = 10;
  for (let i = 0; i < 14; i++) {
    const s = (p + Number(code[i])) % 10 || 10;
    p = (2 * s) % 11;
  }
  return (11 - p) % 10 === Number(code[14]);
}

/** A financial institution code (JR/T 0124): a letter, then 13 or 14 letters and digits ("B0107B244030001"). */
export function isFinancialInstitutionCode(code: string): boolean {
  return /^[A-Z][0-9A-Z]{13,14}$/.test(code) && /\d{6}/.test(code);
}

/** A yyyy-MM-dd that is a day of the calendar, between 1990 and 2200 (the registry's lifetime). */
export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const back = new Date(Date.UTC(year, month - 1, day));
  return year >= 1990 && year <= 2200 && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
}

/** A yyyy-MM-ddTHH:mm:ss… whose day and time of day exist. */
export function isClockTime(time: string): boolean {
  const m = /T(\d{2}):(\d{2}):(\d{2})/.exec(time);
  return isCalendarDate(time) && m !== null && Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3]) < 60;
}

const DAY_MS = 86_400_000;

/**
 * A term that agrees with its dates: the expiry is the start plus the months, or the day before (the
 * registry's own certificates: 2017-06-26 + 24 months expires 2019-06-25), a day either way.
 */
export function termAgrees(startTime: string, months: number, expiresAt: string): boolean {
  const start = /^(\d{4})-(\d{2})-(\d{2})/.exec(startTime);
  const end = /^(\d{4})-(\d{2})-(\d{2})/.exec(expiresAt);
  if (!start || !end) return false;
  const due = Date.UTC(Number(start[1]), Number(start[2]) - 1 + months, Number(start[3]));
  const expiry = Date.UTC(Number(end[1]), Number(end[2]) - 1, Number(end[3]));
  return Math.abs(expiry - due) <= DAY_MS * 2;
}

/**
 * Label text a value must never hold: every label of four characters or more, and every five characters
 * of a longer one (a wrapped label's piece, "一社会信用代"), without role prefixes.
 */
const LABEL_WORDS: readonly string[] = [
  ...new Set(
    LABEL_ENTRIES.filter((e) => e.roleHeading === null && !/[A-Za-z]/.test(e.label)).flatMap((e) => {
      const label = e.label.replace(/[（(][^）)]*[)）]/g, "");
      if (label.length < 4) return [];
      if (label.length < 6) return [label];
      return [...label].slice(0, label.length - 4).map((_, i) => label.slice(i, i + 5));
    }),
  ),
];

/** The label text inside a value, if any ("北京银行股份有限公司深圳分行工商注册号/统" holds 工商注册号). */
export function labelTextIn(value: string): string | null {
  const text = value.replace(/\s/g, "");
  return LABEL_WORDS.find((w) => text.includes(w)) ?? null;
}
