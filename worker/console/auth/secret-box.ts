/**
 * @module Secrets the Worker must read back (a user's TOTP secret), kept in D1 only sealed under the
 * deployment's CONSOLE_SECRET_KEY: AES-256-GCM through WebCrypto, a fresh 96-bit IV per seal (NIST SP
 * 800-38D, 8.2.2), and the owner's id as additional data, so a sealed value copied to another row does
 * not open. A sealed value names its key (`v1.<keyId>.<iv>.<ciphertext>`, keyId the first 8 hex digits
 * of the key's SHA-256): during a rotation, values sealed under CONSOLE_SECRET_KEY_PREVIOUS still open,
 * and `stale` says they should be sealed again under the current key (docs/operations.md).
 */
import { decodeBase64, decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { toHex } from "../../lib/crypto";

const VERSION = "v1";
const IV_BYTES = 12;

interface SealingKey {
  id: string;
  key: CryptoKey;
}

export interface SecretKeys {
  current: SealingKey;
  previous: SealingKey | null;
}

const imported = new Map<string, Promise<SealingKey>>();

function importKey(base64: string): Promise<SealingKey> {
  let key = imported.get(base64);
  if (!key) {
    key = (async () => {
      const raw = decodeBase64(base64);
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
      const id = toHex(digest.slice(0, 4));
      return { id, key: await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]) };
    })();
    imported.set(base64, key);
  }
  return key;
}

/** The keys from their base64 settings (checked as 32 bytes by worker/config.ts). */
export async function secretKeys(current: string, previous: string | null): Promise<SecretKeys> {
  return { current: await importKey(current), previous: previous ? await importKey(previous) : null };
}

/** `plaintext` sealed for `owner` (the id of the row it is stored in). */
export async function seal(keys: SecretKeys, plaintext: string, owner: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(owner) },
    keys.current.key,
    new TextEncoder().encode(plaintext),
  );
  return [VERSION, keys.current.id, encodeBase64urlNoPadding(iv), encodeBase64urlNoPadding(new Uint8Array(sealed))].join(".");
}

/**
 * The plaintext of a value sealed for `owner`, and whether it was sealed under the previous key; null
 * when it does not open (another owner, an unknown key, a value altered or not sealed at all).
 */
export async function unseal(keys: SecretKeys, sealed: string, owner: string): Promise<{ plaintext: string; stale: boolean } | null> {
  const [version, keyId, iv, ciphertext, ...rest] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !ciphertext || rest.length > 0) return null;
  const key = [keys.current, keys.previous].find((k) => k?.id === keyId);
  if (!key) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: decodeBase64urlIgnorePadding(iv), additionalData: new TextEncoder().encode(owner) },
      key.key,
      decodeBase64urlIgnorePadding(ciphertext),
    );
    return { plaintext: new TextDecoder().decode(plain), stale: key !== keys.current };
  } catch {
    // Authentication failed (or the encoding was bad): the value does not open, which is the answer.
    return null;
  }
}
