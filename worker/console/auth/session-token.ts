/**
 * @module The console's CSRF token, derived from the session token (worker/lib/secret-token.ts):
 * SHA-256 over a label and the token. The server recomputes it from the cookie on every request,
 * nothing more is stored, and it cannot be made without the cookie's value, which scripts never see
 * (HttpOnly).
 */
import { secretsEqual, sha256Hex } from "../../lib/crypto";

export async function csrfTokenOf(sessionToken: string): Promise<string> {
  return sha256Hex(`console-csrf\u0000${sessionToken}`);
}

export async function csrfTokenValid(sessionToken: string, sent: string | undefined): Promise<boolean> {
  if (!sent) return false;
  return secretsEqual(sent, await csrfTokenOf(sessionToken));
}
