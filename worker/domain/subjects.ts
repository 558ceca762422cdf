/**
 * @module Subject normalisation (open-api-v1.md, General rules). An enterprise name and an 18-digit
 * identity number are subjects; anything that looks like a personal document number but is not a
 * valid 18-digit number (15-digit numbers, passports, bad check digits) is refused, and refuses
 * the whole batch: there is no fallback to an enterprise query.
 */
import { isValidIdentityNumber } from "./identity-number";

export type SubjectKind = "enterprise" | "person";

export type NormalisedSubject =
  { ok: true; kind: SubjectKind; name: string } | { ok: false; reason: "invalid_identity_number" | "unsupported_document" };

const CJK = "\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef()";
const SPACE_NEXT_TO_CJK = new RegExp(`\\s+(?=[${CJK}])|(?<=[${CJK}])\\s+`, "gu");

/** Full-width forms folded (NFKC), whitespace runs folded to one space, none next to Chinese text. */
export function normaliseEnterpriseName(raw: string): string {
  return raw.normalize("NFKC").replace(/\s+/gu, " ").trim().replace(SPACE_NEXT_TO_CJK, "");
}

export function normaliseSubject(raw: string, now: number = Date.now()): NormalisedSubject {
  const compact = raw.normalize("NFKC").replace(/\s+/gu, "").toUpperCase();
  if (/^\d{17}[\dX]$/.test(compact))
    return isValidIdentityNumber(compact, now) ? { ok: true, kind: "person", name: compact } : { ok: false, reason: "invalid_identity_number" };
  // Digits only (any length ≥ 6, with or without a final X): an identity-number attempt, 15-digit ones included.
  if (/^\d{6,}X?$/.test(compact)) return { ok: false, reason: compact.length === 15 ? "unsupported_document" : "invalid_identity_number" };
  // Passports, Hong Kong / Macau / Taiwan permits: a letter or two and 7–10 digits.
  if (/^[A-Z]{1,2}\d{7,10}$/.test(compact)) return { ok: false, reason: "unsupported_document" };
  return { ok: true, kind: "enterprise", name: normaliseEnterpriseName(raw) };
}
