/**
 * @module The second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1 as authenticator apps
 * expect) through @oslojs/otp. A code of the previous or next step is accepted (clock drift).
 */
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from "@oslojs/otp";

const PERIOD_S = 30;
const DIGITS = 6;
const GRACE_S = 30;
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

export function verifyTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return verifyTOTPWithGracePeriod(decodeBase32IgnorePadding(secret), PERIOD_S, DIGITS, code, GRACE_S);
}
