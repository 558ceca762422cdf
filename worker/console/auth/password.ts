/**
 * @module Password hashing (console-api.md, Session): PBKDF2-SHA256 through WebCrypto, with the most
 * iterations the Workers runtime accepts (100,000: workerd refuses more) and a 16-byte random salt
 * per password. Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64), so the iteration count
 * can rise later without breaking old hashes. Verification compares in constant time.
 */
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { folded, guessability, personalWords, type PersonalWords } from "./password-strength";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

/**
 * Whether the password matches the stored hash. With no stored hash (unknown email, invited user) it
 * still derives once against a fixed salt and answers false: the same work, so about the same time.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  const [scheme, iterations, salt, hash] = parts;
  if (parts.length !== 4 || scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) {
    await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
    return false;
  }
  const expected = decodeBase64(hash);
  const actual = await derive(password, decodeBase64(salt), Number(iterations));
  return expected.length === actual.length && crypto.subtle.timingSafeEqual(expected, actual);
}

/**
 * Why a new password is refused (console-api.md: at least 12 characters, not the email, not common
 * or easy to guess: password-strength.ts), or null. The person's own words (their email, their name,
 * the account's name) are refused outright and given to the estimator as words to avoid: a colleague
 * or a guesser knows them first.
 */
export async function passwordWeakness(password: string, person: PersonalWords): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `At least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `At most ${MAX_PASSWORD_LENGTH} characters.`;
  const plain = folded(password);
  const address = person.email.toLowerCase();
  if (plain === folded(address) || plain === folded(address.split("@")[0] ?? "")) return "The password must not be the email address.";
  if (person.name && plain === folded(person.name)) return "The password must not be your name.";
  if (person.accountName && plain === folded(person.accountName)) return "The password must not be the account's name.";
  return guessability(password, personalWords(person));
}
