/**
 * @module Secret tokens handed to a browser once (console sessions, invitation links): 32 random bytes
 * (256 bits), base64url. Only their SHA-256 is stored. Below the doors: the management API's
 * invitations mint them as the console's do.
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256Hex } from "./crypto";

const TOKEN_BYTES = 32;
/** A token as the browser sends it: base64url of 32 bytes. Anything else is refused unread. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
