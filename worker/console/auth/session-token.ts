/**
 * @module Console session and invitation tokens: 32 random bytes (256 bits), base64url. Only their
 * SHA-256 is stored. The CSRF token is derived from the session token (SHA-256 over a label and the
 * token): the server recomputes it from the cookie on every request, nothing more is stored, and it
 * cannot be made without the cookie's value, which scripts never see (HttpOnly).
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { secretsEqual, sha256Hex } from "../../lib/crypto";

const TOKEN_BYTES = 32;
/** A token as the browser sends it: base64url of 32 bytes. Anything else is refused unread. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

export async function csrfTokenOf(sessionToken: string): Promise<string> {
  return sha256Hex(`console-csrf\u0000${sessionToken}`);
}

export async function csrfTokenValid(sessionToken: string, sent: string | undefined): Promise<boolean> {
  if (!sent) return false;
  return secretsEqual(sent, await csrfTokenOf(sessionToken));
}
