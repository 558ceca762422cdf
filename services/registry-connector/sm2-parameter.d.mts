/** Types of sm2-parameter.mjs, for TypeScript callers (test/node/registry-connector.*). */
export function isPublicKey(hex: unknown): boolean;
export function encryptParameter(value: string, publicKeyHex: string): Uint8Array;
export function decryptParameter(ascii: Uint8Array, privateKeyHex: string): string | null;
export function generateKeyPair(): { publicKey: string; privateKey: string };
