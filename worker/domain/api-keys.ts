/**
 * @module API key format: a versioned prefix plus 24 random bytes (base62), so a leaked key is
 * recognisable and the secret has ≥ 128 bits. Only its SHA-256 is stored, with a display prefix.
 */
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const KEY_PREFIX = "rk_v1_";
const SECRET_LENGTH = 32;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9a-zA-Z]{${SECRET_LENGTH}}$`);
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 6;
export const MAX_VALID_KEYS = 3;
export const DEFAULT_KEY_VALIDITY_MS = 365 * 24 * 3600_000;

export function generateApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRET_LENGTH));
  let secret = "";
  // 62 does not divide 256; the bias of `% 62` (≤ 1/256 per char) is irrelevant at 190 bits.
  for (const b of bytes) secret += ALPHABET[b % ALPHABET.length];
  return KEY_PREFIX + secret;
}

/** Malformed keys are refused before any lookup, with the same 401 as unknown ones. */
export function isWellFormedKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
