/** Types of sm2-decrypt.mjs, for TypeScript callers (the tests). */
export function decryptParameter(ascii: Uint8Array, privateKeyHex: string): string | null;
export function generateKeyPair(): { publicKey: string; privateKey: string };
