/**
 * @module The second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1 as authenticator apps
 * expect) through @oslojs/otp. A code of the previous or next step is accepted (clock drift, §5.2);
 * which step matched is returned, so that a code is accepted once (the caller keeps the last step).
 */
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now whose codes are accepted. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
const ISSUER = "Registry Check";

/** A new secret, base32 (what apps take when typed in by hand). */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** The otpauth:// URI an authenticator app reads (as a QR code or a link). */
export function totpUri(secret: string, email: string): string {
  return createTOTPKeyURI(ISSUER, email, decodeBase32IgnorePadding(secret), PERIOD_S, DIGITS);
}

/** The time step (RFC 6238's T) of an instant. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / PERIOD_S);
}

/** The step whose code `code` is, among now's and its neighbours'; null when none. Every candidate is compared, in constant time. */
export function matchingTotpStep(secret: string, code: string, now: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const given = new TextEncoder().encode(code);
  let matched: number | null = null;
  for (let step = totpStep(now) - DRIFT_STEPS; step <= totpStep(now) + DRIFT_STEPS; step++) {
    // Both sides are six ASCII digits: equal lengths, as timingSafeEqual requires.
    if (crypto.subtle.timingSafeEqual(new TextEncoder().encode(generateHOTP(key, BigInt(step), DIGITS)), given)) matched = step;
  }
  return matched;
}
