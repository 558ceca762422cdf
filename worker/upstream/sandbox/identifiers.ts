/**
 * @module Identifiers the sandbox prints on certificates, with valid check characters so that the rest
 * of the service (and anyone reading a generated certificate) can validate them:
 * unified social credit codes (GB 32100-2015), organisation codes (GB 11714-1997) and resident identity
 * numbers (GB 11643-1999).
 */
import type { Rng } from "./prng";

/** GB 32100-2015 §4.2: the 31 characters of a credit code (no I, O, S, V, Z). */
const USCC_CHARSET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** GB 32100-2015 §5: check character over the first 17 characters. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARSET.indexOf(first17.charAt(i)) * (USCC_WEIGHTS[i] ?? 0);
  return USCC_CHARSET.charAt((31 - (sum % 31)) % 31);
}

export function isValidCreditCode(code: string): boolean {
  return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}

/** GB 11714-1997: check character of the 9-character organisation code. */
export function organizationCodeCheckChar(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += parseInt(first8.charAt(i), 36) * (ORG_WEIGHTS[i] ?? 0);
  const c = 11 - (sum % 11);
  return c === 10 ? "X" : c === 11 ? "0" : String(c);
}

/** GB 11643-1999: check character of an 18-digit resident identity number. */
export function identityNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17.charAt(i)) * (ID_WEIGHTS[i] ?? 0);
  return "10X98765432".charAt(sum % 11);
}

export function isValidIdentityNumber(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && identityNumberCheckChar(id.slice(0, 17)) === id.charAt(17);
}

/** A credit code: authority 9 (市场监管) / 5 (民政) / 1 (机构编制), admin division, organisation code, check. */
export function makeCreditCode(rng: Rng, divisionCode: string, authority: "9" | "1" | "5" = "9"): string {
  const category = authority === "9" ? "1" : authority === "1" ? "2" : "3";
  const org = makeOrganizationCode(rng);
  const first17 = `${authority}${category}${divisionCode}${org}`;
  return first17 + creditCodeCheckChar(first17);
}

export function makeOrganizationCode(rng: Rng): string {
  let first8 = "";
  for (let i = 0; i < 8; i++) first8 += rng.chance(0.15) ? rng.pick([..."ABCDEFGHJKLMNPQRTUWXY"]) : String(rng.int(0, 9));
  return first8 + organizationCodeCheckChar(first8);
}

export function makeIdentityNumber(rng: Rng, divisionCode: string): string {
  const year = rng.int(1960, 2000);
  const month = String(rng.int(1, 12)).padStart(2, "0");
  const day = String(rng.int(1, 28)).padStart(2, "0");
  const first17 = `${divisionCode}${year}${month}${day}${rng.digits(3)}`;
  return first17 + identityNumberCheckChar(first17);
}

/** GS 15-2006: check digit of a 15-digit business registration number (ISO 7064 MOD 11-10). */
export function registrationNumberCheckDigit(first14: string): string {
  let p = 10;
  for (let i = 0; i < 14; i++) {
    const s = (p + Number(first14.charAt(i))) % 10 || 10;
    p = (2 * s) % 11;
  }
  return String((11 - p) % 10);
}

/** ISO 17442: the two check digits of a Legal Entity Identifier (ISO 7064 MOD 97-10). */
export function leiCheckDigits(first18: string): string {
  let rest = 0;
  for (const ch of `${first18}00`) {
    const value = parseInt(ch, 36);
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return String(98 - rest).padStart(2, "0");
}

/** The organisation code embedded in a credit code (characters 9 to 17). */
export function organizationCodeOf(creditCode: string): string {
  return creditCode.slice(8, 17);
}
